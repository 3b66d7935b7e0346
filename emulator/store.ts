/**
 * The store: every area's collection behind one object, `emu.store`, with the helpers tests and
 * seeds use (docs/emulator.md, "Store helpers"). Each helper hands over to the area that owns the data.
 */
import { createAreas, resetAreas } from './areas';
import type { Areas } from './areas';
import type { CallSession, Transcription } from './areas/calls/collection';
import type { Group } from './areas/groups/collection';
import type { Message, Reaction } from './areas/messages/collection';
import type { BlockedRecord, FlagRecord, FlagStatus, KeywordList, Reason } from './areas/moderation/collection';
import type { Rule } from './areas/moderation/rules';
import type { PushToken } from './areas/push/collection';
import type { Role } from './areas/roles/collection';
import type { Bot } from './areas/bots/collection';
import type { NotificationLog, ProviderPath } from './areas/notificationProviders/collection';
import type { AuthToken, NewUser, User, UserPageOptions } from './areas/users/collection';
import { App } from './core/app';
import { validationError } from './core/errors';
import type { SortedIndex } from './core/sorted-index';
import { isObject } from './core/validation';
import type { Json } from './core/validation';

export class Store {
	/** The collections, area by area (routes read these). */
	readonly areas: Areas;

	constructor(options: { appId?: string } = {}) {
		this.areas = createAreas(new App(options.appId ?? 'demo-app'));
	}

	get appId(): string {
		return this.areas.app.appId;
	}
	set appId(id: string) {
		this.areas.app.appId = id;
	}
	/** Frozen epoch seconds, or null for real time. */
	get clock(): number | null {
		return this.areas.app.clock;
	}

	/** Epoch seconds from the store clock. */
	now(): number {
		return this.areas.app.now();
	}
	/** Freezes the clock (null = real time). */
	setClock(epochSeconds: number | null): void {
		this.areas.app.setClock(epochSeconds);
	}

	/** Empties every collection; only the `default` role and the default reasons remain. The clock is kept. */
	reset(): void {
		resetAreas(this.areas);
	}

	/** Loads seed data on top of the current state (call reset() first for a clean load). */
	seed(data: Json): this {
		if (!isObject(data)) throw validationError({ seed: ['The seed must be a JSON object.'] });
		const a = this.areas;
		// Seeding raises no events (nothing is delivered to webhooks).
		a.app.quiet = true;
		try {
			this.load(a, data);
		} finally {
			a.app.quiet = false;
		}
		return this;
	}

	private load(a: Areas, data: Json): void {
		if (typeof data.appId === 'string') a.app.appId = data.appId;
		for (const r of data.roles ?? []) a.roles.add(r);
		a.users.seed(data);
		for (const g of data.groups ?? []) a.groups.add(g);
		a.moderation.seedDefinitions(data);
		a.messages.seed(data);
		a.moderation.seedRecords(data);
		for (const c of data.calls ?? []) a.calls.add(c);
		for (const t of data.pushTokens ?? []) a.push.add(t);
		for (const b of data.bots ?? []) a.bots.add(b);
		for (const l of data.notificationLogs ?? []) a.notificationProviders.addLog(l);
		for (const c of data.campaignChannels ?? []) a.campaigns.createChannel(c);
		for (const t of data.campaignTemplates ?? []) a.campaigns.createTemplate(t);
	}

	/** Counts of every collection (control API `GET /__emulator/state`). */
	summary() {
		const a = this.areas;
		return {
			appId: a.app.appId,
			now: a.app.now(),
			clockFrozen: a.app.clock !== null,
			users: a.users.byId.size,
			deactivatedUsers: a.users.deactivatedCount,
			roles: a.roles.byId.size,
			groups: a.groups.byId.size,
			messages: a.messages.byId.size,
			reactions: a.messages.reactionCount(),
			reasons: a.moderation.reasons.size,
			keywordLists: a.moderation.keywordLists.size,
			rules: a.moderation.rules.size,
			flaggedMessages: a.moderation.flagged.size,
			blockedMessages: a.moderation.blockedMessages.size,
			calls: a.calls.byId.size,
			pushTokens: a.push.list.length,
			bots: a.bots.byId.size,
			webhooks: a.webhooks.byId.size,
			notificationProviders: a.notificationProviders.providers.size,
			notificationLogs: a.notificationProviders.logs.length,
			apiKeys: a.apiKeys.byKey.size,
		};
	}

