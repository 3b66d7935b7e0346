import { reviewOperation } from '../moderation';

export const disapprove = reviewOperation({
	value: 'disapprove',
	name: 'Disapprove',
	action: 'Disapprove a flagged message',
	description: 'Mark a flagged message as not acceptable: it becomes disapproved and leaves the flagged list',
	list: 'flagged-messages',
	status: 'disapproved',
	messageIdDescription: 'ID of the flagged message to disapprove',
});
