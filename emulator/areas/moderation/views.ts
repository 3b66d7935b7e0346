import { clone } from '../../core/util';
import type { Json } from '../../core/validation';
import { messageOut } from '../messages/views';
import type { MessageViewSources } from '../messages/views';
import type { BlockedRecord, FlagRecord, KeywordList, Reason } from './collection';
import type { Rule } from './rules';

export function flaggedOut(src: MessageViewSources, appId: string, rec: FlagRecord): Json {
	const m = src.messages.byId.get(rec.messageId);
	const msg = m ? messageOut(src, m) : { id: rec.messageId };
	return {
		appId,
		id: msg.id,
		conversationId: msg.conversationId,
		sender: msg.sender,
		receiverType: msg.receiverType,
		receiver: msg.receiver,
		category: msg.category,
		type: msg.type,
		data: msg.data,
		sentAt: msg.sentAt,
		updatedAt: msg.updatedAt,
		flaggedCount: rec.flaggedBy.length,
		flaggedBy: rec.flaggedBy.map((f) => {
			const e: Json = { uid: f.uid, name: f.name };
			if (f.avatar !== undefined) e.avatar = f.avatar;
			Object.assign(e, {
				role: f.role,
				reasonId: f.reasonId,
				reasonName: f.reasonName,
				description: f.description,
				remark: f.remark,
				flaggedAt: f.flaggedAt,
			});
			return e;
		}),
	};
}

export function blockedOut(src: MessageViewSources, rec: BlockedRecord): Json {
	const m = src.messages.byId.get(rec.messageId);
	return {
		ruleId: rec.ruleId,
		ruleName: rec.ruleName,
		revisionId: rec.revisionId,
		condition: clone(rec.condition),
		message: m ? messageOut(src, m) : { id: rec.messageId },
		action: [...rec.action],
		createdAt: rec.createdAt,
		updatedAt: rec.updatedAt,
	};
}

export function reasonOut(r: Reason): Json {
	const out: Json = { id: r.id, name: r.name, description: r.description, createdAt: r.createdAt, updatedAt: r.updatedAt };
	if (r.default !== undefined) out.default = r.default;
	return out;
}

/** `single`: the single-item answer leaves out _id, appId and __v. */
export function keywordListOut(k: KeywordList, single: boolean): Json {
	const out: Json = single ? {} : { _id: k._id };
	out.id = k.id;
	if (!single) out.appId = k.appId;
	out.name = k.name;
	if (k.description !== undefined) out.description = k.description;
	Object.assign(out, {
		category: k.category,
		isCSV: k.isCSV,
		searchTerms: [...k.searchTerms],
		...(k.disallowedSentences === undefined ? {} : { disallowedSentences: [...k.disallowedSentences] }),
		createdAt: k.createdAt,
		updatedAt: k.updatedAt,
		revisionId: k.revisionId,
		active: k.active,
	});
	if (!single) out.__v = k.__v;
	if (k.default !== undefined) out.default = k.default;
	return out;
}

export function ruleOut(r: Rule): Json {
	const out: Json = { id: r.id, name: r.name, description: r.description, enabled: r.enabled, conditions: clone(r.conditions) };
	if (r.filters !== undefined) out.filters = clone(r.filters);
	Object.assign(out, { action: [...r.action], active: r.active, createdAt: r.createdAt, updatedAt: r.updatedAt, revisionId: r.revisionId });
	if (r.default !== undefined) out.default = r.default;
	return out;
}
