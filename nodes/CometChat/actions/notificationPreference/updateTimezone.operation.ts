import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { optionalTimeZoneOf } from '../../readers/timezones';
import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const updateTimezone: OperationDefinition = {
	value: 'updateTimezone',
	name: 'Update Timezone',
	action: "Update a user's notification time zone",
	description: "Set the time zone CometChat uses for a user's quiet hours (the Do Not Disturb schedule)",
	properties: [
		preferenceUserField('The user whose time zone to set'),
		{
			displayName: 'Timezone',
			name: 'timezone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Asia/Tokyo',
			description: 'An IANA time zone name (Region/City), e.g. Europe/Berlin or America/New_York',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		const timezone = optionalTimeZoneOf(this, itemIndex, 'Timezone', this.getNodeParameter('timezone', itemIndex, ''));
		if (timezone === undefined) {
			throw fieldError(this, itemIndex, 'Timezone', 'is empty', "Enter an IANA time zone name in 'Timezone', e.g. Asia/Tokyo.");
		}
		const data = await preferencesRequest(this, 'PATCH', uid, ['timezone'], { timezone });
		return { uid, timezone: data.timezone ?? timezone };
	},
};
