import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { booleanOf } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** Options → Reveal: e-mail addresses and phone numbers are personal data, kept in n8n's execution history. */
function revealOf(context: IExecuteFunctions, itemIndex: number): boolean {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return booleanOf(context, itemIndex, 'Reveal Contact Details', options.reveal, false);
}

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: "Get a user's contact details",
	description:
		'Get the e-mail address and phone number CometChat notifies a user at. Masked (a***@example.com, ****0100) unless Reveal Contact Details is on.',
	properties: [
		onBehalfOfField(true, 'The user whose contact details to get'),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Reveal Contact Details',
					name: 'reveal',
					type: 'boolean',
					default: false,
					description:
						'Whether to output the e-mail address and phone number in clear, e.g. to send a message to them. Off: masked. Whoever can see the execution sees them.',
				},
			],
		},
	],
	shownSecrets(this: IExecuteFunctions, itemIndex: number) {
		return revealOf(this, itemIndex) ? ['email', 'phno'] : [];
	},
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredOnBehalfOf(this, itemIndex);
		revealOf(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			path: ['notifications', 'v1', 'contact-details'],
			onBehalfOf: uid,
		});
		return { uid, ...((response.data ?? {}) as IDataObject) };
	},
};
