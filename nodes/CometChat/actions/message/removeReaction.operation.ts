import { messageAction, reactionField, reactionValue } from './messageAction';

/** DELETE /messages/{id}/reactions/{reaction}: see docs/cometchat-api.md, Message actions. */
export const removeReaction = messageAction({
	value: 'removeReaction',
	name: 'Remove Reaction',
	action: 'Remove a reaction from a message',
	description: "Take back a user's reaction to a message; the output is the message with its reactions' counts",
	returns: 'Returns the message as CometChat answers, with data.reactions: each reaction, its count and whether this user reacted.',
	method: 'DELETE',
	messageDescription: 'The message whose reaction to remove',
	properties: [reactionField('The reaction to remove, as it was added, e.g. 👍')],
	onBehalfOf: { required: true, description: 'The user (UID) whose reaction is removed. CometChat requires it.' },
	path(itemIndex) {
		return ['reactions', reactionValue(this, itemIndex)];
	},
});
