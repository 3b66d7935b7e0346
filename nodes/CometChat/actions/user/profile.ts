import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { metadataField, tagsField } from '../../fields/common';
import { compact, parseJsonObject, toStringList } from '../../helpers/parameters';

/** The profile fields a user can be created or updated with (spec 4.1). */
export const userProfileOptions: INodeProperties[] = [
	{
		displayName: 'Avatar URL',
		name: 'avatar',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/avatars/ada.png',
		description: 'URL of the profile picture',
	},
	{
		displayName: 'Link',
		name: 'link',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/people/ada',
		description: 'URL of the profile page',
	},
	metadataField,
	{
		displayName: 'Role Name or ID',
		name: 'role',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getRoles' },
		default: '',
		description:
			'Role for role-based access control. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Status Message',
		name: 'statusMessage',
		type: 'string',
		default: '',
		placeholder: 'e.g. On holiday until Monday',
		description: "Text giving context of the user's status or mood",
	},
	tagsField,
];

/** The request body for the profile fields that were filled in. */
export function userProfileBody(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): IDataObject {
	return compact({
		avatar: fields.avatar,
		link: fields.link,
		role: fields.role,
		statusMessage: fields.statusMessage,
		metadata: parseJsonObject(context, itemIndex, fields.metadata, 'Metadata (JSON)'),
		tags: fields.tags === undefined ? undefined : toStringList(fields.tags),
	});
}
