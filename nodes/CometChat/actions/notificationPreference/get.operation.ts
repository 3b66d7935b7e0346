import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: "Get a user's notification preferences",
	description: 'Get what a user is notified of: events, Do Not Disturb and its schedule, the privacy template',
	returns: 'Returns uid, groupPreferences, oneOnOnePreferences, mutePreferences (dnd, schedule) and usePrivacyTemplate.',
	properties: [preferenceUserField('The user whose notification preferences to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		return { uid, ...(await preferencesRequest(this, 'GET', uid, [])) };
	},
};
