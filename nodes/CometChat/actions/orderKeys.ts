/**
 * What each operation's item touches, as keys (docs/cometchat-api.md, Items in flight): items of
 * one node run that share a key run in input order, one after the other; items with no key in
 * common overlap (items/inFlight.ts). `alone` runs the item with nothing else in flight: a list,
 * which keeps a window of its own pages. Send and Wait for Response is not here: it sends one
 * question for the whole run.
 *
 * The keys are read from the parameters as given, before the operation reads and checks them: a value
 * the operation will refuse gives a key all the same, and the item then fails without a request.
 * They are compared without case, so two spellings of one ID keep their order.
 */
/** Reads one of the item's parameters as the user gave it, expressions resolved. */
export type ParameterReader = (name: string) => unknown;

type KeyRule = ((read: ParameterReader) => string[]) | 'alone';

/** The keys of each operation, by `resource:operation`. */
export const ORDER_KEYS: Readonly<Record<string, KeyRule>> = {
	'user:create': (read) => [user(read('uid'))],
	'user:upsert': (read) => [user(read('uid'))],
	'user:get': (read) => [user(read('uid'))],
	'user:update': (read) => [user(read('uid'))],
	'user:updateAuthToken': (read) => [user(read('uid'))],
	'user:delete': (read) => [user(read('uid'))],
	'user:deactivate': (read) => entriesOf(read('uids')).map((uid) => `user:${uid}`),
	'user:reactivate': (read) => entriesOf(read('uids')).map((uid) => `user:${uid}`),
	'user:getAll': 'alone',
	'user:getFriends': 'alone',
	// A friendship is both users'.
	'user:addFriends': (read) => [user(read('uid')), ...entriesOf(read('friends')).map(user)],
	'user:removeFriends': (read) => [user(read('uid')), ...entriesOf(read('friends')).map(user)],
	'authToken:create': (read) => [user(read('uid'))],
	'authToken:get': (read) => [user(read('uid'))],
	'authToken:delete': (read) => [user(read('uid'))],
	'authToken:deleteAll': (read) => [user(read('uid'))],
	'authToken:getAll': 'alone',
	// A user's block list: blocks and unblocks by one user go in order.
	'blockedUser:block': (read) => [user(read('uid'))],
	'blockedUser:unblock': (read) => [user(read('uid'))],
	'blockedUser:getAll': 'alone',
	'group:create': (read) => [group(read('guid'))],
	'group:get': (read) => [group(read('guid'))],
	'group:update': (read) => [group(read('guid'))],
	'group:delete': (read) => [group(read('guid'))],
	'group:getAll': 'alone',
	'group:getBannedUsers': 'alone',
	// A scope of a group: its permissions.
	'group:setScopePermissions': (read) => [`scope:${idOf(read('guid'))}:${idOf(read('scope'))}`],
	'group:unsetScopePermission': (read) => [`scope:${idOf(read('guid'))}:${idOf(read('scope'))}`],
	'group:getScopePermissions': 'alone',
	// The same group and member.
	'groupMember:add': (read) => {
		const members = read('members');
		const lists = typeof members === 'object' && members !== null ? Object.values(members) : [];
		return lists.flatMap((list) => entriesOf(list)).map((uid) => member(read, uid));
	},
	'groupMember:remove': (read) => [member(read, idOf(read('uid')))],
	'groupMember:changeScope': (read) => [member(read, idOf(read('uid')))],
	'groupMember:ban': (read) => [member(read, idOf(read('uid')))],
	'groupMember:unban': (read) => [member(read, idOf(read('uid')))],
	'groupMember:getAll': 'alone',
	// The same conversation: a one-to-one conversation is its two users, whoever sends.
	'message:send': (read) => conversations(read, 'onBehalfOf'),
	'message:sendAsBot': (read) => conversations(read, 'botUid'),
	'message:sendForm': (read) => conversations(read, 'onBehalfOf'),
	'message:get': (read) => [message(read)],
	'message:update': (read) => [message(read)],
	'message:delete': (read) => [message(read)],
	'message:flag': (read) => [message(read)],
	'message:getAll': 'alone',
	'message:getReactions': 'alone',
	'message:getThread': 'alone',
	// The same message: its reactions, pin, saves, interactions and thread subscriptions.
	'message:edit': (read) => [message(read)],
	'message:addReaction': (read) => [message(read)],
	'message:removeReaction': (read) => [message(read)],
	'message:pin': (read) => [message(read)],
	'message:unpin': (read) => [message(read)],
	'message:save': (read) => [message(read)],
	'message:unsave': (read) => [message(read)],
	'message:markInteracted': (read) => [message(read)],
	'message:subscribeThread': (read) => [message(read)],
	'message:unsubscribeThread': (read) => [message(read)],
	'message:getReactionsByEmoji': 'alone',
	'message:getThreads': 'alone',
	// The same conversation, as the messages sent to it; the app's global pins are one list.
	'conversation:getAll': 'alone',
	'conversation:get': (read) => [conversationOf(read)],
	'conversation:updateTags': (read) => [conversationOf(read)],
	'conversation:reset': (read) => [conversationOf(read)],
	'conversation:pin': (read) => [conversationOf(read)],
	'conversation:unpin': (read) => [conversationOf(read)],
	'conversation:markDelivered': (read) => [conversationOf(read)],
	'conversation:markRead': (read) => [conversationOf(read)],
	'conversation:markUnread': (read) => [conversationOf(read)],
	'conversation:getPinned': 'alone',
	'conversation:setPinned': () => ['conversations:pinned'],
	'conversation:getById': (read) => [conversationById(read)],
	'conversation:deleteById': (read) => [conversationById(read)],
	'role:get': (read) => [`role:${idOf(read('role'))}`],
	'role:getAll': 'alone',
	'role:create': (read) => [`role:${idOf(read('role'))}`],
	'role:update': (read) => [`role:${idOf(read('role'))}`],
	'role:delete': (read) => [`role:${idOf(read('role'))}`],
	'role:setPermissions': (read) => [`role:${idOf(read('role'))}`],
	'role:unsetPermission': (read) => [`role:${idOf(read('role'))}`],
	'role:restrictFeatures': (read) => [`role:${idOf(read('role'))}`],
	'role:allowFeatures': (read) => [`role:${idOf(read('role'))}`],
	'role:getPermissions': 'alone',
	'role:getRestrictedFeatures': 'alone',
	'call:get': (read) => [`call:${idOf(read('sessionId'))}`],
	'call:getAll': 'alone',
	'call:getTranscriptions': 'alone',
	// A user's session: its push tokens.
	'pushToken:delete': (read) => [`session:${idOf(read('authToken'))}`],
	'pushToken:deleteByValue': (read) => [`session:${idOf(read('authToken'))}`],
	// A user's notification settings: preferences, muted conversations and time zone.
	'notificationPreference:get': (read) => [user(read('uid'))],
	'notificationPreference:update': (read) => [user(read('uid'))],
	'notificationPreference:reset': (read) => [user(read('uid'))],
	'notificationPreference:mute': (read) => [user(read('uid'))],
	'notificationPreference:unmute': (read) => [user(read('uid'))],
	'notificationPreference:getTimezone': (read) => [user(read('uid'))],
	'notificationPreference:updateTimezone': (read) => [user(read('uid'))],
	'notificationPreference:getMuted': 'alone',
	'contactDetail:get': (read) => [user(read('onBehalfOf'))],
	'contactDetail:update': (read) => [user(read('onBehalfOf'))],
	'contactDetail:delete': (read) => [user(read('onBehalfOf'))],
	'pushToken:register': (read) => [`session:${idOf(read('authToken'))}`],
	'pushToken:getAll': 'alone',
	'flaggedMessage:approve': (read) => [message(read)],
	'flaggedMessage:disapprove': (read) => [message(read)],
	'flaggedMessage:getAll': 'alone',
	'blockedMessage:approve': (read) => [message(read)],
	'blockedMessage:reject': (read) => [message(read)],
	'blockedMessage:getAll': 'alone',
	'moderationReason:getAll': 'alone',
	'moderationReason:create': (read) => [`reason:${idOf(read('reasonId'))}`],
	'moderationReason:get': (read) => [`reason:${idOf(read('reasonId'))}`],
	'moderationReason:update': (read) => [`reason:${idOf(read('reasonId'))}`],
	'moderationReason:delete': (read) => [`reason:${idOf(read('reasonId'))}`],
	'moderationRule:create': (read) => [`rule:${idOf(read('ruleId'))}`],
	'moderationRule:get': (read) => [`rule:${idOf(read('ruleId'))}`],
	'moderationRule:update': (read) => [`rule:${idOf(read('ruleId'))}`],
	'moderationRule:delete': (read) => [`rule:${idOf(read('ruleId'))}`],
	'moderationRule:getAll': 'alone',
	'moderationRule:getRevisions': 'alone',
	'keywordList:get': (read) => [`keywordList:${idOf(read('keywordListId'))}`],
	'keywordList:create': (read) => [`keywordList:${idOf(read('keywordListId'))}`],
	'keywordList:update': (read) => [`keywordList:${idOf(read('keywordListId'))}`],
	'keywordList:delete': (read) => [`keywordList:${idOf(read('keywordListId'))}`],
	'keywordList:getAll': 'alone',
	// A submitted message is a message of its conversation; the others touch the message itself.
	'moderatedMessage:submit': (read) => conversations(read, 'sender'),
	'moderatedMessage:get': (read) => [message(read)],
	'moderatedMessage:delete': (read) => [message(read)],
	'moderatedMessage:getAll': 'alone',
	'reviewedMessage:getAll': 'alone',
	// A bot is a user.
	'bot:create': (read) => [user(read('uid'))],
	'bot:get': (read) => [user(read('botUid'))],
	'bot:update': (read) => [user(read('botUid'))],
	'bot:delete': (read) => [user(read('botUid'))],
	'bot:getAll': 'alone',
	// The app's metrics: a read of the whole app.
	'metric:getUsage': 'alone',
	'metric:getMessageMetrics': 'alone',
	// One key per provider: its saves, updates and deletes go in order.
	'notificationProvider:get': (read) => [notificationProvider(read)],
	'notificationProvider:save': (read) => [notificationProvider(read)],
	'notificationProvider:update': (read) => [notificationProvider(read)],
	'notificationProvider:delete': (read) => [notificationProvider(read)],
	'notificationLog:getAll': 'alone',
	// The same API key (a new one by its name, as the key is not known before).
	'apiKey:create': (read) => [`apiKey:new:${idOf(read('name'))}`],
	'apiKey:get': (read) => [`apiKey:${idOf(read('apiKey'))}`],
	'apiKey:update': (read) => [`apiKey:${idOf(read('apiKey'))}`],
	'apiKey:delete': (read) => [`apiKey:${idOf(read('apiKey'))}`],
	'apiKey:getAll': 'alone',
	// One record for the app: a get, an update and a reset go in input order.
	'notificationSetting:get': () => ['notificationSettings'],
	'notificationSetting:update': () => ['notificationSettings'],
	'notificationSetting:reset': () => ['notificationSettings'],
	// The same FCM provider; Set Default also the app's default, so two of them go in input order.
	'fcmProvider:add': (read) => [`fcmProvider:${idOf(read('additionalFields.providerId'))}`],
	'fcmProvider:update': (read) => [`fcmProvider:${idOf(read('providerId'))}`],
	'fcmProvider:delete': (read) => [`fcmProvider:${idOf(read('providerId'))}`, 'fcmProvider:default'],
	'fcmProvider:setDefault': (read) => [`fcmProvider:${idOf(read('providerId'))}`, 'fcmProvider:default'],
	'fcmProvider:getAll': 'alone',
	'apnsProvider:add': (read) => [`apnsProvider:${idOf(read('additionalFields.providerId'))}`],
	'apnsProvider:update': (read) => [`apnsProvider:${idOf(read('providerId'))}`],
	'apnsProvider:delete': (read) => [`apnsProvider:${idOf(read('providerId'))}`, 'apnsProvider:default'],
	'apnsProvider:setDefault': (read) => [`apnsProvider:${idOf(read('providerId'))}`, 'apnsProvider:default'],
	'apnsProvider:getAll': 'alone',
	// The same webhook (the management API): its create, updates, triggers and delete go in input order.
	'webhook:create': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:get': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:update': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:delete': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:addTriggers': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:getTriggers': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:removeTriggers': (read) => [`webhook:${idOf(read('webhookId'))}`],
	'webhook:getAll': 'alone',
	// Data Import sends the run's items 50 to a request, one request at a time (dataImport/batches.ts), never item by item.
	'dataImport:importUsers': 'alone',
	'dataImport:importGroups': 'alone',
	'dataImport:importMembers': 'alone',
	'dataImport:importMessages': 'alone',
	// The Campaigns service: the same template, category, channel or campaign (by the ID or slug given).
	'campaignTemplate:create': (read) => [`campaignTemplate:${idOf(read('name'))}`],
	'campaignTemplate:get': (read) => [campaignRecord('campaignTemplate', read('templateId'))],
	'campaignTemplate:getAll': 'alone',
	'campaignTemplate:update': (read) => [campaignRecord('campaignTemplate', read('templateId'))],
	'campaignTemplate:archive': (read) => [campaignRecord('campaignTemplate', read('templateId'))],
	'campaignTemplate:updateChannelContent': (read) => [campaignRecord('campaignTemplate', read('templateId'))],
	'campaignTemplate:createVersion': (read) => [campaignRecord('campaignTemplate', read('templateId'))],
	'campaign:create': (read) => [`campaign:${idOf(read('name'))}`],
	'campaign:getAll': 'alone',
	'campaign:getRecipients': 'alone',
	'campaign:addRecipients': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:cancel': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:get': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:getImportStatus': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:getRecipientSummary': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:getSequenceMetrics': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:getUploadUrl': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:importCsv': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:schedule': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:send': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:update': (read) => [campaignRecord('campaign', read('campaignId'))],
	'campaign:delete': (read) => [campaignRecord('campaign', read('campaignId'))],
	'feedItem:getAll': 'alone',
	'feedItem:getUnreadCount': 'alone',
	'feedItem:get': (read) => [campaignRecord('feedItem', read('feedItemId'))],
	'feedItem:delete': (read) => [campaignRecord('feedItem', read('feedItemId'))],
	'feedItem:markAsRead': (read) => [campaignRecord('feedItem', read('feedItemId'))],
	'feedItem:markAsDelivered': (read) => [campaignRecord('feedItem', read('feedItemId'))],
	'feedItem:reportEngagement': (read) => [campaignRecord('feedItem', read('feedItemId'))],
	'campaignPushNotification:getAll': 'alone',
	'campaignPushNotification:get': (read) => [campaignRecord('campaignPushNotification', read('pushNotificationId'))],
	'campaignPushNotification:markAsDelivered': (read) => [campaignRecord('campaignPushNotification', read('pushNotificationId'))],
	'campaignPushNotification:markAsClicked': (read) => [campaignRecord('campaignPushNotification', read('pushNotificationId'))],
	'campaignPushNotification:reportEngagement': (read) => [campaignRecord('campaignPushNotification', read('pushNotificationId'))],
	'campaignAnalytics:getOverview': 'alone',
	'campaignAnalytics:getCampaign': 'alone',
	'campaignAnalytics:getTemplate': 'alone',
	'campaignAnalytics:getChannelBreakdown': 'alone',
	'campaignAnalytics:getUserInsights': 'alone',
	'campaignChannel:create': (read) => [`campaignChannel:${idOf(read('name'))}`],
	'campaignChannel:get': (read) => [campaignRecord('campaignChannel', read('channelId'))],
	'campaignChannel:getAll': 'alone',
	'campaignChannel:getAvailability': 'alone',
	'campaignChannel:update': (read) => [campaignRecord('campaignChannel', read('channelId'))],
	// One item plans the run's sends (templatedNotification/plan.ts): the others wait for it.
	'templatedNotification:send': 'alone',
	'templateCategory:create': (read) => [`templateCategory:${idOf(read('name'))}`],
	'templateCategory:get': (read) => [campaignRecord('templateCategory', read('categoryId'))],
	'templateCategory:getAll': 'alone',
	'templateCategory:update': (read) => [campaignRecord('templateCategory', read('categoryId'))],
	'templateCategory:delete': (read) => [campaignRecord('templateCategory', read('categoryId'))],
};

