import { ApiError } from '../../core/errors';
import { cursorPage } from '../../core/paging';
import type { Req, Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import { evaluate } from '../moderation/engine';
import type { Areas } from '../types';
import { optionalOnBehalfOf, requireOnBehalfOf } from '../users/access';
import { checkSendBody, idString } from './checks';
import { messageOut, reactionOut } from './views';

/** Thread replies: `limit` default (as in the docs' example) and maximum (as GET /messages). */
export const THREAD_LIMIT_DEFAULT = 10;
export const THREAD_LIMIT_MAX = 1000;
/** Reactions: `limit` default (as in the docs' example) and maximum. */
export const REACTIONS_LIMIT_DEFAULT = 100;
export const REACTIONS_LIMIT_MAX = 1000;

export function register(router: Router, areas: Areas): void {
	const { users, groups, messages, moderation } = areas;

	/**
	 * Sends one message through the moderation engine.
	 * Approved → stored; blockMessage → stored as `pending` with a blocked record; dropMessage → not
	 * stored, answered with status `disapproved`.
	 */
	function sendOne(input: Json): Json {
		const m = messages.build(input);
		const verdict = evaluate(areas, m);
		if (verdict.outcome === 'drop') return messageOut(areas, m, { withQuoted: true, status: 'disapproved' });
		m.moderationStatus = verdict.outcome === 'block' ? 'pending' : 'approved';
		messages.store(m);
		if (verdict.outcome === 'block') moderation.addBlocked({ messageId: m.id, ruleId: verdict.rule.id, condition: verdict.condition, createdAt: m.sentAt });
		return messageOut(areas, m, { withQuoted: true });
	}

	function send(req: Req, parentId: string | undefined) {
		const sender = requireOnBehalfOf(users, req);
		const body = requireBodyObject(req.body);
		const { category, type, data, hasMulti } = checkSendBody(body);
		const quotedMessageId = idString(body.quotedMessageId) as string | undefined;
		if (quotedMessageId !== undefined) messages.require(quotedMessageId);
		const pid = parentId ?? (idString(body.parentId) as string | undefined);
		if (pid !== undefined) messages.require(pid);
		const base = { sender, category, type, data, muid: body.muid, tags: body.tags, quotedMessageId, parentId: pid };

		if (!hasMulti) {
			if (body.receiverType === 'group') groups.require(body.receiver);
			else users.require(body.receiver);
			return { data: sendOne({ ...base, receiver: body.receiver, receiverType: body.receiverType }) };
		}
		// multipleReceivers: one message per receiver, answered per receiver (see README).
		const out: { uids: Json; guids: Json } = { uids: {}, guids: {} };
		const targets: [string, string][] = [
			...(body.receiver !== undefined ? [[body.receiverType, body.receiver] as [string, string]] : []),
			...(body.multipleReceivers.uids ?? []).map((u: string) => ['user', u]),
			...(body.multipleReceivers.guids ?? []).map((g: string) => ['group', g]),
		];
		for (const [receiverType, receiver] of targets) {
			const bucket = receiverType === 'group' ? out.guids : out.uids;
			if (receiver in bucket) continue;
			try {
				bucket[receiver] = sendOne({ ...base, receiver, receiverType });
			} catch (err) {
				if (!(err instanceof ApiError)) throw err;
				bucket[receiver] = err.toBody();
			}
		}
		return { data: out };
	}

	router.add('POST', '/v3/messages', (req) => send(req, undefined));
	// Extra: send a thread reply.
	router.add('POST', '/v3/messages/:id/thread', (req) => send(req, req.params.id));

	// Extra: one message.
	router.add('GET', '/v3/messages/:id', (req) => {
		optionalOnBehalfOf(users, req);
		return { data: messageOut(areas, messages.require(req.params.id), { withQuoted: true }) };
	});

	router.add('GET', '/v3/messages/:id/thread', (req) => {
		requireOnBehalfOf(users, req);
		const parent = messages.require(req.params.id);
		const { page, meta } = cursorPage(messages.replies(parent.id), req.query, THREAD_LIMIT_DEFAULT, THREAD_LIMIT_MAX, (m) => m.sentAt);
		return { data: page.map((m) => messageOut(areas, m)), meta };
	});

	router.add('GET', '/v3/messages/:id/reactions', (req) => {
		const viewer = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const { page, meta } = cursorPage(messages.reactions.get(m.id) ?? [], req.query, REACTIONS_LIMIT_DEFAULT, REACTIONS_LIMIT_MAX, () => undefined);
		return { data: page.map((r) => reactionOut(users, r, viewer)), meta };
	});

	// Extra: react to a message (answers the reaction).
	router.add('POST', '/v3/messages/:id/reactions/:reaction', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const r = messages.addReaction({ messageId: req.params.id, uid, reaction: req.params.reaction });
		return { data: reactionOut(users, r, uid) };
	});
}
