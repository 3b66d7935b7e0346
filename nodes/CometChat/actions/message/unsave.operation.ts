import { messageAction } from './messageAction';

/** DELETE /messages/{id}/save: see docs/cometchat-api.md, Message actions. */
export const unsave = messageAction({
	value: 'unsave',
	name: 'Unsave',
	action: "Remove a message from a user's saved messages",
	description: "Remove a message from a user's saved messages; one that is not saved stays so. The output is the message.",
	returns: 'Returns it as CometChat answers: id, sender, receiver, type, data and times.',
	method: 'DELETE',
	messageDescription: 'The message to remove from the saved messages',
	onBehalfOf: { required: true, description: 'The user (UID) whose saved messages lose it. CometChat requires it.' },
	path() {
		return ['save'];
	},
});
