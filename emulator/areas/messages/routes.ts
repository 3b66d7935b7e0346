import { ApiError } from '../../core/errors';
import { cursorPage } from '../../core/paging';
import type { Req, Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import { evaluate } from '../moderation/engine';
import { actionMessage, messageData } from '../webhooks/payloads';
import type { Groups } from '../groups/collection';
import type { Areas } from '../types';
import { optionalOnBehalfOf, requireOnBehalfOf } from '../users/access';
import { userConversationId } from '../users/views';
import { checkSendBody, idString } from './checks';
import type { Message } from './collection';
import { messageFilter } from './filters';
import { messageOut, reactionOut } from './views';

/** Thread replies: `limit` default (as in the docs' example) and the published maximum (1–1000). */
export const THREAD_LIMIT_DEFAULT = 10;
export const THREAD_LIMIT_MAX = 1000;
/**
 * Reactions: `limit` default (as in the docs' example) and maximum. The service publishes no
 * maximum; the emulator serves at most the SDK's 100, as the node asks for.
 */
export const REACTIONS_LIMIT_DEFAULT = 100;
export const REACTIONS_LIMIT_MAX = 100;

/** The message lists (app-wide, one user conversation, one group): `limit` default and maximum, as published. */
export const MESSAGES_LIMIT_DEFAULT = 10;
export const MESSAGES_LIMIT_MAX = 1000;

/**
 * Sends one message through the moderation engine.
 * Approved → stored; blockMessage → stored as `pending` with a blocked record; dropMessage → not
 * stored, answered with status `disapproved`.
 */
export function sendOne(areas: Areas, input: Json): Json {
	const { messages, moderation } = areas;
	const m = messages.build(input);
	const verdict = evaluate(areas, m);
	if (verdict.outcome === 'drop') {
		areas.app.emit('moderation_engine_blocked', messageData(areas, m, 'disapproved'));
		return messageOut(areas, m, { withQuoted: true, status: 'disapproved' });
	}
	m.moderationStatus = verdict.outcome === 'block' ? 'pending' : 'approved';
	messages.store(m);
	if (verdict.outcome === 'block') {
		moderation.addBlocked({ messageId: m.id, ruleId: verdict.rule.id, condition: verdict.condition, createdAt: m.sentAt });
		areas.app.emit('moderation_engine_blocked', messageData(areas, m));
	} else {
		areas.app.emit('message_sent', messageData(areas, m));
	}
	return messageOut(areas, m, { withQuoted: true });
}

/** The send body of POST /messages (also of a thread reply and of a bot's message), sent by `sender`. */
export function sendMessage(areas: Areas, sender: string, rawBody: unknown, parentId: string | undefined) {
	const { users, groups, messages } = areas;
	const body = requireBodyObject(rawBody);
	const { category, type, data, hasMulti } = checkSendBody(body);
	const quotedMessageId = idString(body.quotedMessageId) as string | undefined;
	if (quotedMessageId !== undefined) messages.require(quotedMessageId);
	// A reply comes only by the thread route: the published send body has no parentId.
	if (parentId !== undefined) messages.require(parentId);
	const base = { sender, category, type, data, muid: body.muid, tags: body.tags, quotedMessageId, parentId };

	if (!hasMulti) {
		if (body.receiverType === 'group') groups.require(body.receiver);
		else users.require(body.receiver);
		return { data: sendOne(areas, { ...base, receiver: body.receiver, receiverType: body.receiverType }) };
	}
	// multipleReceivers: one message per receiver, answered per receiver (see docs/emulator.md).
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
			bucket[receiver] = sendOne(areas, { ...base, receiver, receiverType });
		} catch (err) {
			if (!(err instanceof ApiError)) throw err;
			bucket[receiver] = err.toBody();
		}
	}
	return { data: out };
}

/** Whether `uid` takes part in the conversation of `m` (its sender, its receiving user, or a member of its group). */
export function takesPart(groups: Groups, m: Message, uid: string): boolean {
	if (m.sender === uid) return true;
	if (m.receiverType === 'group') return groups.byId.get(m.receiver)?.members.has(uid) ?? false;
	return m.receiver === uid;
}

export function register(router: Router, areas: Areas): void {
	const { users, groups, messages } = areas;

	const send = (req: Req, parentId: string | undefined) => sendMessage(areas, requireOnBehalfOf(users, req), req.body, parentId);

	router.add('POST', '/v3/messages', (req) => send(req, undefined));
	// A thread reply: the send body, on the thread route.
	router.add('POST', '/v3/messages/:id/thread', (req) => send(req, req.params.id));

	/** One page of a message list: the filters, then the cursor (`limit`, `affix`, `id`, `sentAt`). */
	function messagePage(req: Req, scope: (m: Message) => boolean) {
		const keep = messageFilter(req.query);
		const all = messages.list().filter((m) => scope(m) && keep(m));
		const { page, meta } = cursorPage(all, req.query, MESSAGES_LIMIT_DEFAULT, MESSAGES_LIMIT_MAX, (m) => m.sentAt);
		return { data: page.map((m) => messageOut(areas, m, { withQuoted: true })), meta };
	}

	// Every message of the app; with onBehalfOf, only the conversations that user takes part in.
	router.add('GET', '/v3/messages', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		return messagePage(req, (m) => viewer === undefined || takesPart(groups, m, viewer));
	});

	// The one-to-one conversation of onBehalfOf with :uid (required here: see docs/emulator.md).
	router.add('GET', '/v3/users/:uid/messages', (req) => {
		const viewer = requireOnBehalfOf(users, req);
		users.require(req.params.uid);
		const conversationId = userConversationId(viewer, req.params.uid);
		return messagePage(req, (m) => m.receiverType === 'user' && m.conversationId === conversationId);
	});

	router.add('GET', '/v3/groups/:guid/messages', (req) => {
		optionalOnBehalfOf(users, req);
		const group = groups.require(req.params.guid);
		return messagePage(req, (m) => m.receiverType === 'group' && m.receiver === group.guid);
	});

	/**
	 * Soft delete (default): the message stays, with deletedAt and deletedBy. `permanent: true`: it
	 * is gone. With onBehalfOf, only its sender or an admin or moderator of its group may delete it.
	 * Answers the `deleted` action, as the docs' example (an action message whose `on` is the message).
	 */
	router.add('DELETE', '/v3/messages/:id', (req) => {
		const by = optionalOnBehalfOf(users, req);
		const body: Json = requireBodyObject(req.body);
		const m = messages.require(req.params.id);
		if (by !== undefined && by !== m.sender) {
			const scope = m.receiverType === 'group' ? groups.byId.get(m.receiver)?.members.get(by)?.scope : undefined;
			if (scope !== 'admin' && scope !== 'moderator') {
				throw new ApiError('AUTH_ERR_NO_ACCESS', `The user ${by} may not delete the message with id ${m.id}.`, { details: { id: m.id } });
			}
		}
		const actor = by ?? 'app_system';
		if (body.permanent === true) messages.remove(m);
		else if (m.deletedAt === undefined) messages.softDelete(m, actor);
		const action = actionMessage(areas, m, 'deleted', actor);
		areas.app.emit('message_deleted', { message: action });
		return { data: action };
	});

	// One message; a soft-deleted one shows deletedAt and deletedBy.
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
		const { page, meta } = cursorPage(
			messages.reactions.get(m.id) ?? [],
			req.query,
			REACTIONS_LIMIT_DEFAULT,
			REACTIONS_LIMIT_MAX,
			() => undefined,
		);
		return { data: page.map((r) => reactionOut(users, r, viewer)), meta };
	});
}
