import { messageAction } from './messageAction';

/** DELETE /messages/{id}/thread/subscription: see docs/cometchat-api.md, Message actions. */
export const unsubscribeThread = messageAction({
	value: 'unsubscribeThread',
	name: 'Unsubscribe From Thread',
	action: "Unsubscribe a user from a message's thread",
	description: 'Unsubscribe a user from the thread (replies) of a message',
	returns: "Returns the message's id, subscribed (false) and CometChat's success.",
	method: 'DELETE',
	messageDescription: 'The message that starts the thread',
	onBehalfOf: { required: true, description: 'The user (UID) to unsubscribe. CometChat requires it.' },
	path() {
		return ['thread', 'subscription'];
	},
	output(response, id) {
		return { id, subscribed: false, ...(response.data as object) };
	},
});
