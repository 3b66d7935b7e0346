import type { App } from '../../core/app';
import { ApiError, validationError } from '../../core/errors';
import { SortedIndex } from '../../core/sorted-index';
import { clone, hex, idNum } from '../../core/util';
import type { Json } from '../../core/validation';
import type { Messages } from '../messages/collection';
import type { Users } from '../users/collection';
import { buildRule, nextRevision, olderRevisions, revisionNumber } from './rules';
import type { Rule } from './rules';

export interface Reason {
	id: string;
	name: string;
	description: string;
	createdAt: string;
	updatedAt: string;
	default?: boolean;
	seq: number;
}
export interface KeywordList {
	_id: string;
	id: string;
	appId: string;
	name: string;
	description?: string;
	category: string;
	isCSV: boolean;
	searchTerms: string[];
	/** A sentence-similarity list's sentences. */
	disallowedSentences?: string[];
	createdAt: number;
	updatedAt: number;
	revisionId: string;
	active: boolean;
	default?: boolean;
	__v: number;
	seq: number;
}
export interface FlagEntry {
	uid: string;
	name: string;
	avatar?: string;
	role: string;
	reasonId: string;
	reasonName: string;
	description: string;
	remark: string;
	flaggedAt: number;
}
export interface FlagRecord {
	messageId: string;
	idNum: number;
	flaggedBy: FlagEntry[];
	status: string;
	latest: number;
}
export interface BlockedRecord {
	messageId: string;
	idNum: number;
	ruleId: string;
	ruleName: string;
	revisionId: string;
	condition: Json;
	action: string[];
	createdAt: number;
	updatedAt: number;
}
export type FlagStatus = 'pending' | 'approved' | 'disapproved';
/** A moderator's review: a blocked message approved or rejected, or a flagged one approved or disapproved. */
export type ReviewedRecord = ({ kind: 'blocked'; rec: BlockedRecord } | { kind: 'flagged'; messageId: string }) & { reviewedAt: number };

/** The moderation reasons a fresh app has (ids chosen by the emulator; see docs/emulator.md). */
const DEFAULT_REASONS = [
	{ id: 'spam', name: 'Spam', description: 'Unsolicited or repetitive content.' },
	{ id: 'sexual', name: 'Sexual content', description: 'Sexually explicit or suggestive content.' },
	{ id: 'harassment', name: 'Harassment', description: 'Bullying, threats or targeted abuse.' },
	{ id: 'hate_speech', name: 'Hate speech', description: 'Attacks on people based on who they are.' },
	{ id: 'violence', name: 'Violence', description: 'Violent or graphic content.' },
	{ id: 'other', name: 'Other', description: "Anything else worth a moderator's look." },
].map((r) => ({ ...r, createdAt: 1718000000, default: true }));

/** Reasons, keyword lists, rules (with revisions), flagged and blocked messages. */
export class Moderation {
	private seq!: number;
	reasons!: Map<string, Reason>;
	keywordLists!: Map<string, KeywordList>;
	/** Revisions ascending. */
	rules!: Map<string, { current: Rule; revisions: Rule[] }>;
	/** Message id → flag record. */
	flagged!: Map<string, FlagRecord>;
	/** Ascending by (latest flaggedAt, numeric id). */
	flaggedIndex!: SortedIndex<FlagRecord>;
	private reviewedCount!: number;
	/** Message id → blocked record. */
	blockedMessages!: Map<string, BlockedRecord>;
	/** Ascending by (createdAt, numeric id). */
	blockedIndex!: SortedIndex<BlockedRecord>;
	/** The reviews, oldest first (GET /moderation/reviewed-messages lists them newest first). */
	reviewed!: ReviewedRecord[];
	/** The ids of the messages submitted through POST /moderation/messages. */
	submitted!: Set<string>;

	constructor(
		private readonly app: App,
		private readonly users: Users,
		private readonly messages: Messages,
	) {
		this.reset();
	}

