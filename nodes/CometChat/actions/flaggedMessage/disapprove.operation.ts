import { reviewOperation } from '../moderation';

export const disapprove = reviewOperation({
	value: 'disapprove',
	name: 'Disapprove',
	action: 'Disapprove a flagged message',
	description:
		'Mark a flagged message as reviewed and not acceptable: its moderation status becomes disapproved and it leaves the list of flagged messages',
	list: 'flagged-messages',
	status: 'disapproved',
	messageIdDescription: 'ID of the flagged message to disapprove',
});
