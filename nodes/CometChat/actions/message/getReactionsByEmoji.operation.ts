import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { listOperation } from '../list';
import { reactionField, reactionValue } from './messageAction';

/** GET /messages/{id}/reactions/{reaction}: see docs/cometchat-api.md, Message actions. */
export const getReactionsByEmoji = listOperation({
	value: 'getReactionsByEmoji',
	name: 'Get Reactions by Emoji',
	action: 'Get the reactions to a message with one emoji',
	description: 'List who reacted to a message with one reaction, e.g. 👍, and when',
	strategy: 'cursor',
	identity: 'id',
	properties: [
		messageIdField('ID of the message whose reactions to list'),
		reactionField('The reaction whose users to list, as it was added, e.g. 👍'),
		onBehalfOfField(ACTING_USER.actAs, false, 'The user (UID) whose view of the reactions is read. Leave empty to read them as the app.'),
	],
	request(itemIndex) {
		const id = messageIdValue(this, itemIndex);
		return {
			method: 'GET',
			path: ['messages', id, 'reactions', reactionValue(this, itemIndex)],
			onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs),
		};
	},
});
