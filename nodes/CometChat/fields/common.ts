import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError } from '../readers/fieldErrors';
import { uidListOf } from '../readers/lists';
import { messageIdOf, optionalUid, requiredId, requiredUid } from '../readers/text';

/** What a resource locator lists and how its ID looks. */
interface LocatorKind {
	searchListMethod: string;
	placeholder: string;
	noun: string;
	/** Which ID the field takes typed By ID, e.g. UID: an AI agent's model fills that mode. */
	idName: string;
}

/** Whether a field's description already says which ID it takes (UID, GUID, message ID, …). */
export function namesAnId(description: string): boolean {
	return /\b(UIDs?|GUIDs?|MUIDs?|IDs?)\b/.test(description);
}

export const LOCATOR_KINDS = {
	user: { searchListMethod: 'searchUsers', placeholder: 'e.g. cometchat-uid-1', noun: 'user', idName: 'UID' },
	group: { searchListMethod: 'searchGroups', placeholder: 'e.g. cometchat-guid-1', noun: 'group', idName: 'GUID' },
	groupMember: { searchListMethod: 'searchGroupMembers', placeholder: 'e.g. cometchat-uid-1', noun: 'member', idName: 'UID' },
	bannedUser: { searchListMethod: 'searchGroupBannedUsers', placeholder: 'e.g. cometchat-uid-1', noun: 'banned user', idName: 'UID' },
	role: { searchListMethod: 'searchRoles', placeholder: 'e.g. default', noun: 'role', idName: 'role ID' },
	reason: { searchListMethod: 'searchReasons', placeholder: 'e.g. spam', noun: 'reason', idName: 'reason ID' },
	rule: { searchListMethod: 'searchRules', placeholder: 'e.g. profanity-filter', noun: 'rule', idName: 'rule ID' },
	keywordList: {
		searchListMethod: 'searchKeywordLists',
		placeholder: 'e.g. profanity-list',
		noun: 'keyword list',
		idName: 'keyword list ID',
	},
	message: { searchListMethod: 'searchMessages', placeholder: 'e.g. 1234', noun: 'message', idName: 'message ID' },
	bot: { searchListMethod: 'searchBots', placeholder: 'e.g. helpbot', noun: 'bot', idName: 'bot UID' },
	webhook: { searchListMethod: 'searchWebhooks', placeholder: 'e.g. orderupdates', noun: 'webhook', idName: 'webhook ID' },
	// The Campaigns service's records: the ID (a CUID) or, for templates and channels, the slug.
	campaignTemplate: {
		searchListMethod: 'searchCampaignTemplates',
		placeholder: 'e.g. deal-won',
		noun: 'template',
		idName: 'template ID or slug',
	},
	campaignChannel: {
		searchListMethod: 'searchCampaignChannels',
		placeholder: 'e.g. cc-notification-channel-my-push',
		noun: 'channel',
		idName: 'channel ID or slug',
	},
	campaign: { searchListMethod: 'searchCampaigns', placeholder: 'e.g. cmcmp00000000000000000001', noun: 'campaign', idName: 'campaign ID' },
	templateCategory: {
		searchListMethod: 'searchTemplateCategories',
		placeholder: 'e.g. cmcat00000000000000000001',
		noun: 'category',
		idName: 'category ID',
	},
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
		description: namesAnId(field.description) ? field.description : `${field.description} (by ${kind.idName})`,
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

/**
 * What the `onBehalfOf` field (the user a request is made as) is called where it is shown, in words
 * an n8n user reads at once: Sender where the user sends a message, User where the data is the user's
 * own (contact details), Act As everywhere else. Its name stays `onBehalfOf`, so saved workflows keep it.
 */
export const ACTING_USER = { sender: 'Sender', user: 'User', actAs: 'Act As' } as const;
export type ActingUserLabel = (typeof ACTING_USER)[keyof typeof ACTING_USER];

/** The user a request is made as (the `onBehalfOf` header), shown as `label`. */
export function onBehalfOfField(label: ActingUserLabel, required: boolean, description?: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.user, {
		name: 'onBehalfOf',
		displayName: label,
		required,
		description:
			description ??
			(required
				? 'The user (UID) the action is made as. CometChat requires it here.'
				: 'The user (UID) the action is made as. Leave empty to act as the app.'),
	});
}

/** Reads the acting user's field (shown as `label`), if the operation has one and it is set. */
export function onBehalfOfValue(context: IExecuteFunctions, itemIndex: number, label: ActingUserLabel): string | undefined {
	return optionalUid(context, itemIndex, 'onBehalfOf', label);
}

/** Reads an acting user's field (shown as `label`) the service requires; an empty one fails with [item N]. */
export function requiredOnBehalfOf(context: IExecuteFunctions, itemIndex: number, label: ActingUserLabel): string {
	return requiredUid(context, itemIndex, 'onBehalfOf', label, ACTING_USER_HINTS[label]);
}

const ACTING_USER_HINTS: Record<ActingUserLabel, string> = {
	Sender: "Choose the user who sends the message in 'Sender' from the list, or enter a UID.",
	User: "Choose the user in 'User' from the list, or enter a UID.",
	'Act As': "Choose the user the action is made as in 'Act As' from the list, or enter a UID.",
};

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

export const metadataField: INodeProperties = {
	displayName: 'Metadata (JSON)',
	name: 'metadata',
	type: 'json',
	default: '{}',
	description: 'Free JSON stored with the record. Put private data for e-mail or SMS notifications under the key "@private".',
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
	const id = requiredId(
		context,
		itemIndex,
		'messageId',
		'Message',
		'Enter the ID of the message, e.g. with the expression {{ $json.id }} after a step that sent or listed it, or choose one from the list.',
	);
	return messageIdOf(context, itemIndex, 'Message', id);
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
