import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { SETTINGS_PATH } from './get.operation';

/** DELETE /notifications/v1/settings: preferences, sounds and templates back to CometChat's defaults. */
export const reset: OperationDefinition = {
	value: 'reset',
	name: 'Reset',
	action: 'Reset the notification settings',
	description: "Put the app's notification preferences, sounds and templates back to CometChat's defaults",
	returns: 'Returns reset (true) only; Get gives the settings now.',
	properties: [],
	async execute(this: IExecuteFunctions) {
		await cometChatRequest.call(this, { method: 'DELETE', path: SETTINGS_PATH });
		return { reset: true };
	},
};
