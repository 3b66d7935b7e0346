import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationsOf } from './conversations';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const unmute: OperationDefinition = {
	value: 'unmute',
	name: 'Unmute Conversations',
	action: 'Unmute conversations for a user',
	description: 'Give a user notifications from muted one-to-one and group conversations again, all in one request',
	returns: 'Returns uid, unmuted (true) and conversations: each id and type (oneOnOne or group).',
	properties: [preferenceUserField('The user who gets notifications from these conversations again'), ...conversationFields('unmute')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		const conversations = conversationsOf(this, itemIndex);
		await preferencesRequest(this, 'DELETE', uid, ['mute'], { conversations });
		return { uid, unmuted: true, conversations };
	},
};
