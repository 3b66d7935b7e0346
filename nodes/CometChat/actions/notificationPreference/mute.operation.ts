import type { IExecuteFunctions } from 'n8n-workflow';

import { optionalDateTimeMillisOf } from '../../readers/dates';
import { fieldError } from '../../readers/fieldErrors';
import type { OperationDefinition } from '../types';
import { conversationFields, conversationsOf } from './conversations';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const mute: OperationDefinition = {
	value: 'mute',
	name: 'Mute Conversations',
	action: 'Mute conversations for a user',
	description: 'Mute one-to-one and group conversations for a user until a date, in one request',
	returns:
		'Returns uid, muted (true), until (ISO 8601) and conversations: each id, type (oneOnOne or group) and until in epoch milliseconds.',
	properties: [
		preferenceUserField('The user who gets no notifications from these conversations'),
		...conversationFields('mute'),
		{
			displayName: 'Until',
			name: 'until',
			type: 'dateTime',
			required: true,
			default: '',
			description: 'When the conversations are unmuted again: a date and time in the future, e.g. {{ $now.plus({ hours: 8 }) }}',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		const conversations = conversationsOf(this, itemIndex);
		const until = optionalDateTimeMillisOf(this, itemIndex, 'Until', this.getNodeParameter('until', itemIndex, ''));
		if (until === undefined) {
			throw fieldError(this, itemIndex, 'Until', 'is empty', "Pick when the mute ends in 'Until', e.g. {{ $now.plus({ hours: 8 }) }}.");
		}
		if (until <= Date.now()) {
			throw fieldError(
				this,
				itemIndex,
				'Until',
				`is ${new Date(until).toISOString()}, which has passed; CometChat takes a time in the future`,
				"Pick a later date in 'Until', e.g. {{ $now.plus({ days: 1 }) }}.",
			);
		}
		const muted = conversations.map((conversation) => ({ ...conversation, until }));
		await preferencesRequest(this, 'PUT', uid, ['mute'], { conversations: muted });
		return { uid, muted: true, until: new Date(until).toISOString(), conversations: muted };
	},
};
