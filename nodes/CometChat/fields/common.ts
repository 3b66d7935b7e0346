import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { PageLimit } from '../transport/returnAll';
import {
	booleanOf,
	fieldError,
	integerOf,
	listOf,
	optionalUid,
	readBoolean,
	readOption,
	requiredId,
	requiredUid,
	uidListOf,
} from '../helpers/parameters';

/** What a resource locator lists and how its ID looks. */
interface LocatorKind {
	searchListMethod: string;
	placeholder: string;
	noun: string;
}

export const LOCATOR_KINDS = {
	user: { searchListMethod: 'searchUsers', placeholder: 'e.g. cometchat-uid-1', noun: 'user' },
	group: { searchListMethod: 'searchGroups', placeholder: 'e.g. cometchat-guid-1', noun: 'group' },
	groupMember: { searchListMethod: 'searchGroupMembers', placeholder: 'e.g. cometchat-uid-1', noun: 'member' },
	bannedUser: { searchListMethod: 'searchGroupBannedUsers', placeholder: 'e.g. cometchat-uid-1', noun: 'banned user' },
	role: { searchListMethod: 'searchRoles', placeholder: 'e.g. default', noun: 'role' },
	reason: { searchListMethod: 'searchReasons', placeholder: 'e.g. spam', noun: 'reason' },
	rule: { searchListMethod: 'searchRules', placeholder: 'e.g. profanity-filter', noun: 'rule' },
	keywordList: { searchListMethod: 'searchKeywordLists', placeholder: 'e.g. profanity-list', noun: 'keyword list' },
	message: { searchListMethod: 'searchMessages', placeholder: 'e.g. 1234', noun: 'message' },
	bot: { searchListMethod: 'searchBots', placeholder: 'e.g. helpbot', noun: 'bot' },
} satisfies Record<string, LocatorKind>;

/** A resource locator: pick from a searchable list, or type the ID. */
export function locatorField(
	kind: LocatorKind,
	field: { name: string; displayName: string; description: string; required?: boolean },
): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: field.required ?? false,
		description: field.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${kind.noun}...`,
				typeOptions: { searchListMethod: kind.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: kind.placeholder,
			},
		],
	};
}

/** The user an operation is about, as the required locator `uid` ("User"). Read it with requiredUid(…, 'uid', 'User'). */
export function userField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.user, { name: 'uid', displayName: 'User', required: true, description });
}

/** The user an action is performed for (the `onBehalfOf` header). */
export function onBehalfOfField(required: boolean, description?: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.user, {
		name: 'onBehalfOf',
		displayName: 'On Behalf Of',
		required,
		description:
			description ??
			(required
				? 'The user (UID) the action is performed for. CometChat requires it here.'
				: 'The user (UID) the action is performed for. Leave empty to act as the app.'),
	});
}

/** Reads the On Behalf Of locator, if the operation has one and it is set. */
export function onBehalfOfValue(context: IExecuteFunctions, itemIndex: number): string | undefined {
	return optionalUid(context, itemIndex, 'onBehalfOf', 'On Behalf Of');
}

/** Reads an On Behalf Of locator the service requires; an empty one fails with [item N]. */
export function requiredOnBehalfOf(context: IExecuteFunctions, itemIndex: number): string {
	return requiredUid(
		context,
		itemIndex,
		'onBehalfOf',
		'On Behalf Of',
		'Choose the user the action is performed for from the list, or enter a UID.',
	);
}

/** Several users in one field: UIDs separated by commas, or a list from an expression. */
export function uidListField(field: { name: string; displayName: string; description: string }): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. ada, alan',
		description: `${field.description}: UIDs separated by commas, or a list from an expression`,
	};
}

/** Reads a UID-list field: at least one UID, and the rules of uidListOf. */
export function uidListValue(context: IExecuteFunctions, itemIndex: number, name: string, label: string): string[] {
	const uids = uidListOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, ''));
	if (uids.length === 0) {
		throw fieldError(
			context,
			itemIndex,
			label,
			'is empty',
			`Enter one or more UIDs in '${label}' separated by commas, or a list from an expression, e.g. {{ $json.uids }}.`,
		);
	}
	return uids;
}

/** A user's auth token (a session): its own field, since tokens have no list to pick from. */
export function authTokenField(description: string): INodeProperties {
	return {
		displayName: 'Auth Token',
		name: 'authToken',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description,
	};
}

export function authTokenValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(
		context,
		itemIndex,
		'authToken',
		'Auth Token',
		"Enter the user's auth token, e.g. from the output of User → Create with With Auth Token on.",
	);
}

/** Return All + Limit, as every list in n8n has them. */
export function returnAllOrLimitFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** Return All must be a boolean and Limit a whole number of at least 1 (Limit is read only without Return All). */
export function pageLimitOf(context: IExecuteFunctions, itemIndex: number): PageLimit {
	const returnAll = readBoolean(context, itemIndex, 'returnAll', 'Return All', false);
	if (returnAll) return { returnAll, limit: undefined };
	const limit = integerOf(context, itemIndex, 'Limit', context.getNodeParameter('limit', itemIndex, 50), 1);
	return { returnAll, limit };
}

/**
 * Options → Simplify, for lists whose records are long. Lists are simplified unless the user adds
 * this option and turns it off, so the default output stays short.
 */
export function simplifyOption(fieldsKept: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return a short version of each record (${fieldsKept}) instead of the raw data. On unless turned off.`,
	};
}

/**
 * The Options collection of a list whose only option is Simplify (read back with `options`). Hidden
 * in the node's AI tool, which has Output instead (toolOutputFields).
 */
