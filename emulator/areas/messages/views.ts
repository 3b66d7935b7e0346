import type { Json } from '../../core/validation';
import type { Groups } from '../groups/collection';
import { groupOut } from '../groups/views';
import type { Users } from '../users/collection';
import { userEntity } from '../users/views';
import type { Message, Messages, Reaction } from './collection';

/** What message views read: the senders, receivers and quoted messages. */
export interface MessageViewSources {
	users: Users;
	groups: Groups;
	messages: Messages;
}

/** A message as the API shows it; `status` overrides the moderation status shown. */
export function messageOut(src: MessageViewSources, m: Message, o: { withQuoted?: boolean; status?: string } = {}): Json {
	const sender = src.users.byId.get(m.sender);
	const entities: Json = {
		sender: { entity: sender ? userEntity(sender) : { uid: m.sender }, entityType: 'user' },
	};
	if (m.receiverType === 'group') {
		const g = src.groups.byId.get(m.receiver);
		entities.receiver = { entity: g ? groupOut(g, m.sender) : { guid: m.receiver }, entityType: 'group' };
	} else {
		const r = src.users.byId.get(m.receiver);
		entities.receiver = { entity: r ? userEntity(r, m.sender) : { uid: m.receiver }, entityType: 'user' };
	}
	const out: Json = { id: m.id };
	if (m.muid !== undefined) out.muid = m.muid;
	Object.assign(out, {
		conversationId: m.conversationId,
		sender: m.sender,
		receiverType: m.receiverType,
		receiver: m.receiver,
		category: m.category,
		type: m.type,
		// no deep copy: answers are serialized at once and never mutated
		data: { ...m.data, entities, moderation: { status: o.status ?? m.moderationStatus } },
	});
	if (m.tags !== undefined) out.tags = [...m.tags];
	if (m.parentId !== undefined) out.parentId = m.parentId;
	if (m.replyCount !== undefined) out.replyCount = m.replyCount;
	if (m.quotedMessageId !== undefined) out.quotedMessageId = m.quotedMessageId;
	out.sentAt = m.sentAt;
	if (m.editedAt !== undefined) out.editedAt = m.editedAt;
	if (m.editedBy !== undefined) out.editedBy = m.editedBy;
	if (m.deletedAt !== undefined) {
		out.deletedAt = m.deletedAt;
		out.deletedBy = m.deletedBy;
	}
	out.updatedAt = m.updatedAt;
	const pin = src.messages.marks.pins.get(m.id);
	if (pin) Object.assign(out, pin);
	if (o.withQuoted && m.quotedMessageId !== undefined) {
		const q = src.messages.byId.get(m.quotedMessageId);
		if (q) out.quotedMessage = messageOut(src, q);
	}
	return out;
}

export function reactionOut(users: Users, r: Reaction, viewer?: string): Json {
	const u = users.byId.get(r.uid);
	return {
		id: r.id,
		messageId: r.messageId,
		reaction: r.reaction,
		uid: r.uid,
		reactedAt: r.reactedAt,
		reactedBy: u ? userEntity(u, viewer !== undefined && viewer !== r.uid ? viewer : undefined) : { uid: r.uid },
	};
}

/** The reaction answers' `data.reactions`: each reaction with its count, and `reactedByMe` for the viewer's own. */
export function reactionSummary(reactions: readonly Reaction[], viewer: string): Json[] {
	const byReaction = new Map<string, Json>();
	for (const r of reactions) {
		const entry = byReaction.get(r.reaction) ?? { reaction: r.reaction, count: 0 };
		entry.count += 1;
		if (r.uid === viewer) entry.reactedByMe = true;
		byReaction.set(r.reaction, entry);
	}
	return [...byReaction.values()];
}
