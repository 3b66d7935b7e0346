import { reviewOperation } from '../moderation';

export const reject = reviewOperation({
	value: 'reject',
	name: 'Reject',
	action: 'Reject a blocked message',
	description: 'Confirm the block of a message a rule held back: it stays undelivered (disapproved)',
	list: 'blocked-messages',
	status: 'rejected',
	messageIdDescription: 'ID of the blocked message to reject',
});