	reset(): void {
		this.seq = 0;
		this.reasons = new Map();
		for (const r of DEFAULT_REASONS) this.addReason(r);
		this.keywordLists = new Map();
		this.rules = new Map();
		this.flagged = new Map();
		this.flaggedIndex = new SortedIndex((a, b) => a.latest < b.latest || (a.latest === b.latest && a.idNum < b.idNum));
		this.reviewedCount = 0;
		this.blockedMessages = new Map();
		this.blockedIndex = new SortedIndex((a, b) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.idNum < b.idNum));
		this.reviewed = [];
		this.submitted = new Set();
	}

	/** Seed data read before the messages: `reasons`, `keywordLists` (or `keywords`), `rules`. */
	seedDefinitions(data: Json): void {
		for (const r of data.reasons ?? []) this.addReason(r);
		for (const k of data.keywordLists ?? data.keywords ?? []) this.addKeywordList(k);
		for (const r of data.rules ?? []) this.addRule(r);
	}

	/** Seed data read after the messages: `flags`, `blocked` (or `blockedMessages`). */
	seedRecords(data: Json): void {
		for (const f of data.flags ?? []) this.addFlag(f);
		for (const b of data.blocked ?? data.blockedMessages ?? []) this.addBlocked(b);
	}

	addReason(input: Json): Reason {
		if (typeof input.id !== 'string' || input.id === '') throw validationError({ id: ['The reason id is required.'] });
		const at = String(input.createdAt ?? this.app.now());
		const r: Reason = {
			id: input.id,
			name: input.name ?? input.id,
			description: input.description ?? '',
			createdAt: at,
			updatedAt: String(input.updatedAt ?? at),
			seq: ++this.seq,
		};
		if (input.default !== undefined) r.default = Boolean(input.default);
		this.reasons.set(r.id, r);
		return r;
	}

	requireReason(id: string): Reason {
		const r = this.reasons.get(id);
		if (!r) throw new ApiError('ERR_REASON_NOT_FOUND', `The reason with id ${id} does not exist.`, { details: { reasonId: id } });
		return r;
	}

	/** Adds or replaces a keyword list (a replacement is the next revision). */
	addKeywordList(input: Json): KeywordList {
		if (typeof input.id !== 'string' || input.id === '') throw validationError({ id: ['The keyword list id is required.'] });
		const createdAt: number = input.createdAt ?? this.app.now();
		const terms: string[] =
			typeof input.searchTerms === 'string'
				? input.searchTerms
						.split(',')
						.map((s: string) => s.trim())
						.filter(Boolean)
				: [...(input.searchTerms ?? [])];
		const prev = this.keywordLists.get(input.id);
		const rev = prev ? revisionNumber(prev.revisionId) + 1 : 1;
		const k: KeywordList = {
			_id: input._id ?? prev?._id ?? hex(24),
			id: input.id,
			appId: input.appId ?? this.app.appId,
			name: input.name ?? input.id,
			category: input.category ?? 'word',
			isCSV: input.isCSV ?? false,
			searchTerms: terms,
			createdAt: prev?.createdAt ?? createdAt,
			updatedAt: input.updatedAt ?? (prev ? this.app.now() : createdAt),
			revisionId: input.revisionId ?? `${this.app.appId}_${input.id}_${rev}`,
			active: input.active ?? true,
			__v: input.__v ?? 0,
			seq: prev?.seq ?? ++this.seq,
		};
		if (input.description !== undefined) k.description = input.description;
		if (input.disallowedSentences !== undefined) k.disallowedSentences = [...input.disallowedSentences];
		if (input.default !== undefined) k.default = Boolean(input.default);
		this.keywordLists.set(k.id, k);
		return k;
	}

	requireKeywordList(id: string): KeywordList {
		const k = this.keywordLists.get(id);
		if (!k) throw new ApiError('ERR_KEYWORD_NOT_FOUND', `The keyword list with id ${id} does not exist.`, { details: { keywordId: id } });
		return k;
	}

	requireRule(id: string): { current: Rule; revisions: Rule[] } {
		const r = this.rules.get(id);
		if (!r) throw new ApiError('ERR_RULE_NOT_FOUND', `The rule with id ${id} does not exist.`, { details: { ruleId: id } });
		return r;
	}

	/** Adds a rule (a seed, or POST /moderation/rules). Seeds may carry `revisions` (older ones). */
	addRule(input: Json): Rule {
		if (typeof input.id !== 'string' || input.id === '') throw validationError({ id: ['The rule id is required.'] });
		const rule = buildRule(input, this.app.appId, this.app.now());
		this.rules.set(rule.id, { current: rule, revisions: [...olderRevisions(input, rule), rule] });
		return rule;
	}

	/** Applies an update: creates a new revision `<appId>_<ruleId>_<n+1>`, the only active one. */
	updateRule(id: string, patch: Json): Rule {
		const entry = this.requireRule(id);
		const n = Math.max(...entry.revisions.map((r) => revisionNumber(r.revisionId))) + 1;
		const next = nextRevision(entry.current, patch, `${this.app.appId}_${id}_${n}`, this.app.now());
		for (const r of entry.revisions) r.active = false;
		entry.revisions.push(next);
		entry.current = next;
		return next;
	}

	/** Current revisions, newest rule first (createdAt desc, then id). */
	listRules(): Rule[] {
		return [...this.rules.values()]
			.map((e) => e.current)
			.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	}

	/**
	 * A user flags a message (store helper; POST /messages/:id/flagged uses it too). A second flag by
	 * the same user replaces their entry. A flag re-opens a reviewed record.
	 */
	addFlag(input: { messageId: string; uid: string; reasonId: string; remark?: string; flaggedAt?: number }): FlagRecord {
		const m = this.messages.require(String(input.messageId));
		const u = this.users.require(input.uid);
		const reason = this.requireReason(input.reasonId);
		const flaggedAt = input.flaggedAt ?? this.app.now();
		let rec = this.flagged.get(m.id);
		if (rec) {
			this.flaggedIndex.remove(rec);
		} else {
			rec = { messageId: m.id, idNum: idNum(m.id), flaggedBy: [], status: 'pending', latest: 0 };
			this.flagged.set(m.id, rec);
		}
		if (rec.status !== 'pending') {
			rec.status = 'pending';
			this.reviewedCount--;
		}
		rec.flaggedBy = rec.flaggedBy.filter((f) => f.uid !== u.uid);
		const entry: FlagEntry = {
			uid: u.uid,
			name: u.name,
			role: u.role,
			reasonId: reason.id,
			reasonName: reason.name,
			description: reason.description,
			remark: input.remark ?? '',
			flaggedAt,
		};
		if (u.avatar !== undefined) entry.avatar = u.avatar;
		rec.flaggedBy.push(entry);
		rec.flaggedBy.sort((a, b) => a.flaggedAt - b.flaggedAt);
		rec.latest = Math.max(...rec.flaggedBy.map((f) => f.flaggedAt));
		this.flaggedIndex.insert(rec);
		return rec;
	}

	/**
	 * Bulk: n new messages, each flagged once, flaggedAt one second apart with the newest at the clock
	 * (or all at `flaggedAt` when given).
	 */
	addFlaggedMessages(
		n: number,
		o: { reasonId?: string; flagger?: string; flaggedAt?: number; sender?: string; receiver?: string } = {},
	): number {
		const flagger = o.flagger ?? 'bulk-flagger';
		if (!this.users.byId.has(flagger)) this.users.add({ uid: flagger, name: 'Bulk Flagger' });
		const reasonId = o.reasonId ?? this.reasons.keys().next().value ?? this.addReason({ id: 'spam', name: 'Spam' }).id;
		const msgs = this.messages.addMany(n, { sender: o.sender, receiver: o.receiver, text: 'Flagged message' });
		const now = this.app.now();
		msgs.forEach((m, i) =>
			this.addFlag({ messageId: m.id, uid: flagger, reasonId, remark: `bulk ${i + 1}`, flaggedAt: o.flaggedAt ?? now - n + i + 1 }),
		);
		return n;
	}

	reviewFlag(id: string, status: 'approved' | 'disapproved'): FlagRecord {
		const rec = this.flagged.get(id);
		if (!rec) throw new ApiError('ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} is not flagged.`, { details: { id } });
		if (rec.status === 'pending') this.reviewedCount++;
		rec.status = status;
		this.addReviewed({ kind: 'flagged', messageId: id, reviewedAt: this.app.now() });
		if (status === 'disapproved') {
			const m = this.messages.byId.get(id);
			if (m) m.moderationStatus = 'disapproved';
		}
		return rec;
	}

	/** A page of flagged records, newest latest-flaggedAt first (ties: higher message id first). */
	pageFlagged(status: FlagStatus | 'all', page: number, limit: number): FlagRecord[] {
		const fast = status === 'all' || (status === 'pending' && this.reviewedCount === 0);
		return this.flaggedIndex.pageDesc(page, limit, fast ? undefined : (r) => r.status === status);
	}

	/** A blocked-message record: the message is held with moderation status `pending`. */
	addBlocked(input: { messageId: string; ruleId: string; conditionId?: number; condition?: Json; createdAt?: number }): BlockedRecord {
		const m = this.messages.require(String(input.messageId));
		const rule = this.requireRule(input.ruleId).current;
		const cond: Json = input.condition ?? rule.conditions.find((c) => c.id === input.conditionId) ?? rule.conditions[0] ?? {};
		const createdAt = input.createdAt ?? this.app.now();
		const old = this.blockedMessages.get(m.id);
		if (old) this.blockedIndex.remove(old);
		const rec: BlockedRecord = {
			messageId: m.id,
			idNum: idNum(m.id),
			ruleId: rule.id,
			ruleName: rule.name,
			revisionId: rule.revisionId,
			condition: { ...clone(cond), weight: cond.weight ?? 1 },
			action: [...rule.action],
			createdAt,
			updatedAt: createdAt,
		};
		m.moderationStatus = 'pending';
		this.blockedMessages.set(m.id, rec);
		this.blockedIndex.insert(rec);
		return rec;
	}

	/** A review joins the reviewed list; a message reviewed again has only its latest review there. */
	addReviewed(review: ReviewedRecord): void {
		const id = review.kind === 'blocked' ? review.rec.messageId : review.messageId;
		this.reviewed = this.reviewed.filter((r) => (r.kind === 'blocked' ? r.rec.messageId : r.messageId) !== id);
		this.reviewed.push(review);
	}

	removeBlocked(id: string): boolean {
		const rec = this.blockedMessages.get(id);
		if (!rec) return false;
		this.blockedMessages.delete(id);
		this.blockedIndex.remove(rec);
		return true;
	}
}
