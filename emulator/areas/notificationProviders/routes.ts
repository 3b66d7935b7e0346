import { ApiError, validationError } from '../../core/errors';
import type { Router } from '../../core/router';
import { clone } from '../../core/util';
import { queryInt, queryOne, requireBodyObject } from '../../core/validation';
import type { Json, Query } from '../../core/validation';
import type { Areas } from '../types';
import { PROVIDER_PATHS } from './collection';
import type { NotificationLog, ProviderPath } from './collection';

/**
 * The custom push provider answers inside `pushProviders` (a list of one), as published; the others
 * answer their record as `data`. A provider not saved answers an empty record (the emulator's
 * choice, docs/cometchat-api.md, Notification providers).
 */
function providerView(path: ProviderPath, record: Json | undefined): Json {
	if (path === 'push/custom') return { pushProviders: record ? [clone(record)] : [] };
	return record ? clone(record) : {};
}

/** Page size of the logs: the published example's 20; a larger `limit` is lowered to 100. */
const LOGS_DEFAULT_LIMIT = 20;
const LOGS_MAX_LIMIT = 100;

/** The query filters of GET /notifications/v1/logs, each compared with the entry's field. */
const TEXT_FILTERS = ['channel', 'provider', 'trigger', 'sender', 'receiver', 'receiverType', 'reason', 'messageCategory', 'messageType'];
const BOOLEAN_FILTERS = ['notificationTriggered', 'success'];

function matchesFilters(log: NotificationLog, query: Query): boolean {
	for (const name of TEXT_FILTERS) {
		const wanted = queryOne(query, name);
		if (wanted !== undefined && String(log[name]) !== wanted) return false;
	}
	for (const name of BOOLEAN_FILTERS) {
		const wanted = queryOne(query, name);
		if (wanted !== undefined && String(log[name] ?? false) !== wanted) return false;
	}
	// With an affix and no logId, messageId is the cursor (logsPage), not a filter.
	const isCursor = queryOne(query, 'affix') !== undefined && queryOne(query, 'logId') === undefined;
	const messageId = isCursor ? undefined : queryOne(query, 'messageId');
	if (messageId !== undefined && String(log.messageId) !== messageId) return false;
	const from = Number(queryOne(query, 'from') ?? -Infinity);
	const to = Number(queryOne(query, 'to') ?? Infinity);
	return log.messageSentAtMS >= from && log.messageSentAtMS <= to;
}

/**
 * A cursor's place in the logs: `affix` with the declared `logId`, or `affix` with `messageId`, the
 * cursor CometChat's published example hands back in `meta.next` (docs/cometchat-api.md, Notification
 * providers and logs). Without `affix`, `messageId` is the filter. The logs are in messageId order (the
 * cursor's field), logged order within a message. A messageId cursor is inclusive: one message's logs
 * (a group message has one per member and channel) may straddle two pages, so the next page starts at
 * that message's first log again, and the reader drops those it already has.
 */
function logsPage(logs: NotificationLog[], query: Query): { data: Json[]; meta: Json } {
	const limit = queryInt(query, 'limit', LOGS_DEFAULT_LIMIT, LOGS_MAX_LIMIT);
	const affix = queryOne(query, 'affix');
	const logId = queryOne(query, 'logId');
	if (affix !== undefined && affix !== 'append' && affix !== 'prepend')
		throw validationError({ affix: ['The affix is append or prepend.'] });
	if (logId !== undefined && affix === undefined) throw validationError({ logId: ['The logId goes with an affix.'] });
	const byMessage = [...logs].sort((a, b) => a.messageId - b.messageId);
	const { start, end } = cursorRange(byMessage, affix, logId ?? messageIdCursor(query, affix), limit);
	const page = byMessage.slice(start, end);
	const meta: Json = { current: { limit, count: page.length } };
	const first = page[0];
	const last = page[page.length - 1];
	if (first && start > 0) meta.previous = { affix: 'prepend', messageId: first.messageId };
	if (last && end < byMessage.length) meta.next = { affix: 'append', messageId: last.messageId };
	return { data: page.map((log) => clone(log)), meta };
}

/** The messageId of a `{affix, messageId}` cursor (a number), where the query is one. */
function messageIdCursor(query: Query, affix: string | undefined): number | undefined {
	const messageId = queryOne(query, 'messageId');
	if (affix === undefined) return undefined;
	if (messageId === undefined) throw validationError({ affix: ['The affix goes with a logId or a messageId.'] });
	return Number(messageId);
}

/** Where a page starts and ends: after (append) or before (prepend) the cursor's log or message. */
function cursorRange(
	logs: NotificationLog[],
	affix: string | undefined,
	cursor: string | number | undefined,
	limit: number,
): { start: number; end: number } {
	if (affix === undefined || cursor === undefined) return { start: 0, end: limit };
	if (typeof cursor === 'string') {
		const at = logs.findIndex((log) => log._id === cursor);
		if (at < 0) throw validationError({ logId: ['The logId is not a log of this app.'] });
		return affix === 'append' ? { start: at + 1, end: at + 1 + limit } : { start: Math.max(0, at - limit), end: at };
	}
	if (affix === 'append') {
		const start = logs.findIndex((log) => log.messageId >= cursor);
		return start < 0 ? { start: logs.length, end: logs.length } : { start, end: start + limit };
	}
	const after = logs.findIndex((log) => log.messageId > cursor);
	const end = after < 0 ? logs.length : after;
	return { start: Math.max(0, end - limit), end };
}

export function register(router: Router, { notificationProviders: notifications }: Areas): void {
	for (const path of PROVIDER_PATHS) {
		const [channel, kind] = path.split('/');
		const route = `/v3/notifications/${channel}/v1/providers/${kind}`;
		router.add('GET', route, () => ({ data: providerView(path, notifications.providers.get(path)) }));
		router.add('POST', route, (req) => ({ data: providerView(path, notifications.save(path, requireBodyObject(req.body))) }));
		router.add('PUT', route, (req) => {
			const body = requireBodyObject(req.body);
			if (Object.keys(body).length === 0) throw new ApiError('ERR_BAD_REQUEST', 'Nothing to update.');
			return { data: providerView(path, notifications.update(path, body)) };
		});
		router.add('DELETE', route, () => {
			notifications.remove(path);
			return { data: { success: true } };
		});
	}

	router.add('GET', '/v3/notifications/v1/logs', (req) =>
		logsPage(
			notifications.logs.filter((log) => matchesFilters(log, req.query)),
			req.query,
		),
	);
}
