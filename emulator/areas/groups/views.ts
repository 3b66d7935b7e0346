import { clone } from '../../core/util';
import type { Json } from '../../core/validation';
import type { Group } from './collection';

/**
 * A group as the API shows it, from the point of view of `viewer` (onBehalfOf, else the owner):
 * `scope`, `joinedAt` and `hasJoined` describe that user's membership.
 */
export function groupOut(g: Group, viewer?: string): Json {
	const out: Json = { guid: g.guid, name: g.name };
	if (g.description !== undefined) out.description = g.description;
	if (g.icon !== undefined) out.icon = g.icon;
	out.type = g.type;
	const who = viewer ?? g.owner;
	const member = who !== undefined ? g.members.get(who) : undefined;
	if (member) out.scope = member.scope;
	out.membersCount = g.members.size;
	if (member) out.joinedAt = member.joinedAt;
	out.conversationId = `group_${g.guid}`;
	if (who !== undefined) out.hasJoined = Boolean(member);
	if (g.metadata !== undefined) out.metadata = clone(g.metadata);
	out.createdAt = g.createdAt;
	if (g.updatedAt !== undefined) out.updatedAt = g.updatedAt;
	if (g.owner !== undefined) out.owner = g.owner;
	out.tags = [...g.tags];
	return out;
}
