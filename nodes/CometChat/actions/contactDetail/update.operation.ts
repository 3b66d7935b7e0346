import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { fieldError, refuseProblem, requireChanges } from '../../readers/fieldErrors';
import { emailProblem, optionalTextOf } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** A phone number with its country code (E.164): +, then 7 to 15 digits. Spaces, dots, dashes and brackets are dropped first. */
const PHONE = /^\+[1-9]\d{6,14}$/;

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: "Update a user's contact details",
	description: 'Set the e-mail address and/or phone number CometChat sends e-mail and SMS notifications to. The output masks them.',
	returns: 'Returns uid with the email and phno now stored, masked.',
	properties: [
		onBehalfOfField(ACTING_USER.user, true, 'The user whose contact details to set'),
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			typeOptions: { password: true },
			placeholder: 'e.g. nathan@example.com',
			default: '',
			description: 'The e-mail address for e-mail notifications. Leave empty to keep the current one.',
		},
		{
			displayName: 'Phone Number',
			name: 'phno',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'The phone number for SMS notifications, with its country code, e.g. +14155550100. Leave empty to keep the current one.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredOnBehalfOf(this, itemIndex, ACTING_USER.user);
		const email = optionalTextOf(this, itemIndex, 'Email', this.getNodeParameter('email', itemIndex, ''))?.trim();
		const rawPhone = optionalTextOf(this, itemIndex, 'Phone Number', this.getNodeParameter('phno', itemIndex, ''));
		const phno = rawPhone?.replace(/[\s().-]/g, '');
		// The values are secrets: errors say what is wrong, never the value.
		if (email !== undefined)
			refuseProblem(this, itemIndex, 'Email', emailProblem(email), "Enter an address such as nathan@example.com in 'Email'.");
		if (phno !== undefined && !PHONE.test(phno)) {
			throw fieldError(
				this,
				itemIndex,
				'Phone Number',
				'is not a phone number with its country code',
				"Enter the number with + and its country code in 'Phone Number', e.g. +14155550100.",
			);
		}
		const body: IDataObject = {};
		if (email !== undefined) body.email = email;
		if (phno !== undefined) body.phno = phno;
		requireChanges(this, itemIndex, body, "Fill in 'Email', 'Phone Number' or both.", 'There is nothing to update');
		const secrets = [email, phno, rawPhone].filter((value): value is string => value !== undefined);
		const response = await cometChatRequest.call(this, {
			method: 'PATCH',
			path: ['notifications', 'v1', 'contact-details'],
			onBehalfOf: uid,
			body,
			secrets,
		});
		return { uid, ...((response.data ?? {}) as IDataObject) };
	},
};
