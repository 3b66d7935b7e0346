import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { metadataField, tagsField } from '../../fields/common';
import { tagsOf } from '../../readers/lists';
import { idOf, optionalTextOf, optionalUrlOf, readRequiredText, requiredUid } from '../../readers/text';
import { booleanOf, compact, metadataOf } from '../../readers/values';

/** The profile fields a user can be created or updated with (docs/cometchat-api.md, Users). */
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
export function userProfileBody(context: IExecuteFunctions, itemIndex: number, fields: IDataObject): IDataObject {
	return compact({
		avatar: optionalUrlOf(context, itemIndex, 'Avatar URL', fields.avatar),
		link: optionalUrlOf(context, itemIndex, 'Link', fields.link),
		role: idOf(context, itemIndex, 'Role Name or ID', fields.role),
		statusMessage: optionalTextOf(context, itemIndex, 'Status Message', fields.statusMessage),
		metadata: metadataOf(context, itemIndex, 'Metadata (JSON)', fields.metadata),
		tags: tagsOf(context, itemIndex, 'Tags', fields.tags),
	});
}

/** A user's UID and Name, required: User → Create's and Create or Update's, and Data Import → Import Users'. */
export function newUserFields(uidDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'UID',
			name: 'uid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-uid-1',
			description: uidDescription,
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Ada Lovelace',
			description: 'Display name of the user',
		},
	];
}

/**
 * The fields of an operation that writes a whole user (Create, Create or Update): UID, name and the profile.
 * The texts differ by operation, so an AI agent reading them knows what happens to an existing UID.
 */
export function userRecordFields(texts: { uid: string; withAuthToken: string }): INodeProperties[] {
	return [
		...newUserFields(texts.uid),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				...userProfileOptions,
				{
					displayName: 'With Auth Token',
					name: 'withAuthToken',
					type: 'boolean',
					default: false,
					description: texts.withAuthToken,
				},
			],
		},
	];
}

/** What the user record fields hold: the UID and the body of POST /users, without `withAuthToken`. */
export function userRecordOf(context: IExecuteFunctions, itemIndex: number): { uid: string; body: IDataObject; withAuthToken: boolean } {
	const additionalFields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	// requiredUid also reads a locator value that n8n carried over from an operation where `uid` is one.
	const uid = requiredUid(context, itemIndex, 'uid', 'UID', 'Enter the UID of the user, e.g. cometchat-uid-1.');
	const body: IDataObject = {
		uid,
		name: readRequiredText(context, itemIndex, 'name', 'Name', 'Enter the display name of the user in Name.'),
		...userProfileBody(context, itemIndex, additionalFields),
	};
	return { uid, body, withAuthToken: withAuthTokenOf(context, itemIndex) };
}

/** Additional Fields → With Auth Token: whether the user's new auth token is asked for. */
function withAuthTokenOf(context: IExecuteFunctions, itemIndex: number): boolean {
	const additionalFields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	return booleanOf(context, itemIndex, 'With Auth Token', additionalFields.withAuthToken, false);
}

/**
 * `shownSecrets` of Create and Create or Update: the new auth token when With Auth Token is on; any
 * other `authToken` in the answer is dropped (helpers/secrets.ts).
 */
export function askedAuthToken(this: IExecuteFunctions, itemIndex: number): string[] {
	return withAuthTokenOf(this, itemIndex) ? ['authToken'] : [];
}
