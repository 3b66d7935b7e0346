import { validationError } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { newestFirst } from '../../core/sorted-index';
import { clone } from '../../core/util';
import { header, queryOne } from '../../core/validation';
import type { Query } from '../../core/validation';
import type { Areas } from '../types';
import { requireOnBehalfOf } from '../users/access';
import type { CallSession } from './collection';

/** A whole number of a query parameter, or undefined when absent (400 when not one). */
function queryInteger(query: Query, name: string): number | undefined {
	const text = queryOne(query, name);
	if (text === undefined) return undefined;
	if (!/^\d+$/.test(text)) throw validationError({ [name]: [`The ${name} must be an integer.`] });
	return Number(text);
}

/**
 * The filters of GET /calls (the published ones; their values were checked against the contract).
 * startedAt and endedAt bound the calls: started at or after, ended at or before (their meaning is
 * not published). `uid`, and `onBehalfOf` when sent: the calls the user took part in.
 */
function callFilter(query: Query, onBehalfOf: string | undefined): (c: CallSession) => boolean {
	const exact = ['type', 'mode', 'status', 'receiverType'].map((name) => [name, queryOne(query, name)] as const);
	const flags = ['hasRecording', 'hasTranscription'].map((name) => [name, queryOne(query, name)] as const);
	const participantsCount = queryInteger(query, 'participantsCount');
	const startedAt = queryInteger(query, 'startedAt');
	const endedAt = queryInteger(query, 'endedAt');
	const users = [queryOne(query, 'uid'), onBehalfOf].filter((uid): uid is string => uid !== undefined);
	const tookPart = (c: CallSession, uid: string) =>
		c.initiator === uid || c.receiver === uid || (c.participants ?? []).some((p: { uid?: string }) => p.uid === uid);
	return (c) =>
		exact.every(([name, value]) => value === undefined || c[name] === value) &&
		flags.every(([name, value]) => value === undefined || c[name] === (value === 'true')) &&
		(participantsCount === undefined || c.totalParticipants === participantsCount) &&
		(startedAt === undefined || c.startedAt >= startedAt) &&
		(endedAt === undefined || c.endedAt <= endedAt) &&
		users.every((uid) => tookPart(c, uid));
}

/** Routes of the CALL host. */
export function register(router: Router, { users, calls }: Areas): void {
	router.add('GET', '/v3/calls/:sessionId', (req) => {
		requireOnBehalfOf(users, req);
		return { data: clone(calls.require(req.params.sessionId)) };
	});

	// Calls, newest initiatedAt first, filtered; meta.pagination as the docs show it (no per_page).
	router.add('GET', '/v3/calls', (req) => {
		const onBehalfOf = header(req.headers, 'onbehalfof');
		if (onBehalfOf !== undefined) users.require(onBehalfOf);
		const matches = callFilter(req.query, onBehalfOf);
		const { items, pagination } = numberedPage(
			newestFirst(calls.byId.values(), (c) => c.initiatedAt).filter(matches),
			pageParams(req.query),
			false,
		);
		return { data: items.map((c) => clone(c)), meta: { pagination } };
	});

	// A call's transcriptions, oldest first, in numbered pages (100, at most 1000).
	router.add('GET', '/v3/calls/:sessionId/transcriptions', (req) => {
		const onBehalfOf = header(req.headers, 'onbehalfof');
		if (onBehalfOf !== undefined) users.require(onBehalfOf);
		calls.require(req.params.sessionId);
		const { items, pagination } = numberedPage(calls.transcriptions.get(req.params.sessionId) ?? [], pageParams(req.query));
		return { data: items.map((t) => clone(t)), meta: { pagination } };
	});
}
