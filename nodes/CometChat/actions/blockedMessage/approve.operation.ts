import { reviewOperation } from '../moderation';

export const approve = reviewOperation({
	value: 'approve',
	name: 'Approve',
	action: 'Approve a blocked message',
	description: 'Release a message a moderation rule held back: it is delivered with status approved',
	list: 'blocked-messages',
	status: 'approved',
	messageIdDescription: 'ID of the blocked message to release',
});
