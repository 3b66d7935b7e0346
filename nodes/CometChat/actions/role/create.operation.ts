import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { metadataField } from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { idOf, optionalTextOf, readRequiredText } from '../../readers/text';
import { compact, parseJsonObject } from '../../readers/values';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { createdRecordLookup } from '../createdRecord';
import type { OperationDefinition } from '../types';
import { roleSettingsFields, roleSettingsOf } from './fields';

/** POST /roles: the client chooses the role's key, so a retried create reads the role back (actions/createdRecord.ts). */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a role',
	description: 'Create a role: whom its users can list and message. Give users the role with User → Create or Update.',
	returns: 'Returns the role: role (its key), name, description, metadata, settings and createdAt.',
	properties: [
		{
			displayName: 'Role Key',
			name: 'role',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. moderator',
			description: 'Unique identifier of the new role, used wherever a role is given',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Moderator',
			description: 'Display name of the role',
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
					placeholder: 'e.g. Can moderate the support groups',
					description: 'Description of the role',
				},
				roleSettingsFields[0],
				{ ...metadataField, description: 'Free JSON stored with the role' },
				roleSettingsFields[1],
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = idOf(this, itemIndex, 'Role Key', this.getNodeParameter('role', itemIndex, ''));
		if (role === '') throw fieldError(this, itemIndex, 'Role Key', 'is empty', "Fill in 'Role Key', e.g. moderator.");
		const name = readRequiredText(this, itemIndex, 'name', 'Name');
		const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body = compact({
			role,
			name,
			description: optionalTextOf(this, itemIndex, 'Description', fields.description),
			metadata: parseJsonObject(this, itemIndex, fields.metadata, 'Metadata (JSON)'),
			settings: roleSettingsOf(this, itemIndex, fields),
		});
		const lookup = createdRecordLookup(this, itemIndex, 'role', body);
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['roles'], body, ...lookup });
		return { ...(response.data as IDataObject), ...appliedEarlier(response) };
	},
};
