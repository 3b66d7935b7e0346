import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readRequiredText, requiredUid } from '../../readers/text';
import { compact } from '../../readers/values';
import { newUserFields, userProfileBody, userProfileOptions } from '../user/profile';
import type { EntityImport, OperationDefinition } from '../types';
import { importOneItem, importReturns } from './batches';
import { timeField, timeOf } from './fields';

const users: EntityImport = {
	endpoint: 'users',
	noun: 'user',
	idLabel: 'UID',
	read(context: IExecuteFunctions, itemIndex: number) {
		const fields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const uid = requiredUid(context, itemIndex, 'uid', 'UID', 'Enter the UID of the user, e.g. {{ $json.uid }}.');
		const entity = compact({
			uid,
			name: readRequiredText(context, itemIndex, 'name', 'Name', 'Enter the display name of the user in Name.'),
			// Avatar URL, Link, Role, Metadata and Tags, read as User → Create reads them.
			...userProfileBody(context, itemIndex, fields),
			createdAt: timeOf(context, itemIndex, 'Created At', fields.createdAt),
			lastActiveAt: timeOf(context, itemIndex, 'Last Active At', fields.lastActiveAt),
			deactivatedAt: timeOf(context, itemIndex, 'Deactivated At', fields.deactivatedAt),
		});
		return { id: uid, entity };
	},
};

export const importUsers: OperationDefinition = {
	value: 'importUsers',
	name: 'Import Users',
	action: 'Import users',
	description: 'Import users with their history, 50 to a request; a user already in CometChat is reported as already imported',
	returns: importReturns('its UID'),
	entityImport: users,
	properties: [
		...newUserFields('The UID of the user: its unique identifier'),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				// The profile fields of User → Create that the published import schema has (no status message).
				...userProfileOptions.filter(({ name }) => name !== 'statusMessage'),
				timeField('createdAt', 'Created At', 'When the user was created in the system the import comes from'),
				timeField('deactivatedAt', 'Deactivated At', 'When the user was deactivated, for a user imported as deactivated'),
				timeField('lastActiveAt', 'Last Active At', 'When the user was last active'),
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await importOneItem(this, itemIndex, users);
	},
};