export function simplifyOptionsField(fieldsKept: string[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { hide: { '@tool': [true] } },
		options: [simplifyOption(fieldsKept.join(', '))],
	};
}

/**
 * In the node's AI tool (n8n derives `cometChatTool` from `usableAsTool`), n8n's guidelines ask for
 * an Output choice: Simplified, Raw, or Selected Fields, so the agent gets no more than it needs.
 */
export function toolOutputFields(fieldsKept: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Raw', value: 'raw', description: 'Every field CometChat returns' },
				{ name: 'Selected Fields', value: 'selectedFields', description: 'Only the fields you name' },
				{ name: 'Simplified', value: 'simplified', description: `Only ${fieldsKept.join(', ')}` },
			],
			default: 'simplified',
			description: 'How much of each record the agent gets',
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'string',
			required: true,
			default: '',
			placeholder: `e.g. ${fieldsKept.slice(0, 3).join(', ')}`,
			description: 'The fields of each record to keep, separated by commas (top-level names)',
			displayOptions: { show: { '@tool': [true], output: ['selectedFields'] } },
		},
	];
}

/** Whether the node runs as its AI tool variant (the `@tool` display condition, at run time). */
function isTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * How each of a list's records goes out, as the user asked: Options → Simplify in the node, Output
 * (Simplified, Raw or Selected Fields) in its AI tool; undefined when records go out whole. Read
 * before the request, so a bad choice fails before anything is sent. It is applied to each page as
 * it arrives, so a long list is never held twice (whole and shaped).
 */
export function recordShaper(
	context: IExecuteFunctions,
	itemIndex: number,
	pick: (record: IDataObject) => IDataObject,
): ((record: IDataObject) => IDataObject) | undefined {
	if (!isTool(context)) {
		const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return booleanOf(context, itemIndex, 'Simplify', options.simplify, true) ? pick : undefined;
	}
	const output = readOption(context, itemIndex, 'output', 'Output', ['raw', 'selectedFields', 'simplified'] as const, 'simplified');
	if (output === 'raw') return undefined;
	if (output === 'selectedFields') {
		const fields = listOf(context, itemIndex, 'Fields', context.getNodeParameter('fields', itemIndex, ''));
		if (fields.length === 0) {
			throw fieldError(context, itemIndex, 'Fields', 'names no field', 'Name the fields to keep in Fields, separated by commas, or choose another Output.');
		}
		return fieldPicker(fields);
	}
	return pick;
}

/**
 * The Search In and Search Term filters of a list searched by name and by id (users by UID, groups
 * by GUID).
 */
export function searchFilterFields(noun: string, id: { label: string; value: string }, placeholder: string): INodeProperties[] {
	const fields = [
		{ name: id.label, value: id.value },
		{ name: 'Name', value: 'name' },
	].sort((a, b) => a.name.localeCompare(b.name));
	return [
		{
			displayName: 'Search In',
			name: 'searchIn',
			type: 'multiOptions',
			options: fields,
			default: [],
			description: 'Which fields the search term is matched against. Both when none is chosen.',
		},
		{
			displayName: 'Search Term',
			name: 'searchKey',
			type: 'string',
			default: '',
			placeholder: `e.g. ${placeholder}`,
			description: `Only ${noun} whose ${id.label} or name starts with this text`,
		},
	];
}

/**
 * Makes the function that copies the named fields a record has (not undefined) into a new plain
 * object: Simplify, and the tool's Selected Fields.
 *
 * The copies are made with `new` on a constructor of the picker's own, because V8 then sizes them to
 * the fields they get, once it has seen a few. An object literal that fields are added to has room
 * for 4 and keeps the rest in a second block: a simplified user took 94 bytes that way, and takes 63
 * this way, so 100,000 of them hold 3 MiB less. The constructor's prototype is Object's, so a copy is
 * a plain object like any other (to JSON, to n8n, to lodash's isPlainObject).
 */
export function fieldPicker(fields: readonly string[]): (record: IDataObject) => IDataObject {
	function PickedFields(this: IDataObject, record: IDataObject): void {
		for (const field of fields) {
			if (record[field] !== undefined) this[field] = record[field];
		}
	}
	PickedFields.prototype = Object.prototype;
	const Picked = PickedFields as unknown as new (record: IDataObject) => IDataObject;
	return (record) => new Picked(record);
}

export const metadataField: INodeProperties = {
	displayName: 'Metadata (JSON)',
	name: 'metadata',
	type: 'json',
	default: '{}',
	description:
		'Free JSON stored with the record. Put private data for e-mail or SMS notifications under the key "@private".',
};

export const tagsField: INodeProperties = {
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'e.g. vip, beta',
	description: 'Tags separated by commas, or an array from an expression',
};

/**
 * A message: picked from the app's recent messages (newest first, searched by text), or its ID
 * typed or taken from an earlier step.
 */
export function messageIdField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.message, { name: 'messageId', displayName: 'Message', required: true, description });
}

/** Reads the Message ID field; an empty one fails with [item N] and how to fill it in. */
export function messageIdValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(
		context,
		itemIndex,
		'messageId',
		'Message',
		"Enter the ID of the message, e.g. with the expression {{ $json.id }} after a step that sent or listed it, or choose one from the list.",
	);
}

/** How an update's changes are given: the fields below, or a JSON body built in an earlier step. */
export function changesModeField(name: string): INodeProperties {
	return {
		displayName: 'Define Changes',
		name,
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
	};
}
