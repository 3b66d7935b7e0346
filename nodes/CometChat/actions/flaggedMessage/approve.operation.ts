import { reviewOperation } from '../moderation';

export const approve = reviewOperation({
	value: 'approve',
	name: 'Approve',
	action: 'Approve a flagged message',
	description: 'Mark a flagged message as reviewed and fine: it stays visible and leaves the list of flagged messages',
	list: 'flagged-messages',
	status: 'approved',
	messageIdDescription: 'ID of the flagged message to approve',
});