/**
 * The item's keys, or undefined when it runs alone: a list, an operation not in the table, or a
 * parameter whose expression cannot be read (the operation then fails the item with its own error).
 */
export function orderKeysOf(read: ParameterReader, resource: string, operation: string): string[] | undefined {
	const rule = ORDER_KEYS[`${resource}:${operation}`];
	if (rule === undefined || rule === 'alone') return undefined;
	try {
		return rule(read);
	} catch {
		return undefined;
	}
}

/** An ID as a key: a resource locator's value, in lower case. */
function idOf(value: unknown): string {
	const id = typeof value === 'object' && value !== null && '__rl' in value ? (value as { value?: unknown }).value : value;
	return (typeof id === 'string' || typeof id === 'number' ? String(id) : JSON.stringify(id ?? '')).trim().toLowerCase();
}

/** A list field's entries: an array from an expression, or text separated by commas. */
function entriesOf(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
	return entries.map(idOf).filter((entry) => entry !== '');
}

/** A record of the Campaigns service as a key. */
function campaignRecord(kind: string, id: unknown): string {
	return `${kind}:${idOf(id)}`;
}

function user(uid: unknown): string {
	return `user:${idOf(uid)}`;
}

function group(guid: unknown): string {
	return `group:${idOf(guid)}`;
}

