import type { IExecuteFunctions } from 'n8n-workflow';

import { requiredTextOf } from '../../readers/text';
import { optionalTimeZoneOf } from '../../readers/timezones';
import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const updateTimezone: OperationDefinition = {
	value: 'updateTimezone',
	name: 'Update Timezone',
	action: "Update a user's notification time zone",
	description: "Set the time zone CometChat uses for a user's quiet hours (the Do Not Disturb schedule)",
	returns: 'Returns uid and timezone: the IANA name now set.',
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
		const given = this.getNodeParameter('timezone', itemIndex, '');
		requiredTextOf(this, itemIndex, 'Timezone', given, "Enter an IANA time zone name in 'Timezone', e.g. Asia/Tokyo.");
		const timezone = optionalTimeZoneOf(this, itemIndex, 'Timezone', given) as string;
		const data = await preferencesRequest(this, 'PATCH', uid, ['timezone'], { timezone });
		return { uid, timezone: data.timezone ?? timezone };
	},
};
