import { messageAction } from './messageAction';

/** POST /messages/{id}/save: see docs/cometchat-api.md, Message actions. */
export const save = messageAction({
	value: 'save',
	name: 'Save',
	action: 'Save a message for a user',
	description:
		"Add a message to a user's own saved messages; the output is the message with savedAt. A user keeps at most 100 saved messages.",
	method: 'POST',
	messageDescription: 'The message to save',
	onBehalfOf: { required: true, description: 'The user (UID) who saves the message; only they see it saved. CometChat requires it.' },
	path() {
		return ['save'];
	},
});
