/**
 * What role-based access control knows: the permissions of a role and of a group scope, and the
 * features a role can be restricted from (docs/emulator.md, Roles and permissions).
 *
 * The permissions are the keys CometChat's published examples show (28 for a role, 11 for a
 * scope, the totals of its list examples). Their data types and values follow the examples; where
 * an example is silent, a key ending in `.mode` takes all or friends, a key naming `allowed…` or
 * `…ForScopes` takes a list, and every other key takes allow or deny.
 */

export interface PermissionDefinition {
	id: string;
	type: 'role' | 'scope';
	title: string;
	description: string;
	dataType: 'string' | 'stringArray';
	/** The values a permission takes; empty for an open list (role keys, MIME types, custom types). */
	availableValues: string[];
	defaultValue: string | string[];
	createdAt: number;
	updatedAt: number;
}

const CREATED = 1765962204;
const ALLOW_DENY = ['allow', 'deny'];
const MESSAGE_TYPES = ['text', 'image', 'audio', 'video', 'file'];
const GROUP_TYPES = ['public', 'password', 'private'];
const SCOPES = ['admin', 'moderator', 'participant'];

/** [key, title, values: a closed list, 'open' (a list of any text) or 'mode'; 'list' when several values are taken] */
type Row = [string, string, string[] | 'open' | 'mode', 'list'?];

const ROLE_ROWS: Row[] = [
	['listUsers', 'Allows/Denies listing users', ALLOW_DENY],
	['listUsers.mode', 'Lists all users or only friends', 'mode'],
	['listUsers.allowedRoles', 'Lists only users of the specified roles', 'open'],
	['getUserDetails.mode', 'Gets the details of all users or only of friends', 'mode'],
	['getUserDetails.allowedRoles', 'Gets the details of users of the specified roles', 'open'],
	['sendMessage', 'Allows/Denies sending messages', ALLOW_DENY],
	['sendMessage.mode', 'Sends messages to all users or only to friends', 'mode'],
	['sendMessage.allowedReceiverTypes', 'Allows sending messages to the specified receiver types', ['user', 'group'], 'list'],
	['sendMessage.allowedReceiverRoles', 'Allows sending messages to users of the specified roles', 'open'],
	['sendMessage.allowedMessageTypes', 'Allows sending messages of the specified types', MESSAGE_TYPES, 'list'],
	['sendMessage.allowedMessageCategories', 'Allows sending messages of the specified categories', ['message', 'custom'], 'list'],
	['sendMessage.allowedCustomTypes', 'Allows sending custom messages of the specified types', 'open'],
	['sendMessage.allowedMimeTypes', 'Allows sending files of the specified MIME types', 'open'],
	['editMessage', 'Allows/Denies editing messages', ALLOW_DENY],
	['editMessage.denyForScopes', 'Denies editing messages for the specified group scopes', SCOPES, 'list'],
	['deleteMessage', 'Allows/Denies deleting messages', ALLOW_DENY],
	['deleteMessage.denyForScopes', 'Denies deleting messages for the specified group scopes', SCOPES, 'list'],
	['initiateCall', 'Allows/Denies initiating calls', ALLOW_DENY],
	['initiateCall.mode', 'Calls all users or only friends', 'mode'],
	['initiateCall.allowedReceiverRoles', 'Allows calling users of the specified roles', 'open'],
	['createGroup', 'Allows/Denies creating groups', ALLOW_DENY],
	['createGroup.allowedGroupTypes', 'Allows creating groups of the specified types', GROUP_TYPES, 'list'],
	['listGroups', 'Allows/Denies listing groups', ALLOW_DENY],
	['listGroups.allowedGroupTypes', 'Lists only groups of the specified types', GROUP_TYPES, 'list'],
	['joinGroup', 'Allows/Denies joining groups', ALLOW_DENY],
	['joinGroup.allowedGroupTypes', 'Allows joining groups of the specified types', GROUP_TYPES, 'list'],
	['listMessages.allowedMessageCategories', 'Lists only messages of the specified categories', ['message', 'custom'], 'list'],
	['listMessages.allowedMessageTypes', 'Lists only messages of the specified types', MESSAGE_TYPES, 'list'],
];

