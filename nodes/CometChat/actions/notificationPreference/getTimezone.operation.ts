import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const getTimezone: OperationDefinition = {
	value: 'getTimezone',
	name: 'Get Timezone',
	action: "Get a user's notification time zone",
	description: "Get the time zone CometChat uses for a user's quiet hours (the Do Not Disturb schedule)",
	returns: 'Returns uid and timezone: an IANA name, or null when none is set.',
	properties: [preferenceUserField('The user whose time zone to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		const data = await preferencesRequest(this, 'GET', uid, ['timezone']);
		return { uid, timezone: data.timezone ?? null };
	},
};
