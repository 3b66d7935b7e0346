import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldError, inputError } from '../../readers/fieldErrors';
import { parseJsonObject } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { SETTINGS_PATH } from './get.operation';

/** The parts of the settings CometChat publishes (pnSettingSchema). */
const PARTS = ['preferences', 'sound', 'templates'];
const LABEL = 'Settings (JSON)';

/** PATCH /notifications/v1/settings with the parts given; CometChat keeps the others. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update the notification settings',
	description: "Change the app's notification preferences, sounds or templates. Only the parts given change.",
	returns: 'Returns updated (true) and parts: the parts sent (preferences, sound, templates).',
	properties: [
		{
			displayName: 'Settings (JSON)',
			name: 'settings',
			type: 'json',
			required: true,
			default: '{\n  "sound": {\n    "chat": "default",\n    "call": "default"\n  }\n}',
			description:
				'Any of "preferences", "sound" and "templates", each an object as Get outputs it. Only the parts given change; to start over, use Reset.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const body = parseJsonObject(this, itemIndex, this.getNodeParameter('settings', itemIndex, ''), LABEL);
		if (body === undefined || Object.keys(body).length === 0) {
			throw inputError(this, itemIndex, `'${LABEL}' is empty`, 'Give at least one of "preferences", "sound" and "templates".');
		}
		for (const [key, value] of Object.entries(body)) {
			if (!PARTS.includes(key)) {
				throw fieldError(this, itemIndex, LABEL, `holds "${key}", which is not a part of the settings`, `Keep only ${PARTS.join(', ')}.`);
			}
			if (value === null || typeof value !== 'object' || Array.isArray(value)) {
				throw fieldError(this, itemIndex, LABEL, `holds "${key}" that is not an object`, `Give "${key}" as an object, as Get outputs it.`);
			}
		}
		await cometChatRequest.call(this, { method: 'PATCH', path: SETTINGS_PATH, body: body as IDataObject });
		return { updated: true, parts: Object.keys(body) };
	},
};
