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
	const messageId = queryOne(query, 'messageId');
	if (messageId !== undefined && String(log.messageId) !== messageId) return false;
	const from = Number(queryOne(query, 'from') ?? -Infinity);
	const to = Number(queryOne(query, 'to') ?? Infinity);
	return log.messageSentAtMS >= from && log.messageSentAtMS <= to;
}

/** A cursor's place in the logs: `affix` with `logId`, as published. */
function logsPage(logs: NotificationLog[], query: Query): { data: Json[]; meta: Json } {
	const limit = queryInt(query, 'limit', LOGS_DEFAULT_LIMIT, LOGS_MAX_LIMIT);
	const affix = queryOne(query, 'affix');
	const logId = queryOne(query, 'logId');
	if ((affix === undefined) !== (logId === undefined)) throw validationError({ affix: ['The affix and the logId go together.'] });
	let start = 0;
	if (affix !== undefined && logId !== undefined) {
		const at = logs.findIndex((log) => log._id === logId);
		if (at < 0) throw validationError({ logId: ['The logId is not a log of this app.'] });
		start = affix === 'append' ? at + 1 : Math.max(0, at - limit);
	}
	const end = affix === 'prepend' && logId !== undefined ? logs.findIndex((log) => log._id === logId) : start + limit;
	const page = logs.slice(start, end);
	const meta: Json = { current: { limit, count: page.length } };
	const first = page[0];
	const last = page[page.length - 1];
	if (first && start > 0) meta.previous = { affix: 'prepend', messageId: first.messageId, logId: first._id };
	if (last && end < logs.length) meta.next = { affix: 'append', messageId: last.messageId, logId: last._id };
	return { data: page.map((log) => clone(log)), meta };
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
