import { messageAction } from './messageAction';

/** DELETE /messages/{id}/pin: see docs/cometchat-api.md, Message actions. */
export const unpin = messageAction({
	value: 'unpin',
	name: 'Unpin',
	action: 'Unpin a message',
	description: 'Unpin a message, whoever pinned it; a message that is not pinned stays so. The output is the message.',
	returns: 'Returns it as CometChat answers: id, sender, receiver, type, data and times.',
	method: 'DELETE',
	messageDescription: 'The message to unpin',
	onBehalfOf: { required: false, description: 'The user (UID) who unpins the message. Leave empty to unpin as the app.' },
	path() {
		return ['pin'];
	},
});
