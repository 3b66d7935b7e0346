import type { IExecuteFunctions } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import type { OperationDefinition } from '../types';
import { sendAndShape } from './delivery';
import { messageContentOf, sendAsBotProperties } from './send.operation';
import { SIMPLIFIED_SENT_MESSAGE_FIELDS } from './simplify';

/** POST /bots/{uid}/messages: Send's body, sent by the bot user (docs/cometchat-api.md, Bots). */
export const sendAsBot: OperationDefinition = {
	value: 'sendAsBot',
	name: 'Send as Bot',
	action: 'Send a message as a bot',
	description: 'Send a text, media or custom message from a bot to users or groups, e.g. to answer the Bot Trigger',
	returns:
		'Returns the sent message (id, sender, receiver, data, sentAt and more), or with Simplify a short form; one item per receiver when sent to several.',
	properties: [
		locatorField(LOCATOR_KINDS.bot, {
			name: 'botUid',
			displayName: 'Bot',
			required: true,
			description: 'The bot that sends the message',
		}),
		...sendAsBotProperties,
	],
	simplified: SIMPLIFIED_SENT_MESSAGE_FIELDS,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const bot = requiredUid(this, itemIndex, 'botUid', 'Bot');
		return await sendAndShape(this, itemIndex, { ...messageContentOf(this, itemIndex), bot });
	},
};
