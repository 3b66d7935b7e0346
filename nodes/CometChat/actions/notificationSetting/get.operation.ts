import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

const PATH = ['notifications', 'v1', 'settings'];

/** GET /notifications/v1/settings ("List Settings"): one record for the app. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get the notification settings',
	description: "Get the app's push, e-mail and SMS notification settings: preferences, sounds and templates",
	returns: 'Returns the settings as CometChat answers: preferences, sound and templates.',
	properties: [],
	async execute(this: IExecuteFunctions) {
		const response = await cometChatRequest.call(this, { method: 'GET', path: PATH });
		return response.data as IDataObject;
	},
};

export { PATH as SETTINGS_PATH };
