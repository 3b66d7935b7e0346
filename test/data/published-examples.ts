/**
 * CometChat's published example answers of the list operations (published-list-examples.json, with
 * their source) and what replays them: each one's operation in the CometChat node, and a stand-in of
 * CometChat on 127.0.0.1 that answers every GET of an example's path with the example, as it is.
 * Used by test/node/published-examples.test.ts (n8n's engine) and e2e/published-examples.js (the
 * real n8n CLI).
 */
import * as http from 'http';
import type { AddressInfo } from 'net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import examples from './published-list-examples.json';

/** A resource locator value in By ID mode, as n8n stores it. */
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export interface PublishedExample {
	operationId: string;
	path: string;
	answer: { data: IDataObject[]; meta?: IDataObject };
}

/** The node's operation for each published list operation, with the parameters it needs. */
export const OPERATIONS: Record<string, INodeParameters> = {
	'list-apikeys': { resource: 'apiKey', operation: 'getAll' },
	'list-users': { resource: 'user', operation: 'getAll' },
	'list-groups': { resource: 'group', operation: 'getAll' },
	'list-all-messages': { resource: 'message', operation: 'getAll', conversation: 'all' },
	'list-all-reactions': { resource: 'message', operation: 'getReactions', messageId: byId('1'), onBehalfOf: byId('ada') },
	'get-message-reactions': { resource: 'message', operation: 'getReactionsByEmoji', messageId: byId('1'), reaction: '👍' },
	'list-all-conversations': { resource: 'conversation', operation: 'getAll', onBehalfOf: byId('ada') },
	'list-global-pinned-conversations': { resource: 'conversation', operation: 'getPinned' },
	'list-authtokens': { resource: 'authToken', operation: 'getAll', uid: byId('ada') },
	'list-group-members': {
		resource: 'groupMember',
		operation: 'getAll',
		guid: byId('crew'),
		filters: { scopes: ['admin', 'moderator'] },
	},
	'list-banned-group-users': { resource: 'group', operation: 'getBannedUsers', guid: byId('crew') },
	'list-all-friends': { resource: 'user', operation: 'getFriends', uid: byId('ada') },
	'list-all-blocked-users': { resource: 'blockedUser', operation: 'getAll', uid: byId('ada') },
	'list-roles': { resource: 'role', operation: 'getAll' },
	'get-restrictedfeatures': { resource: 'role', operation: 'getRestrictedFeatures', role: byId('default') },
	'list-all-thread-messages': { resource: 'message', operation: 'getThread', messageId: byId('1'), onBehalfOf: byId('ada') },
	'list-all-threads': { resource: 'message', operation: 'getThreads' },
	'user-list-user-messages': {
		resource: 'message',
		operation: 'getAll',
		conversation: 'user',
		onBehalfOf: byId('ada'),
		withUid: byId('bob'),
	},
	'user-list-group-messages': { resource: 'message', operation: 'getAll', conversation: 'group', groupGuid: byId('crew') },
	'notifications-logs': { resource: 'notificationLog', operation: 'getAll', options: { simplify: false } },
	'list-role-permissions': { resource: 'role', operation: 'getPermissions', role: byId('default') },
	'list-scope-permissions': { resource: 'group', operation: 'getScopePermissions', guid: byId('crew'), scope: 'admin' },
	'chat-api-list-rules': { resource: 'moderationRule', operation: 'getAll' },
	'chat-api-list-rule-keywords': { resource: 'keywordList', operation: 'getAll' },
	'chat-api-list-rule-revisions': { resource: 'moderationRule', operation: 'getRevisions', ruleId: byId('no-spam') },
	'chat-api-list-moderation-blocked-messages': { resource: 'blockedMessage', operation: 'getAll' },
	'chat-api-list-message-moderation': { resource: 'moderatedMessage', operation: 'getAll' },
	'chat-api-list-reasons': { resource: 'moderationReason', operation: 'getAll' },
	'chat-api-list-flagged-messages': { resource: 'flaggedMessage', operation: 'getAll' },
	'chat-api-list-reviewed-messages': { resource: 'reviewedMessage', operation: 'getAll' },
	'list-calls': { resource: 'call', operation: 'getAll' },
	'retrieve-call-transcriptions': { resource: 'call', operation: 'getTranscriptions', sessionId: 'v1.us.call-1' },
};

/**
 * The examples whose records are fewer than their own `meta` counts: read as the service's count,
 * with a hint. (`meta.pagination.total` 0 beside records, in the user and group lists, is not a
 * count of the page and is not checked. The role and scope permission lists, 3 records where
 * `meta.pagination.count` says 28 and 11, declare no paging parameter and are read in one request,
 * whose envelope is not a page's: they give their records without a hint.)
 */
export const DISAGREEING = [
	'list-users',
	'list-groups',
	'list-group-members',
	'list-banned-group-users',
	'list-all-friends',
	'list-all-blocked-users',
	'chat-api-list-moderation-blocked-messages',
	'chat-api-list-reviewed-messages',
	'notifications-logs',
];

export const PUBLISHED: PublishedExample[] = examples.examples as unknown as PublishedExample[];

/** The request paths an example answers: its path's `{parameters}` any one segment, under /v3. */
export function pathPattern(path: string): RegExp {
	return new RegExp(`^/v3${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

/** What the stand-in was asked, in order: `GET /v3/…?…`. */
export interface PublishedStandIn {
	url: string;
	requests: string[];
	close(): Promise<void>;
}

/**
 * Starts the stand-in: a GET whose path fits one of `served` gets that example's answer with 200;
 * anything else a 404 in CometChat's error shape.
 */
export async function startPublishedStandIn(served: () => PublishedExample[] = () => PUBLISHED): Promise<PublishedStandIn> {
	const requests: string[] = [];
	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://stand-in');
		requests.push(`${request.method} ${url.pathname}${url.search}`);
		const example = request.method === 'GET' ? served().find((e) => pathPattern(e.path).test(url.pathname)) : undefined;
		response.writeHead(example ? 200 : 404, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify(
				example ? example.answer : { error: { code: 'ERR_NOT_PUBLISHED', message: 'No published example answers this request' } },
			),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
