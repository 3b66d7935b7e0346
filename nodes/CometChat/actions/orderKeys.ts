import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * What each operation's item touches, as keys (docs/cometchat-api.md, Items in flight): items of
 * one node run that share a key run in input order, one after the other; items with no key in
 * common overlap (items/inFlight.ts). `alone` runs the item with nothing else in flight: a list,
 * which keeps a window of its own pages. Send and Wait for Response is not here: it sends one
 * question for the whole run.
 *
 * The keys are read from the raw parameters, before the operation reads and checks them: a value
 * the operation will refuse gives a key all the same, and the item then fails without a request.
 * They are compared without case, so two spellings of one ID keep their order.
 */
type KeyRule = ((context: IExecuteFunctions, itemIndex: number) => string[]) | 'alone';

/** The keys of each operation, by `resource:operation`. */
export const ORDER_KEYS: Readonly<Record<string, KeyRule>> = {
	'user:create': (c, i) => [user(c, i, 'uid')],
	'user:upsert': (c, i) => [user(c, i, 'uid')],
	'user:get': (c, i) => [user(c, i, 'uid')],
	'user:update': (c, i) => [user(c, i, 'uid')],
	'user:updateAuthToken': (c, i) => [user(c, i, 'uid')],
	'user:delete': (c, i) => [user(c, i, 'uid')],
	'user:deactivate': (c, i) => listOf(c, i, 'uids').map((uid) => `user:${uid}`),
	'user:reactivate': (c, i) => listOf(c, i, 'uids').map((uid) => `user:${uid}`),
	'user:getAll': 'alone',
	'user:getFriends': 'alone',
	'authToken:create': (c, i) => [user(c, i, 'uid')],
	'authToken:get': (c, i) => [user(c, i, 'uid')],
	'authToken:delete': (c, i) => [user(c, i, 'uid')],
	'authToken:deleteAll': (c, i) => [user(c, i, 'uid')],
	'authToken:getAll': 'alone',
	// A user's block list: blocks and unblocks by one user go in order.
	'blockedUser:block': (c, i) => [user(c, i, 'uid')],
	'blockedUser:unblock': (c, i) => [user(c, i, 'uid')],
	'blockedUser:getAll': 'alone',
	'group:create': (c, i) => [group(c, i, 'guid')],
	'group:get': (c, i) => [group(c, i, 'guid')],
	'group:update': (c, i) => [group(c, i, 'guid')],
	'group:delete': (c, i) => [group(c, i, 'guid')],
	'group:getAll': 'alone',
	'group:getBannedUsers': 'alone',
	// The same group and member.
	'groupMember:add': (c, i) => {
		const members = raw(c, i, 'members');
		const lists = typeof members === 'object' && members !== null ? Object.values(members) : [];
		return lists.flatMap((list) => entriesOf(list)).map((uid) => member(c, i, uid));
	},
	'groupMember:remove': (c, i) => [member(c, i, idOf(raw(c, i, 'uid')))],
	'groupMember:changeScope': (c, i) => [member(c, i, idOf(raw(c, i, 'uid')))],
	'groupMember:ban': (c, i) => [member(c, i, idOf(raw(c, i, 'uid')))],
	'groupMember:unban': (c, i) => [member(c, i, idOf(raw(c, i, 'uid')))],
	'groupMember:getAll': 'alone',
	// The same conversation: a one-to-one conversation is its two users, whoever sends.
	'message:send': (c, i) => conversations(c, i, 'onBehalfOf'),
	'message:sendAsBot': (c, i) => conversations(c, i, 'botUid'),
	'message:sendForm': (c, i) => conversations(c, i, 'onBehalfOf'),
	'message:get': (c, i) => [message(c, i)],
	'message:update': (c, i) => [message(c, i)],
	'message:delete': (c, i) => [message(c, i)],
	'message:flag': (c, i) => [message(c, i)],
	'message:getAll': 'alone',
	'message:getReactions': 'alone',
	'message:getThread': 'alone',
	'role:get': (c, i) => [`role:${idOf(raw(c, i, 'role'))}`],
	'role:getAll': 'alone',
	'call:get': (c, i) => [`call:${idOf(raw(c, i, 'sessionId'))}`],
	// A user's session: its push tokens.
	'pushToken:delete': (c, i) => [`session:${idOf(raw(c, i, 'authToken'))}`],
	'pushToken:deleteByValue': (c, i) => [`session:${idOf(raw(c, i, 'authToken'))}`],
	'flaggedMessage:approve': (c, i) => [message(c, i)],
	'flaggedMessage:disapprove': (c, i) => [message(c, i)],
	'flaggedMessage:getAll': 'alone',
	'blockedMessage:approve': (c, i) => [message(c, i)],
	'blockedMessage:reject': (c, i) => [message(c, i)],
	'blockedMessage:getAll': 'alone',
	'moderationReason:getAll': 'alone',
	'moderationRule:update': (c, i) => [`rule:${idOf(raw(c, i, 'ruleId'))}`],
	'moderationRule:delete': (c, i) => [`rule:${idOf(raw(c, i, 'ruleId'))}`],
	'moderationRule:getAll': 'alone',
	'moderationRule:getRevisions': 'alone',
	'keywordList:get': (c, i) => [`keywordList:${idOf(raw(c, i, 'keywordListId'))}`],
	'keywordList:getAll': 'alone',
	// A bot is a user.
	'bot:create': (c, i) => [user(c, i, 'uid')],
	'bot:get': (c, i) => [user(c, i, 'botUid')],
	'bot:update': (c, i) => [user(c, i, 'botUid')],
	'bot:delete': (c, i) => [user(c, i, 'botUid')],
	'bot:getAll': 'alone',
};