const SCOPE_ROWS: Row[] = [
	['sendMessage', 'Allows/Denies sending messages', ALLOW_DENY],
	['sendThreadedMessage', 'Allows/Denies replying in threads', ALLOW_DENY],
	['editMessage', 'Allows/Denies editing messages', ALLOW_DENY],
	['listMembers', 'Allows/Denies listing the members', ALLOW_DENY],
	['listMembers.allowedScopes', 'Allows member to list the members with specified scope', SCOPES, 'list'],
	['addReaction', 'Allows/Denies adding reactions', ALLOW_DENY],
	['listReactions', 'Allows/Denies listing reactions', ALLOW_DENY],
	['listReactions.allowedScopes', 'Lists the reactions of members with the specified scopes', SCOPES, 'list'],
	['initiateCall', 'Allows/Denies initiating calls', ALLOW_DENY],
	['initiateCall.allowedScopes', 'Allows calling members with the specified scopes', SCOPES, 'list'],
	['initiateCall.allowedType', 'Allows members to initiate call with the specified types', ['audio', 'video'], 'list'],
];

function definitions(type: 'role' | 'scope', rows: Row[]): PermissionDefinition[] {
	return rows.map(([id, title, values, kind]) => {
		const list = values === 'open' || kind === 'list';
		const availableValues = values === 'open' ? [] : values === 'mode' ? ['all', 'friends'] : values;
		return {
			id,
			type,
			title,
			description: title,
			dataType: list ? 'stringArray' : 'string',
			availableValues,
			defaultValue: list ? [] : values === 'mode' ? 'all' : 'allow',
			createdAt: CREATED,
			updatedAt: CREATED,
		};
	});
}

export const ROLE_PERMISSIONS: readonly PermissionDefinition[] = definitions('role', ROLE_ROWS);
export const SCOPE_PERMISSIONS: readonly PermissionDefinition[] = definitions('scope', SCOPE_ROWS);

/** The group scopes a scope's permissions are set for. */
export const GROUP_SCOPES: readonly string[] = SCOPES;

/**
 * Why `value` cannot be the permission's value, or undefined when it can. A list permission also
 * takes a single text (the published scope answer shows `"listMembers.allowedScopes": "participant"`).
 */
export function permissionValueProblem(definition: PermissionDefinition, value: unknown): string | undefined {
	const closed = definition.availableValues.length > 0;
	const allowed = (entry: unknown) => typeof entry === 'string' && (!closed || definition.availableValues.includes(entry));
	if (definition.dataType === 'string') {
		return allowed(value) ? undefined : `The value of ${definition.id} must be one of ${definition.availableValues.join(', ')}.`;
	}
	const entries = Array.isArray(value) ? value : [value];
	if (entries.every(allowed)) return undefined;
	return closed
		? `The value of ${definition.id} must be a list of ${definition.availableValues.join(', ')}.`
		: `The value of ${definition.id} must be a list of texts.`;
}

export interface FeatureDefinition {
	key: string;
	title: string;
	description: string;
	path: string;
}

/** The features a role can be restricted from: what a logged-in user may call. */
export const FEATURES: readonly FeatureDefinition[] = [
	{ key: 'u.listUsers', title: 'List Users', description: 'Allows logged-in user to fetch the user list.', path: '/v3/users' },
	{ key: 'u.getUser', title: 'Get User', description: 'Allows logged-in user to fetch the details of a user.', path: '/v3/users/{{uid}}' },
	{ key: 'u.listGroups', title: 'List Groups', description: 'Allows logged-in user to fetch the group list.', path: '/v3/groups' },
	{ key: 'u.createGroup', title: 'Create Group', description: 'Allows logged-in user to create a group.', path: '/v3/groups' },
	{ key: 'u.updateGroup', title: 'Update Group', description: 'Allows logged-in user to update a group.', path: '/v3/groups/{{guid}}' },
	{ key: 'u.deleteGroup', title: 'Delete Group', description: 'Allows logged-in user to delete a group.', path: '/v3/groups/{{guid}}' },
	{ key: 'u.joinGroup', title: 'Join Group', description: 'Allows logged-in user to join a group.', path: '/v3/groups/{{guid}}/members' },
	{ key: 'u.sendMessage', title: 'Send Message', description: 'Allows logged-in user to send a message.', path: '/v3/messages' },
	{ key: 'u.editMessage', title: 'Edit Message', description: 'Allows logged-in user to edit a message.', path: '/v3/messages/{{id}}' },
	{
		key: 'u.deleteMessage',
		title: 'Delete Message',
		description: 'Allows logged-in user to delete a message.',
		path: '/v3/messages/{{id}}',
	},
	{ key: 'u.addFriends', title: 'Add Friends', description: 'Allows logged-in user to add friends.', path: '/v3/users/{{uid}}/friends' },
	{
		key: 'u.blockUsers',
		title: 'Block Users',
		description: 'Allows logged-in user to block users.',
		path: '/v3/users/{{uid}}/blockedusers',
	},
];
