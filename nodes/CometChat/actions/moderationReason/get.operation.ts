import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { reasonField, reasonIdValue } from './fields';

/** GET /moderation/reasons/{id}. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a moderation reason',
	description: 'Get one reason users can give when they flag a message, by ID',
	returns: 'Returns the reason: id, name, description, createdAt and updatedAt.',
	properties: [reasonField('The reason to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = reasonIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['moderation', 'reasons', id] });
		return response.data as IDataObject;
	},
};
