/**
 * The `data` of each event the areas raise (app.emit), shaped as CometChat's webhook payloads:
 * a message, an action message (edited, deleted), a reaction, users blocked, a group and members.
 */
import type { Json } from '../../core/validation';
import type { Group } from '../groups/collection';
import { groupOut } from '../groups/views';
import type { Message, Reaction } from '../messages/collection';
import { messageOut } from '../messages/views';
import type { Areas } from '../types';
import { userEntity } from '../users/views';

function userOrUid(areas: Areas, uid: string): Json {
	const u = areas.users.byId.get(uid);
	return u ? userEntity(u) : { uid };
}

/** message_sent, moderation_* : `{message}`. */
export function messageData(areas: Areas, m: Message, status?: string): Json {
	return { message: messageOut(areas, m, { withQuoted: true, status }) };
}

/** The action message that message_edited and message_deleted carry (and DELETE answers). */
export function actionMessage(areas: Areas, m: Message, action: 'edited' | 'deleted', by: string): Json {
	const receiverGroup = m.receiverType === 'group' ? areas.groups.byId.get(m.receiver) : undefined;
	const now = areas.app.now();
	return {
		id: areas.messages.nextMessageId(),
		conversationId: m.conversationId,
		sender: by,
		receiverType: m.receiverType,
		receiver: m.receiver,
		category: 'action',
		type: 'message',
		data: {
			action,
			entities: {
				by: { entity: userOrUid(areas, by), entityType: 'user' },
				for: receiverGroup
					? { entity: groupOut(receiverGroup), entityType: 'group' }
					: { entity: userOrUid(areas, m.receiver), entityType: 'user' },
				on: { entity: messageOut(areas, m), entityType: 'message' },
			},
		},
		sentAt: now,
		updatedAt: now,
	};
}

/** message_reaction_added / _removed: `{reaction}`. */
export function reactionData(areas: Areas, r: Reaction): Json {
	const u = areas.users.byId.get(r.uid);
	return {
		reaction: {
			id: r.id,
			messageId: r.messageId,
			reaction: r.reaction,
			uid: r.uid,
			reactedAt: r.reactedAt,
			reactedBy: { uid: r.uid, name: u?.name ?? r.uid },
		},
	};
}

/** user_blocked / user_unblocked: `{users: {uid: user}, by}`. */
export function blockData(areas: Areas, by: string, uids: string[]): Json {
	return { users: Object.fromEntries(uids.map((uid) => [uid, userOrUid(areas, uid)])), by: userOrUid(areas, by) };
}

/** group_* events: `{group, members: {uid: user (+ scope)}, by?}`. */
export function groupData(areas: Areas, g: Group, o: { members?: Record<string, Json>; by?: string } = {}): Json {
	const out: Json = { group: groupOut(g) };
	if (o.members) {
		out.members = Object.fromEntries(Object.entries(o.members).map(([uid, extra]) => [uid, { ...userOrUid(areas, uid), ...extra }]));
	}
	if (o.by !== undefined) out.by = userOrUid(areas, o.by);
	return out;
}
