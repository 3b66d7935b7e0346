import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { inputError } from '../../readers/fieldErrors';
import { readRequiredText, requiredUid } from '../../readers/text';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { createdRecordLookup } from '../createdRecord';
import type { OperationDefinition } from '../types';
import { BOT_RETURNS, botOutput, botSettingsBody, botSettingsOptions, groupChatSettingField } from './fields';

const properties: INodeProperties[] = [
	userField('The existing user that becomes the bot (CometChat turns a user into a bot; it does not create one)'),
	{
		displayName: 'Webhook URL',
		name: 'webhookURL',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/webhooks/helpbot',
		description:
			'URL that receives the messages sent to the bot (at most 255 characters). To run a workflow on them, use the CometChat Bot Trigger instead: it sets this itself.',
	},
	groupChatSettingField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: botSettingsOptions(false).filter((option) => option.name !== 'webhookURL'),
	},
];

/** POST /bots (docs/cometchat-api.md, Bots). `enabled` is always sent: CometChat stores false otherwise. */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a bot',
	description: 'Turn an existing user into a bot whose messages CometChat relays to a webhook URL. An app has at most 25 bots.',
	returns: BOT_RETURNS,
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const webhookURL = readRequiredText(
			this,
			itemIndex,
			'webhookURL',
			'Webhook URL',
			"Enter the address that receives the bot's messages.",
		);
		const options = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {
			uid,
			enabled: true,
			...botSettingsBody(
				this,
				itemIndex,
				{
					...options,
					webhookURL,
					groupChatSetting: this.getNodeParameter('groupChatSetting', itemIndex, 'none'),
				},
				'off',
			),
		};
		if (body.useBasicAuth === true && (body.username === undefined || body.password === undefined)) {
			throw inputError(
				this,
				itemIndex,
				'Use Basic Auth is on without a username and a password',
				"Add 'Basic Auth Username' and 'Basic Auth Password', or turn 'Use Basic Auth' off.",
			);
		}
		const secrets = typeof body.password === 'string' ? [body.password] : [];
		const lookup = createdRecordLookup(this, itemIndex, 'bot', body);
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['bots'], body, secrets, ...lookup });
		return { ...botOutput(response.data as IDataObject), ...appliedEarlier(response) };
	},
};
