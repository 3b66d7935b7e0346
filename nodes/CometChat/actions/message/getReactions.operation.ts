import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { listOperation } from '../list';

export const getReactions = listOperation({
	value: 'getReactions',
	name: 'Get Reactions',
	action: 'Get the reactions to a message',
	description: 'List the reactions (emoji) users added to a message, with who reacted and when',
	strategy: 'cursor',
	identity: 'id',
	properties: [
		messageIdField('ID of the message whose reactions to list'),
		onBehalfOfField(ACTING_USER.actAs, true, 'The user (UID) whose view of the reactions is read. CometChat requires it.'),
	],
	request(itemIndex) {
		return {
			method: 'GET',
			path: ['messages', messageIdValue(this, itemIndex), 'reactions'],
			onBehalfOf: requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs),
		};
	},
});
