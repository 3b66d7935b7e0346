/**
 * What users and the app do to a message beside sending and deleting it: edit it, react to it, pin
 * it, save it, mark elements of an interactive message interacted, subscribe to its thread; and the
 * list of threads. The published request shapes are checked by the validation step
 * (core/contract.ts) before these handlers run.
 */
import { ApiError, validationError } from '../../core/errors';
import { cursorPage } from '../../core/paging';
import type { Req, Router } from '../../core/router';
import { isObject, queryBool, queryInt, queryOne, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Areas } from '../types';
import { optionalOnBehalfOf, requireOnBehalfOf } from '../users/access';
import { actionMessage, reactionData } from '../webhooks/payloads';
import type { Message } from './collection';
import { REACTIONS_LIMIT_DEFAULT, REACTIONS_LIMIT_MAX, takesPart } from './routes';
import { messageOut, reactionOut, reactionSummary } from './views';

/** Threads: `limit` default and maximum, as published. */
export const THREADS_LIMIT_DEFAULT = 100;
export const THREADS_LIMIT_MAX = 1000;

/** Who pins, unpins or edits as the app when no onBehalfOf is sent. */
const APP_ACTOR = 'app_system';

export function register(router: Router, areas: Areas): void {
	const { app, users, groups, messages } = areas;
	const { marks } = messages;

	/** A message as the reaction answers show it: with data.reactions for the viewer. */
	const withReactions = (m: Message, viewer: string): Json => {
		const out = messageOut(areas, m);
		const reactions = messages.reactions.get(m.id) ?? [];
		if (reactions.length > 0) out.data.reactions = reactionSummary(reactions, viewer);
		return out;
	};

	// Edit: data.text and data.metadata replace the message's, tags replace its tags. No moderation
	// run (that is PUT /moderation/messages/:id). With onBehalfOf, only the sender may edit.
	router.add('PUT', '/v3/messages/:id', (req) => {
		const by = optionalOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const body = requireBodyObject(req.body);
		if (body.data === undefined && body.tags === undefined) throw validationError({ data: ['Send data or tags to edit.'] });
		if (by !== undefined && by !== m.sender) {
			throw new ApiError('AUTH_ERR_NO_ACCESS', `The user ${by} did not send the message with id ${m.id} and may not edit it.`, {
				details: { id: m.id },
			});
		}
		if (isObject(body.data)) {
			if (body.data.text !== undefined) m.data.text = body.data.text;
			if (body.data.metadata !== undefined) m.data.metadata = structuredClone(body.data.metadata);
		}
		if (body.tags !== undefined) m.tags = [...body.tags];
		const editor = by ?? APP_ACTOR;
		const now = app.now();
		m.editedAt = now;
		m.editedBy = editor;
		m.updatedAt = now;
		const action = actionMessage(areas, m, 'edited', editor);
		app.emit('message_edited', { message: action });
		return { data: action };
	});

	// One emoji's reactions, oldest first, with the cursor of the whole list.
	router.add('GET', '/v3/messages/:id/reactions/:reaction', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const all = (messages.reactions.get(m.id) ?? []).filter((r) => r.reaction === req.params.reaction);
		const { page, meta } = cursorPage(all, req.query, REACTIONS_LIMIT_DEFAULT, REACTIONS_LIMIT_MAX, () => undefined);
		return { data: page.map((r) => reactionOut(users, r, viewer)), meta };
	});

	// A user reacts once with each reaction: reacting again changes nothing.
	router.add('POST', '/v3/messages/:id/reactions/:reaction', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		if (!messages.reactionOf(m.id, uid, req.params.reaction)) {
			const r = messages.addReaction({ messageId: m.id, uid, reaction: req.params.reaction });
			app.emit('message_reaction_added', reactionData(areas, r));
		}
		return { data: withReactions(m, uid) };
	});

	// Removing a reaction the user did not add changes nothing (docs/emulator.md).
	router.add('DELETE', '/v3/messages/:id/reactions/:reaction', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const r = messages.reactionOf(m.id, uid, req.params.reaction);
		if (r && messages.removeReaction(m.id, uid, r.reaction)) app.emit('message_reaction_removed', reactionData(areas, r));
		return { data: withReactions(m, uid) };
	});

	const pinnedIn = (conversationId: string) =>
		[...marks.pins.keys()].filter((id) => messages.byId.get(id)?.conversationId === conversationId).length;

	router.add('POST', '/v3/messages/:id/pin', (req) => {
		const by = optionalOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		marks.pin(m, by ?? APP_ACTOR, app.now(), pinnedIn);
		return { data: messageOut(areas, m) };
	});

	// Anyone may unpin; unpinning a message that is not pinned changes nothing (published: idempotent).
	router.add('DELETE', '/v3/messages/:id/pin', (req) => {
		optionalOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		marks.pins.delete(m.id);
		return { data: messageOut(areas, m) };
	});

	router.add('POST', '/v3/messages/:id/save', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const savedAt = marks.save(uid, m, app.now());
		return { data: { ...messageOut(areas, m), savedAt } };
	});

	router.add('DELETE', '/v3/messages/:id/save', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		marks.unsave(uid, m.id);
		return { data: messageOut(areas, m) };
	});

	router.add('PATCH', '/v3/messages/:id/interacted', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const body = requireBodyObject(req.body);
		marks.interact(m, uid, body.interactions, app.now());
		return { data: { success: true, message: `The message id ${m.id} has been marked as interacted for the user ${uid}.` } };
	});

	const subscription = (req: Req, subscribe: boolean) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		if (subscribe) marks.subscribe(m.id, uid);
		else marks.unsubscribe(m.id, uid);
		return { data: { success: true } };
	};
	router.add('POST', '/v3/messages/:id/thread/subscription', (req) => subscription(req, true));
	router.add('DELETE', '/v3/messages/:id/thread/subscription', (req) => subscription(req, false));

	/**
	 * The threads: every message with replies, least recently updated first (a thread is updated by
	 * its last reply), with its replyCount and lastReply. Cursor: `affix` and `updatedAt` (threads
	 * at or after it), `meta.next` the first thread not returned. With onBehalfOf, the threads of
	 * that user's conversations.
	 */
	router.add('GET', '/v3/threads', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		const participated = queryBool(req.query, 'participatedByMe');
		if (participated && viewer === undefined) {
			throw validationError({ participatedByMe: ['participatedByMe needs the onBehalfOf header.'] });
		}
		const threads = messages
			.list()
			.filter((m) => m.parentId === undefined && messages.replies(m.id).length > 0)
			.filter((m) => viewer === undefined || takesPart(groups, m, viewer))
			.map((m) => {
				const replies = messages.replies(m.id);
				const last = replies[replies.length - 1];
				return { id: m.id, m, replies, last, updatedAt: Math.max(m.updatedAt, last.updatedAt) };
			})
			.filter((t) => !participated || t.m.sender === viewer || t.replies.some((r) => r.sender === viewer))
			.sort((a, b) => a.updatedAt - b.updatedAt || Number(a.id) - Number(b.id));
		const limit = queryInt(req.query, 'limit', THREADS_LIMIT_DEFAULT, THREADS_LIMIT_MAX);
		const affix = queryOne(req.query, 'affix') ?? 'append';
		const cursor = queryOne(req.query, 'updatedAt');
		if (cursor !== undefined && !/^\d+$/.test(cursor)) throw validationError({ updatedAt: ['The updatedAt must be epoch seconds.'] });
		const from = cursor === undefined ? 0 : Number(cursor);
		// prepend: the threads before the cursor, the most recent `limit` of them.
		const before = threads.filter((t) => cursor === undefined || t.updatedAt < from);
		const page = affix === 'prepend' ? before.slice(-limit) : threads.filter((t) => t.updatedAt >= from).slice(0, limit);
		const rest = affix === 'prepend' ? before.slice(0, -limit) : threads.filter((t) => t.updatedAt >= from).slice(limit);
		const next = affix === 'prepend' ? (rest.length > 0 ? page[0] : undefined) : rest[0];
		const withUnread = queryBool(req.query, 'withUnreadReplyCount');
		const withMentions = queryBool(req.query, 'withMentionCount');
		const data = page.map((t) => {
			const out: Json = {
				...messageOut(areas, t.m),
				updatedAt: t.updatedAt,
				replyCount: t.replies.length,
				lastReply: messageOut(areas, t.last),
			};
			const others = t.replies.filter((r) => r.sender !== viewer);
			if (withUnread && viewer !== undefined) out.unreadReplyCount = others.length;
			if (withMentions && viewer !== undefined) {
				out.mentionCount = others.filter((r) => typeof r.data.text === 'string' && r.data.text.includes(`<@uid:${viewer}>`)).length;
			}
			return out;
		});
		const meta: Json = { current: { limit, count: data.length } };
		if (next) meta.next = { affix, updatedAt: next.updatedAt };
		return { data, meta };
	});
}
