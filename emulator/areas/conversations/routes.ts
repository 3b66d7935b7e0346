import { ApiError, validationError } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Req, Router } from '../../core/router';
import { isObject, queryBool, queryList, queryOne, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import { groupOut } from '../groups/views';
import { messageOut } from '../messages/views';
import type { Areas } from '../types';
import { optionalOnBehalfOf, requireOnBehalfOf } from '../users/access';
import { userOut } from '../users/views';
import type { ConversationRef, ConversationState } from './collection';
import { conversationIdOf, refOfId } from './collection';

const CONVERSATION_TYPES = ['user', 'group'];

export function register(router: Router, areas: Areas): void {
	const { users, groups, conversations } = areas;

	/** A conversation as the API shows it to `viewer`. */
	function conversationOut(
		viewer: string,
		s: ConversationState,
		o: { withTags?: boolean; entityTags?: boolean; blockedInfo?: boolean } = {},
	): Json {
		const out: Json = {
			conversationId: s.conversationId,
			conversationType: s.ref.type,
			// A string, as in every published example.
			unreadMessageCount: String(s.unread),
			createdAt: s.createdAt,
			updatedAt: s.updatedAt,
		};
		if (s.lastMessage) out.lastMessage = messageOut(areas, s.lastMessage, { withQuoted: true });
		if (s.ref.type === 'group') {
			const g = groups.byId.get(s.ref.with);
			out.conversationWith = g ? groupOut(g, viewer) : { guid: s.ref.with };
			if (g && !o.entityTags) delete out.conversationWith.tags;
		} else {
			const u = users.byId.get(s.ref.with);
			const blockedAt = o.blockedInfo ? users.blockedAt(viewer, s.ref.with) : undefined;
			out.conversationWith = u ? userOut(u, { conversationWith: viewer, withTags: o.entityTags, blockedAt }) : { uid: s.ref.with };
		}
		if (o.withTags !== false && s.view.tags !== undefined) out.tags = [...s.view.tags];
		const global = conversations.globalPinOf(s.ref);
		if (global) Object.assign(out, { pinnedBy: 'app_system', pinnedAt: global.pinnedAt });
		else if (s.view.pinnedAt !== undefined) Object.assign(out, { pinnedBy: viewer, pinnedAt: s.view.pinnedAt });
		return out;
	}

	/** Whether a state passes the list filters of GET /conversations. */
	function listFilter(req: Req, viewer: string): (s: ConversationState) => boolean {
		const type = queryOne(req.query, 'conversationType');
		if (type !== undefined && !CONVERSATION_TYPES.includes(type)) {
			throw validationError({ conversationType: ['The conversationType must be user or group.'] });
		}
		const search = queryOne(req.query, 'searchKey')?.toLowerCase();
		const tags = queryList(req.query, 'tags') ?? [];
		const userTags = queryList(req.query, 'userTags') ?? [];
		const groupTags = queryList(req.query, 'groupTags') ?? [];
		const unread = queryBool(req.query, 'unread');
		const includeBlocked = queryBool(req.query, 'includeBlockedUsers');
		const hideAgentic = queryBool(req.query, 'hideAgentic');
		const onlyAgentic = queryBool(req.query, 'onlyAgentic');
		return (s) => {
			if (type !== undefined && s.ref.type !== type) return false;
			const entity = s.ref.type === 'group' ? groups.byId.get(s.ref.with) : users.byId.get(s.ref.with);
			if (search !== undefined && !(entity?.name ?? '').toLowerCase().includes(search)) return false;
			if (tags.length > 0 && !(s.view.tags ?? []).some((t) => tags.includes(t))) return false;
			if (userTags.length > 0 && (s.ref.type !== 'user' || !(entity?.tags ?? []).some((t) => userTags.includes(t)))) return false;
			if (groupTags.length > 0 && (s.ref.type !== 'group' || !(entity?.tags ?? []).some((t) => groupTags.includes(t)))) return false;
			if (unread && s.unread === 0) return false;
			if (!includeBlocked && s.ref.type === 'user' && users.blockedAt(viewer, s.ref.with) !== undefined) return false;
			const agentic = conversations.isAgentic(s.ref);
			if (hideAgentic && agentic) return false;
			if (onlyAgentic && !agentic) return false;
			return true;
		};
	}

	/**
	 * With onBehalfOf: that user's conversations, the newest first (then by conversationId). Without:
	 * every participant's conversations, by UID, then the newest first (docs/emulator.md).
	 */
	router.add('GET', '/v3/conversations', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		if (viewer !== undefined && queryOne(req.query, 'unique') === '1') {
			throw validationError({ unique: ['The unique mode cannot be used together with the onBehalfOf header.'] });
		}
		const options = {
			withTags: true,
			entityTags: queryBool(req.query, 'withUserAndGroupTags'),
			blockedInfo: queryBool(req.query, 'withBlockedInfo'),
		};
		const rows: Json[] = [];
		for (const uid of viewer !== undefined ? [viewer] : conversations.participants()) {
			const keep = listFilter(req, uid);
			const states = conversations
				.statesOf(uid)
				.filter(keep)
				.sort((a, b) => b.updatedAt - a.updatedAt || a.conversationId.localeCompare(b.conversationId));
			for (const s of states) rows.push(conversationOut(uid, s, options));
		}
		const p = pageParams(req.query);
		const { items, pagination } = numberedPage(rows, p);
		return { data: items, meta: { pagination } };
	});

	/** The global pins as the API shows them: the conversation's type, its user or group, who pinned it and when. */
	const globalPinsOut = () =>
		conversations.globalPins.map((pin) => ({
			...(pin.type === 'group' ? { conversationId: `group_${pin.with}`, guid: pin.with } : { uid: pin.with }),
			conversationType: pin.type,
			pinnedBy: 'app_system',
			pinnedAt: pin.pinnedAt,
		}));

	router.add('GET', '/v3/conversations/pinned', () => ({ data: globalPinsOut() }));

	router.add('PUT', '/v3/conversations/pinned', (req) => {
		const body = requireBodyObject(req.body);
		if (!Array.isArray(body.pinnedConversations)) {
			throw validationError({ pinnedConversations: ['The pinnedConversations must be a list.'] });
		}
		const refs = (body.pinnedConversations as unknown[]).map((entry, index): ConversationRef => {
			const named = isObject(entry) ? (['uid', 'guid'] as const).filter((k) => typeof entry[k] === 'string' && entry[k] !== '') : [];
			if (!isObject(entry) || named.length !== 1) {
				throw validationError({ [`pinnedConversations[${index}]`]: ['Each entry names either a uid or a guid.'] });
			}
			return named[0] === 'uid' ? { type: 'user', with: entry.uid } : { type: 'group', with: entry.guid };
		});
		conversations.replaceGlobalPins(refs);
		return { data: globalPinsOut() };
	});

	// Deprecated, replaced by the user and group routes below: the conversation named by its id.
	const byId = (req: Req) => {
		const viewer = requireOnBehalfOf(users, req);
		const ref = refOfId(req.params.conversationId, viewer);
		if (!ref) {
			throw new ApiError(
				'ERR_CONVERSATION_NOT_FOUND',
				`The conversation ${req.params.conversationId} does not exist for the user ${viewer}.`,
				{
					details: { conversationId: req.params.conversationId },
				},
			);
		}
		return { viewer, state: conversations.require(viewer, ref) };
	};
	router.add('GET', '/v3/conversations/:conversationId', (req) => {
		const { viewer, state } = byId(req);
		return { data: conversationOut(viewer, state) };
	});
	router.add('DELETE', '/v3/conversations/:conversationId', (req) => {
		const { viewer, state } = byId(req);
		conversations.resetFor(viewer, state);
		return {
			data: { success: true, message: `The conversation ${state.conversationId} has been deleted successfully for UID ${viewer}.` },
		};
	});

	for (const type of ['user', 'group'] as const) {
		const base = type === 'user' ? '/v3/users/:uid/conversation' : '/v3/groups/:guid/conversation';
		/** The onBehalfOf user and the conversation the path names (its user or group must exist). */
		const target = (req: Req) => {
			const viewer = requireOnBehalfOf(users, req);
			const ref: ConversationRef = { type, with: type === 'user' ? req.params.uid : req.params.guid };
			conversations.requireParty(ref);
			return { viewer, ref };
		};
		const messageIdOf = (req: Req): number | undefined => {
			const body = req.body === undefined ? {} : requireBodyObject(req.body);
			return typeof body.messageId === 'number' ? body.messageId : undefined;
		};
		/** The answer of a mark, in the words of the published examples. */
		const marked = (viewer: string, ref: ConversationRef, what: string) =>
			type === 'user'
				? { success: true, Message: `All the messages from the user ${ref.with} are marked as ${what} for the user ${viewer}.` }
				: { success: true, message: `All the messages in group ${ref.with} are marked as ${what} for the user ${viewer}.` };

		router.add('GET', base, (req) => {
			const { viewer, ref } = target(req);
			return { data: conversationOut(viewer, conversations.require(viewer, ref)) };
		});

		router.add('PUT', base, (req) => {
			const { viewer, ref } = target(req);
			const body = requireBodyObject(req.body);
			const state = conversations.require(viewer, ref);
			if (body.tags !== undefined) conversations.view(viewer, state.conversationId).tags = [...(body.tags as string[])];
			return { data: conversationOut(viewer, conversations.require(viewer, ref)) };
		});

		router.add('DELETE', base, (req) => {
			const { viewer, ref } = target(req);
			const body = req.body === undefined ? {} : requireBodyObject(req.body);
			const state = conversations.require(viewer, ref);
			conversations.resetFor(viewer, state, {
				permanent: body.deleteMessagesPermanently === true,
				preserveOrder: body.preserveOrder === true,
			});
			return {
				data: { success: true, message: `The conversation ${state.conversationId} has been deleted successfully for UID ${viewer}.` },
			};
		});

		router.add('POST', `${base}/pin`, (req) => {
			const { viewer, ref } = target(req);
			const view = conversations.pin(viewer, ref);
			return { data: { conversationId: conversationIdOf(viewer, ref), conversationType: type, pinnedBy: viewer, pinnedAt: view.pinnedAt } };
		});

		router.add('DELETE', `${base}/pin`, (req) => {
			const { viewer, ref } = target(req);
			conversations.unpin(viewer, ref);
			return { data: { conversationId: conversationIdOf(viewer, ref), conversationType: type } };
		});

		router.add('POST', `${base}/delivered`, (req) => {
			const { viewer, ref } = target(req);
			conversations.mark(viewer, conversations.require(viewer, ref), 'delivered', messageIdOf(req));
			return { data: marked(viewer, ref, 'delivered') };
		});

		router.add('POST', `${base}/read`, (req) => {
			const { viewer, ref } = target(req);
			conversations.mark(viewer, conversations.require(viewer, ref), 'read', messageIdOf(req));
			return { data: marked(viewer, ref, 'read') };
		});

		router.add('DELETE', `${base}/read`, (req) => {
			const { viewer, ref } = target(req);
			const messageId = messageIdOf(req);
			conversations.mark(viewer, conversations.require(viewer, ref), 'unread', messageId);
			const message =
				type === 'user'
					? `The messages after the message id ${messageId} from the user ${ref.with} are marked as unread for the user ${viewer}.`
					: `The messages after the message id ${messageId} in group ${ref.with} are marked as unread for the user ${viewer}.`;
			return { data: { success: true, message } };
		});
	}
}
