import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { revealOptionField, revealValue } from '../../fields/reveal';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** E-mail addresses and phone numbers are personal data, kept in n8n's execution history: masked unless revealed. */
const REVEAL = 'Reveal Contact Details';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: "Get a user's contact details",
	description: 'Get the e-mail address and phone number a user is notified at, masked unless Reveal Contact Details is on',
	returns: 'Returns uid, email and phno.',
	properties: [
		onBehalfOfField(ACTING_USER.user, true, 'The user whose contact details to get'),
		revealOptionField(
			REVEAL,
			'Whether to output the e-mail address and phone number in clear, e.g. to send a message to them. Off: masked. Whoever can see the execution sees them.',
		),
	],
	shownSecrets(this: IExecuteFunctions, itemIndex: number) {
		return revealValue(this, itemIndex, REVEAL) ? ['email', 'phno'] : [];
	},
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredOnBehalfOf(this, itemIndex, ACTING_USER.user);
		revealValue(this, itemIndex, REVEAL);
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			path: ['notifications', 'v1', 'contact-details'],
			onBehalfOf: uid,
		});
		return { uid, ...((response.data ?? {}) as IDataObject) };
	},
};
