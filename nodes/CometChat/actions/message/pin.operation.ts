import { messageAction } from './messageAction';

/** POST /messages/{id}/pin: see docs/cometchat-api.md, Message actions. */
export const pin = messageAction({
	value: 'pin',
	name: 'Pin',
	action: 'Pin a message',
	description: 'Pin a message in its conversation for everyone in it (at most 100 pinned messages per conversation)',
	returns: 'Returns the pinned message as CometChat answers: id, sender, receiver, type, data and times.',
	method: 'POST',
	messageDescription: 'The message to pin',
	onBehalfOf: {
		required: false,
		description: "The user (UID) who pins the message; their group scope's permissions apply. Leave empty to pin as the app (app_system).",
	},
	path() {
		return ['pin'];
	},
});
