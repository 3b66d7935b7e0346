import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { BOT_RETURNS, botField, botOutput, botSettingsBody, botSettingsOptions } from './fields';

/** PUT /bots/{uid}: only the fields given are sent. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a bot',
	description: "Change a bot's webhook URL, group messages setting, Basic Auth or whether it is enabled",
	returns: BOT_RETURNS,
	properties: [
		botField('The bot to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: botSettingsOptions(true),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'botUid', 'Bot');
		const body = botSettingsBody(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject, 'unchanged');
		requireChanges(this, itemIndex, body, "Add at least one field under 'Update Fields'.");
		const secrets = typeof body.password === 'string' ? [body.password] : [];
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['bots', uid], body, secrets });
		return botOutput(response.data as IDataObject);
	},
};
