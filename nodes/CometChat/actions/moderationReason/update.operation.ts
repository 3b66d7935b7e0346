import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readRequiredText } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { reasonField, reasonIdValue, reasonNameField } from './fields';

/** PUT /moderation/reasons/{id} with `{name}` (required; the only field published). */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a moderation reason',
	description: 'Rename a reason users can give when they flag a message',
	returns: 'Returns the reason: id, name, description, createdAt and updatedAt.',
	properties: [reasonField('The reason to rename'), reasonNameField('The new name users see when they flag a message')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = reasonIdValue(this, itemIndex);
		const name = readRequiredText(this, itemIndex, 'name', 'Name', 'Enter the new name of the reason.');
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['moderation', 'reasons', id], body: { name } });
		return response.data as IDataObject;
	},
};
