import type { IExecuteFunctions } from 'n8n-workflow';

import { requiredUid } from '../../readers/text';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { botField } from './fields';

/** DELETE /bots/{uid}: the bot and its webhook go; the user stays. */
export const deleteBot: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a bot',
	description: 'Delete a bot. Its user stays, as an ordinary user with its messages.',
	returns: "Returns deleted (true) and the bot's uid.",
	properties: [botField('The bot to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'botUid', 'Bot');
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: ['bots', uid], alreadyDone: ['ERR_BOT_NOT_FOUND'] });
		return { deleted: true, uid, ...appliedEarlier(response) };
	},
};
