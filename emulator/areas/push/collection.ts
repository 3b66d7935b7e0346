import type { App } from '../../core/app';
import { validationError } from '../../core/errors';
import { hex } from '../../core/util';
import type { Json } from '../../core/validation';
import type { Users } from '../users/collection';

export interface PushToken {
	authToken: string;
	pushTokenType: string;
	createdAt: string;
	platform: string;
	providerId: string;
	pushToken: string;
	uid: string;
	updatedAt: string;
}

/** Push tokens, each registered with a user's auth token. */
export class PushTokens {
	list!: PushToken[];

	constructor(
		private readonly app: App,
		private readonly users: Users,
	) {
		this.reset();
	}

	reset(): void {
		this.list = [];
	}

	/**
	 * Registers a push token for a user; the auth token defaults to the user's first (created when
	 * the user has none). Timestamps are ISO 8601 strings, as the service shows them.
	 */
	add(input: Json): PushToken {
		let uid: unknown = input.uid;
		let authToken: string | undefined = input.authToken;
		if (uid === undefined && authToken !== undefined) uid = this.users.findAuthToken(authToken)?.uid;
		if (typeof uid !== 'string') throw validationError({ uid: ['The uid (or a known authToken) is required.'] });
		this.users.require(uid);
		if (authToken === undefined) authToken = (this.users.authTokens.get(uid) ?? [])[0]?.authToken ?? this.users.addAuthToken(uid).authToken;
		else if (!this.users.findAuthToken(authToken)) this.users.addAuthToken(uid, { authToken });
		const iso = new Date(this.app.now() * 1000).toISOString();
		const platform: string = input.platform ?? 'fcm_android';
		const t: PushToken = {
			authToken,
			pushTokenType: input.pushTokenType ?? 'chat',
			createdAt: input.createdAt ?? iso,
			platform,
			providerId: input.providerId ?? 'fcm-provider-1',
			pushToken: input.pushToken ?? `${uid}_${platform}_${hex(16)}`,
			uid,
			updatedAt: input.updatedAt ?? input.createdAt ?? iso,
		};
		this.list.push(t);
		return t;
	}

	/** Removes the given tokens. */
	remove(gone: PushToken[]): void {
		this.list = this.list.filter((t) => !gone.includes(t));
	}
}
