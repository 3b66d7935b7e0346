import type { App } from '../../core/app';
import type { Json } from '../../core/validation';
import type { Users } from '../users/collection';

/** One muted conversation of a user: a user (`oneOnOne`) or a group, until a time in milliseconds. */
export interface MutedConversation {
	id: string;
	type: 'oneOnOne' | 'group';
	until: number;
}

/** A user's contact details for e-mail and SMS notifications. */
export interface ContactDetails {
	email?: string;
	phno?: string;
}

/**
 * The app's default notification preferences, as the published answer of Reset Preferences shows
 * them (1: don't notify, 2: notify for all, 3: mentions or all messages; mutePreferences.dnd 1: off).
 */
export function defaultPreferences(): Json {
	const day = () => ({ from: 0, to: 2359, dnd: false });
	return {
		groupPreferences: {
			groupMessages: 2,
			groupReplies: 2,
			groupReactions: 2,
			groupMemberLeft: 1,
			groupMemberAdded: 1,
			groupMemberJoined: 1,
			groupMemberKicked: 1,
			groupMemberBanned: 1,
			groupMemberUnbanned: 1,
			groupMemberScopeChanged: 1,
		},
		oneOnOnePreferences: { oneOnOneMessages: 2, oneOnOneReplies: 2, oneOnOneReactions: 2 },
		mutePreferences: {
			dnd: 1,
			schedule: {
				sunday: day(),
				monday: day(),
				tuesday: day(),
				wednesday: day(),
				thursday: day(),
				friday: day(),
				saturday: day(),
			},
		},
		usePrivacyTemplate: true,
	};
}

/** What a user never set: the time zone the emulator answers (not published). */
export const DEFAULT_TIMEZONE = 'UTC';

/** Each user's notification settings: preferences, muted conversations, time zone and contact details. */
export class UserNotifications {
	preferences!: Map<string, Json>;
	muted!: Map<string, MutedConversation[]>;
	timezones!: Map<string, string>;
	contacts!: Map<string, ContactDetails>;

	constructor(
		private readonly app: App,
		private readonly users: Users,
	) {
		this.reset();
	}

	reset(): void {
		this.preferences = new Map();
		this.muted = new Map();
		this.timezones = new Map();
		this.contacts = new Map();
	}

	/** The user's preferences: the defaults until set. */
	preferencesOf(uid: string): Json {
		this.users.require(uid);
		let prefs = this.preferences.get(uid);
		if (!prefs) this.preferences.set(uid, (prefs = defaultPreferences()));
		return prefs;
	}

	/** The user's muted conversations whose `until` is still ahead (expired ones are dropped). */
	mutedOf(uid: string): MutedConversation[] {
		this.users.require(uid);
		const nowMs = this.app.now() * 1000;
		const live = (this.muted.get(uid) ?? []).filter((m) => m.until > nowMs);
		this.muted.set(uid, live);
		return live;
	}

	/** Mutes (or mutes again, with the new `until`) each conversation. */
	mute(uid: string, conversations: MutedConversation[]): void {
		const list = this.mutedOf(uid);
		for (const c of conversations) {
			const at = list.findIndex((m) => m.type === c.type && m.id === c.id);
			if (at >= 0) list[at] = { ...c };
			else list.push({ ...c });
		}
	}

	/** Unmutes each conversation; one that is not muted is left alone. */
	unmute(uid: string, conversations: Array<Pick<MutedConversation, 'id' | 'type'>>): void {
		const gone = (m: MutedConversation) => conversations.some((c) => c.type === m.type && c.id === m.id);
		this.muted.set(
			uid,
			this.mutedOf(uid).filter((m) => !gone(m)),
		);
	}

	timezoneOf(uid: string): string {
		this.users.require(uid);
		return this.timezones.get(uid) ?? DEFAULT_TIMEZONE;
	}

	contactOf(uid: string): ContactDetails {
		this.users.require(uid);
		return this.contacts.get(uid) ?? {};
	}
}