	// ---------------------------------------------------------------- users and roles
	get users(): Map<string, User> {
		return this.areas.users.byId;
	}
	get authTokens(): Map<string, AuthToken[]> {
		return this.areas.users.authTokens;
	}
	get roles(): Map<string, Role> {
		return this.areas.roles.byId;
	}
	getUser(uid: string): User | undefined {
		return this.areas.users.get(uid);
	}
	requireUser(uid: string): User {
		return this.areas.users.require(uid);
	}
	addUser(u: NewUser): User {
		return this.areas.users.add(u);
	}
	/** `${prefix}1…` (numbering continues across calls); answers how many were added. */
	addUsers(n: number, prefix?: string): number {
		return this.areas.users.addMany(n, prefix);
	}
	removeUser(uid: string): boolean {
		return this.areas.users.remove(uid);
	}
	/** Users ascending by (createdAt, insertion). */
	get userList(): readonly User[] {
		return this.areas.users.list.items;
	}
	get deactivatedCount(): number {
		return this.areas.users.deactivatedCount;
	}
	setDeactivated(user: User, deactivated: boolean): void {
		this.areas.users.setDeactivated(user, deactivated);
	}
	pageUsers(predicate: (u: User) => boolean, o: UserPageOptions): { items: User[]; total: number } {
		return this.areas.users.page(predicate, o);
	}
	get friends(): Map<string, Map<string, number>> {
		return this.areas.users.friends;
	}
	get blocked(): Map<string, Map<string, number>> {
		return this.areas.users.blocked;
	}
	addAuthToken(uid: string, t?: Partial<AuthToken>): AuthToken {
		return this.areas.users.addAuthToken(uid, t);
	}
	findAuthToken(authToken: string): { uid: string; token: AuthToken } | undefined {
		return this.areas.users.findAuthToken(authToken);
	}
	addFriends(uid: string, others: string[], since?: number): void {
		this.areas.users.addFriends(uid, others, since);
	}
	friendsOf(uid: string): User[] {
		return this.areas.users.friendsOf(uid);
	}
	blockUser(uid: string, blockedUid: string, at?: number): void {
		this.areas.users.block(uid, blockedUid, at);
	}
	addRole(r: Partial<Role>): Role {
		return this.areas.roles.add(r);
	}
	listRoles(): Role[] {
		return this.areas.roles.list();
	}

	// ---------------------------------------------------------------- groups
	get groups(): Map<string, Group> {
		return this.areas.groups.byId;
	}
	requireGroup(guid: string): Group {
		return this.areas.groups.require(guid);
	}
	addGroup(g: Json): Group {
		return this.areas.groups.add(g);
	}
	banFromGroup(g: Group, uid: string, at?: number): void {
		this.areas.groups.ban(g, uid, at);
	}

	// ---------------------------------------------------------------- messages, threads, reactions
	get messages(): Map<string, Message> {
		return this.areas.messages.byId;
	}
	get threads(): Map<string, string[]> {
		return this.areas.messages.threads;
	}
	get reactions(): Map<string, Reaction[]> {
		return this.areas.messages.reactions;
	}
	requireMessage(id: string): Message {
		return this.areas.messages.require(id);
	}
	/** Stored as is, no moderation run. */
	addMessage(m: Json): Message {
		return this.areas.messages.add(m);
	}
	/** A message record, not stored (takes an id when none is given). */
	buildMessage(m: Json): Message {
		return this.areas.messages.build(m);
	}
	storeMessage(m: Message): void {
		this.areas.messages.store(m);
	}
	addMessages(n: number, o?: { sender?: string; receiver?: string; text?: string }): Message[] {
		return this.areas.messages.addMany(n, o);
	}
	addReaction(r: { messageId: string; uid: string; reaction: string; reactedAt?: number; id?: string }): Reaction {
		return this.areas.messages.addReaction(r);
	}

