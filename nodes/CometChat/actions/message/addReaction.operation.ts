import { messageAction, reactionField, reactionValue } from './messageAction';

/** POST /messages/{id}/reactions/{reaction}: see docs/cometchat-api.md, Message actions. */
export const addReaction = messageAction({
	value: 'addReaction',
	name: 'Add Reaction',
	action: 'Add a reaction to a message',
	description: "React to a message on behalf of a user, e.g. with 👍; the output is the message with its reactions' counts",
	returns: 'Returns the message as CometChat answers, with data.reactions: each reaction, its count and whether this user reacted.',
	method: 'POST',
	messageDescription: 'The message to react to',
	properties: [reactionField('The reaction to add: an emoji, e.g. 👍, or a name your app uses, e.g. :thumbsup:')],
	onBehalfOf: { required: true, description: 'The user (UID) who reacts. CometChat requires it.' },
	path(itemIndex) {
		return ['reactions', reactionValue(this, itemIndex)];
	},
});
