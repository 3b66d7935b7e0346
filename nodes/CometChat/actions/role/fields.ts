import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { describeValue, fieldError } from '../../readers/fieldErrors';
import { checkIdsPerRequest, listOf } from '../../readers/lists';
import { requiredId, textOf } from '../../readers/text';
import { compact, optionalOptionOf, parseJsonObject } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';

/** The role an operation acts on: the required locator `role` ("Role"). */
export function roleField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.role, { name: 'role', displayName: 'Role', required: true, description });
}

/** Reads the Role locator; an empty one fails with [item N]. */
export function roleValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(context, itemIndex, 'role', 'Role');
}

/** The values of a role's two settings (docs/cometchat-api.md, Roles and permissions). */
const SETTING_VALUES = ['all', 'friendsOnly'] as const;
const settingOptions = [
	{ name: 'All Users', value: 'all' },
	{ name: 'Friends Only', value: 'friendsOnly' },
];

/** The role's settings as fields of an Additional Fields or Update Fields collection. */
export const roleSettingsFields: INodeProperties[] = [
	{
		displayName: 'List Users',
		name: 'listUsers',
		type: 'options',
		options: settingOptions,
		default: 'all',
		description: "Whom the role's users see when they list users",
	},
	{
		displayName: 'Send Messages To',
		name: 'sendMessagesTo',
		type: 'options',
		options: settingOptions,
		default: 'all',
		description: "Whom the role's users can message",
	},
];

/** `settings` from the collection's List Users and Send Messages To: only those given, undefined when neither is. */
export function roleSettingsOf(context: IExecuteFunctions, itemIndex: number, fields: IDataObject): IDataObject | undefined {
	const settings = compact({
		listUsers: optionalOptionOf(context, itemIndex, 'List Users', fields.listUsers, SETTING_VALUES),
		sendMessagesTo: optionalOptionOf(context, itemIndex, 'Send Messages To', fields.sendMessagesTo, SETTING_VALUES),
	});
	return Object.keys(settings).length > 0 ? settings : undefined;
}

/** The Permissions (JSON) field of Role → Set Permissions and Group → Set Scope Permissions. */
export function permissionsField(example: string): INodeProperties {
	return {
		displayName: 'Permissions (JSON)',
		name: 'permissions',
		type: 'json',
		required: true,
		default: '{}',
		placeholder: `e.g. ${example}`,
		description:
			'The permissions to set, as permission key → value: "allow" or "deny", a mode such as "friends", or a list such as ["public"]. Permissions not named keep their value. Get Permissions lists the keys and the values each takes.',
	};
}

/**
 * Permissions to set: a JSON object of at least one key, each value a text or a list of texts (the
 * published permissions take nothing else).
 */
export function permissionsValue(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const label = 'Permissions (JSON)';
	const permissions = parseJsonObject(context, itemIndex, context.getNodeParameter('permissions', itemIndex, '{}'), label) ?? {};
	const keys = Object.keys(permissions);
	if (keys.length === 0) {
		throw fieldError(
			context,
			itemIndex,
			label,
			'names no permission',
			`Put at least one permission in '${label}', e.g. {"sendMessage": "deny"}.`,
		);
	}
	for (const key of keys) {
		const value = permissions[key];
		const isText = typeof value === 'string' && value.trim() !== '';
		const isTextList = Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry.trim() !== '');
		if (key.trim() === '' || !(isText || isTextList)) {
			throw fieldError(
				context,
				itemIndex,
				label,
				key.trim() === ''
					? 'has an empty permission key'
					: `gives ${key} ${describeValue(value)}; a permission takes a text or a list of texts`,
				`Give each permission a value such as "allow", "deny", "friends" or ["public", "private"].`,
			);
		}
	}
	return permissions;
}

/** The Permission field of the Unset operations: one permission key. */
export function permissionKeyField(description: string): INodeProperties {
	return {
		displayName: 'Permission',
		name: 'permission',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. sendMessage',
		description,
	};
}

/** Reads the Permission key: text, not blank, without spaces (a key such as listUsers.mode). */
export function permissionKeyValue(context: IExecuteFunctions, itemIndex: number): string {
	const key = textOf(context, itemIndex, 'Permission', context.getNodeParameter('permission', itemIndex, '')).trim();
	if (key === '' || /\s/.test(key)) {
		throw fieldError(
			context,
			itemIndex,
			'Permission',
			key === '' ? 'is empty' : `is ${describeValue(key)}; a permission key has no spaces`,
			'Enter one permission key, e.g. sendMessage or listUsers.mode (Get Permissions lists them).',
		);
	}
	return key;
}

/** A list of feature keys to send: at least one, none twice, at most one request's worth. */
export function featureKeysOf(context: IExecuteFunctions, itemIndex: number, name: string, label: string): string[] {
	const keys = listOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, ''));
	if (keys.length === 0) {
		throw fieldError(context, itemIndex, label, 'is empty', `Enter at least one feature key in '${label}', e.g. u.listUsers.`);
	}
	checkIdsPerRequest(context, itemIndex, label, keys.length);
	return keys;
}

/**
 * Fields of a list read in one request: the published permission and restricted-feature lists
 * declare no paging parameter, and hold a few dozen records at most.
 */
export const oneRequestListFields: INodeProperties[] = returnAllOrLimitFields();

/** Reads such a list in one request and applies Limit to its records. */
export async function oneRequestList(context: IExecuteFunctions, itemIndex: number, path: string[]): Promise<IDataObject[]> {
	const { returnAll, limit } = pageLimitOf(context, itemIndex);
	const response = await cometChatRequest.call(context, { method: 'GET', path });
	const records = Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
	return returnAll ? records : records.slice(0, limit);
}
