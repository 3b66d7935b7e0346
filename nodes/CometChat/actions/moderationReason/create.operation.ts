import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { idOf, optionalTextOf, readRequiredText } from '../../readers/text';
import { compact } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { reasonNameField } from './fields';

/** POST /moderation/reasons (docs/cometchat-api.md, Moderation set-up): `id` and `name` required. */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a moderation reason',
	description: 'Add a reason users can give when they flag a message; Message → Flag takes its ID',
	returns: 'Returns the reason: id, name, description, createdAt and updatedAt.',
	properties: [
		{
			displayName: 'Reason ID',
			name: 'reasonId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. scam',
			description: 'The ID of the new reason, chosen by you; Message → Flag sends it',
		},
		reasonNameField('The name users see when they flag a message'),
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			placeholder: 'e.g. Attempts to trick people out of money',
			description: 'What the reason covers',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = idOf(this, itemIndex, 'Reason ID', this.getNodeParameter('reasonId', itemIndex, ''));
		if (id === '') throw fieldError(this, itemIndex, 'Reason ID', 'is empty', "Enter the new reason's ID, e.g. scam.");
		const name = readRequiredText(this, itemIndex, 'name', 'Name', 'Enter the name users see when they flag a message.');
		const description = optionalTextOf(this, itemIndex, 'Description', this.getNodeParameter('description', itemIndex, ''));
		const response = await cometChatRequest.call(this, {
			method: 'POST',
			path: ['moderation', 'reasons'],
			body: compact({ id, name, description }),
		});
		return response.data as IDataObject;
	},
};
