import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const getMuted: OperationDefinition = {
	value: 'getMuted',
	name: 'Get Muted Conversations',
	action: "Get a user's muted conversations",
	description: 'List the conversations a user gets no notifications from, each with when its mute ends (one item each)',
	properties: [preferenceUserField('The user whose muted conversations to list'), ...returnAllOrLimitFields()],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		const { limit } = pageLimitOf(this, itemIndex);
		// One answer holds the whole list (the API has no paging); Limit keeps its first entries.
		const data = await preferencesRequest(this, 'GET', uid, ['mute']);
		const muted = Array.isArray(data.mutedConversations) ? (data.mutedConversations as IDataObject[]) : [];
		return (limit === undefined ? muted : muted.slice(0, limit)).map((conversation) => ({
			...conversation,
			...(typeof conversation.until === 'number' ? { untilDate: new Date(conversation.until).toISOString() } : {}),
		}));
	},
};
