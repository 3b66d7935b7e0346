import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { BOT_RETURNS, botField, botOutput } from './fields';

/** GET /bots/{uid}; the node drops the echoed password (helpers/secrets.ts). */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a bot',
	description: 'Get a bot by UID: its webhook URL, group messages setting and whether it is enabled',
	returns: BOT_RETURNS,
	properties: [botField('The bot to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'botUid', 'Bot');
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['bots', uid] });
		return botOutput(response.data as IDataObject);
	},
};