/**
 * The item's keys, or undefined when it runs alone: a list, an operation not in the table, or a
 * parameter whose expression cannot be read (the operation then fails the item with its own error).
 */
export function orderKeysOf(context: IExecuteFunctions, itemIndex: number, resource: string, operation: string): string[] | undefined {
	const rule = ORDER_KEYS[`${resource}:${operation}`];
	if (rule === undefined || rule === 'alone') return undefined;
	try {
		return rule(context, itemIndex);
	} catch {
		return undefined;
	}
}

/** A parameter as the user gave it (a resource locator's value), with expressions resolved. */
function raw(context: IExecuteFunctions, itemIndex: number, name: string): unknown {
	return context.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

function idOf(value: unknown): string {
	return (typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value ?? '')).trim().toLowerCase();
}

/** A list field's entries: an array from an expression, or text separated by commas. */
function entriesOf(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
	return entries.map(idOf).filter((entry) => entry !== '');
}

function listOf(context: IExecuteFunctions, itemIndex: number, name: string): string[] {
	return entriesOf(raw(context, itemIndex, name));
}

function user(context: IExecuteFunctions, itemIndex: number, name: string): string {
	return `user:${idOf(raw(context, itemIndex, name))}`;
}

function group(context: IExecuteFunctions, itemIndex: number, name: string): string {
	return `group:${idOf(raw(context, itemIndex, name))}`;
}

function member(context: IExecuteFunctions, itemIndex: number, uid: string): string {
	return `member:${idOf(raw(context, itemIndex, 'guid'))}:${uid}`;
}

function message(context: IExecuteFunctions, itemIndex: number): string {
	return `message:${idOf(raw(context, itemIndex, 'messageId'))}`;
}

/** The conversations a send writes to: `sender` names the field of the sending user. */
function conversations(context: IExecuteFunctions, itemIndex: number, sender: string): string[] {
	const from = idOf(raw(context, itemIndex, sender));
	const withUser = (uid: string) => `conversation:users:${[from, uid].sort().join(':')}`;
	const inGroup = (guid: string) => `conversation:group:${guid}`;
	switch (raw(context, itemIndex, 'receiverType')) {
		case 'group':
			return [inGroup(idOf(raw(context, itemIndex, 'receiverGuid')))];
		case 'multiple':
			return [...listOf(context, itemIndex, 'receiverUids').map(withUser), ...listOf(context, itemIndex, 'receiverGuids').map(inGroup)];
		default:
			return [withUser(idOf(raw(context, itemIndex, 'receiverUid')))];
	}
}
