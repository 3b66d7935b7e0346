import { messageAction } from './messageAction';

/** POST /messages/{id}/thread/subscription: see docs/cometchat-api.md, Message actions. */
export const subscribeThread = messageAction({
	value: 'subscribeThread',
	name: 'Subscribe to Thread',
	action: "Subscribe a user to a message's thread",
	description: 'Subscribe a user to the thread (replies) of a message, so they are told of new replies',
	returns: "Returns the message's id, subscribed (true) and CometChat's success.",
	method: 'POST',
	messageDescription: 'The message that starts the thread',
	onBehalfOf: { required: true, description: 'The user (UID) to subscribe. CometChat requires it.' },
	path() {
		return ['thread', 'subscription'];
	},
	output(response, id) {
		return { id, subscribed: true, ...(response.data as object) };
	},
});