function member(read: ParameterReader, uid: string): string {
	return `member:${idOf(read('guid'))}:${uid}`;
}

function message(read: ParameterReader): string {
	return `message:${idOf(read('messageId'))}`;
}

/** The conversations a send writes to: `sender` names the field of the sending user. */
function conversations(read: ParameterReader, sender: string): string[] {
	const from = idOf(read(sender));
	const withUser = (uid: string) => `conversation:users:${[from, uid].sort().join(':')}`;
	const inGroup = (guid: string) => `conversation:group:${guid}`;
	switch (read('receiverType')) {
		case 'group':
			return [inGroup(idOf(read('receiverGuid')))];
		case 'multiple':
			return [...entriesOf(read('receiverUids')).map(withUser), ...entriesOf(read('receiverGuids')).map(inGroup)];
		default:
			return [withUser(idOf(read('receiverUid')))];
	}
}

/** A user's conversation with another user (`conversationWith` user, `uid`) or in a group (`guid`), as the sends key it. */
function conversationOf(read: ParameterReader): string {
	if (read('conversationWith') === 'group') return `conversation:group:${idOf(read('guid'))}`;
	return `conversation:users:${[idOf(read('onBehalfOf')), idOf(read('uid'))].sort().join(':')}`;
}

/** The same key from a conversation ID: `group_<guid>` or `<uid>_user_<uid>`. */
function conversationById(read: ParameterReader): string {
	const id = idOf(read('conversationId'));
	if (id.startsWith('group_')) return `conversation:group:${id.slice('group_'.length)}`;
	const users = id.split('_user_');
	return users.length === 2 ? `conversation:users:${users.sort().join(':')}` : `conversation:${id}`;
}

/** The provider an item is about, by channel and kind: `notificationProvider:sms:twilio`. */
function notificationProvider(read: ParameterReader): string {
	const provider = idOf(read('provider'));
	const channel = ['sms', 'email', 'push'].find((name) => provider.endsWith(name)) ?? provider;
	const kind = provider.startsWith('custom') ? 'custom' : provider.slice(0, provider.length - channel.length);
	return `notificationProvider:${channel}:${kind}`;
}
