import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

export const reset: OperationDefinition = {
	value: 'reset',
	name: 'Reset',
	action: "Reset a user's notification preferences",
	description: "Put a user's notification preferences back to the app's defaults; outputs the preferences after the reset",
	returns: 'Returns uid, groupPreferences, oneOnOnePreferences, mutePreferences and usePrivacyTemplate.',
	properties: [preferenceUserField('The user whose notification preferences to reset')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		return { uid, ...(await preferencesRequest(this, 'DELETE', uid, [])) };
	},
};