	// ---------------------------------------------------------------- moderation
	get reasons(): Map<string, Reason> {
		return this.areas.moderation.reasons;
	}
	get keywordLists(): Map<string, KeywordList> {
		return this.areas.moderation.keywordLists;
	}
	get rules(): Map<string, { current: Rule; revisions: Rule[] }> {
		return this.areas.moderation.rules;
	}
	get flagged(): Map<string, FlagRecord> {
		return this.areas.moderation.flagged;
	}
	get blockedMessages(): Map<string, BlockedRecord> {
		return this.areas.moderation.blockedMessages;
	}
	get flaggedIndex(): SortedIndex<FlagRecord> {
		return this.areas.moderation.flaggedIndex;
	}
	get blockedIndex(): SortedIndex<BlockedRecord> {
		return this.areas.moderation.blockedIndex;
	}
	requireReason(id: string): Reason {
		return this.areas.moderation.requireReason(id);
	}
	requireKeywordList(id: string): KeywordList {
		return this.areas.moderation.requireKeywordList(id);
	}
	requireRule(id: string): { current: Rule; revisions: Rule[] } {
		return this.areas.moderation.requireRule(id);
	}
	addReason(r: Json): Reason {
		return this.areas.moderation.addReason(r);
	}
	addKeywordList(k: Json): KeywordList {
		return this.areas.moderation.addKeywordList(k);
	}
	/** Seeds may carry `revisions` (older ones). */
	addRule(r: Json): Rule {
		return this.areas.moderation.addRule(r);
	}
	updateRule(id: string, patch: Json): Rule {
		return this.areas.moderation.updateRule(id, patch);
	}
	listRules(): Rule[] {
		return this.areas.moderation.listRules();
	}
	addFlag(f: Parameters<Areas['moderation']['addFlag']>[0]): FlagRecord {
		return this.areas.moderation.addFlag(f);
	}
	addFlaggedMessages(n: number, o?: Parameters<Areas['moderation']['addFlaggedMessages']>[1]): number {
		return this.areas.moderation.addFlaggedMessages(n, o);
	}
	reviewFlag(id: string, status: 'approved' | 'disapproved'): FlagRecord {
		return this.areas.moderation.reviewFlag(id, status);
	}
	/** A page of flagged records, newest latest-flaggedAt first. */
	pageFlagged(status: FlagStatus | 'all', page: number, limit: number): FlagRecord[] {
		return this.areas.moderation.pageFlagged(status, page, limit);
	}
	addBlocked(b: Parameters<Areas['moderation']['addBlocked']>[0]): BlockedRecord {
		return this.areas.moderation.addBlocked(b);
	}
	removeBlocked(id: string): boolean {
		return this.areas.moderation.removeBlocked(id);
	}

	// ---------------------------------------------------------------- calls and push tokens
	get calls(): Map<string, CallSession> {
		return this.areas.calls.byId;
	}
	get pushTokens(): PushToken[] {
		return this.areas.push.list;
	}
	/** Fills the rest: durations from the timestamps, `totalDuration` "HH:MM:SS", participants. */
	addCallSession(c: Json): CallSession {
		return this.areas.calls.add(c);
	}
	/** A transcription of a call; the call gets `hasTranscription: true`. */
	addTranscription(sessionId: string, t?: Partial<Transcription>): Transcription {
		return this.areas.calls.addTranscription(sessionId, t);
	}
	/** `{uid | authToken, pushToken?, platform?, providerId?}`. */
	addPushToken(t: Json): PushToken {
		return this.areas.push.add(t);
	}

	// ---------------------------------------------------------------- bots
	get bots(): Map<string, Bot> {
		return this.areas.bots.byId;
	}
	/** As POST /bots: the uid must be a user. */
	addBot(b: Json): Bot {
		return this.areas.bots.add(b);
	}

	// ---------------------------------------------------------------- notification providers and logs
	/** The saved notification providers, by `<channel>/<kind>` (e.g. `sms/twilio`), as the service stores them. */
	get notificationProviders(): Map<ProviderPath, Json> {
		return this.areas.notificationProviders.providers;
	}
	/** As POST /notifications/<channel>/v1/providers/<kind>. */
	saveNotificationProvider(path: ProviderPath, settings: Json): Json {
		return this.areas.notificationProviders.save(path, settings);
	}
	/** A notification log entry (`{messageId, sender, receiver, channel?, provider?, trigger?, ...}`). */
	addNotificationLog(l: Json): NotificationLog {
		return this.areas.notificationProviders.addLog(l);
	}
}
