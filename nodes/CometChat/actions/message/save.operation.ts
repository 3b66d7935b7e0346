import { messageAction } from './messageAction';

/** POST /messages/{id}/save: see docs/cometchat-api.md, Message actions. */
export const save = messageAction({
	value: 'save',
	name: 'Save',
	action: 'Save a message for a user',
	description: "Add a message to a user's saved messages (at most 100 per user)",
	returns: 'Returns the message as CometChat answers (id, sender, receiver, data) with savedAt, when it was saved.',
	method: 'POST',
	messageDescription: 'The message to save',
	onBehalfOf: { required: true, description: 'The user (UID) who saves the message; only they see it saved. CometChat requires it.' },
	path() {
		return ['save'];
	},
});
