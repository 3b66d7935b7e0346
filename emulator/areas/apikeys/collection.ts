/**
 * API keys of the app (docs/cometchat-api.md, API keys): the key the emulator was started with is
 * the app's "Rest API Key" (fullAccess), listed like any other; keys created through POST /v3/apikeys
 * are listed, can be renamed, rescoped and deleted, and a fullAccess one is accepted as `apikey` on
 * every request (server.ts). An authOnly key is refused there, as CometChat's REST API wants a
 * fullAccess key.
 */
import type { App } from '../../core/app';
import type { Details } from '../../core/errors';
import { addDetail, ApiError, throwIfInvalid } from '../../core/errors';
import { hex } from '../../core/util';
import type { Json } from '../../core/validation';

export const API_KEY_SCOPES = ['authOnly', 'fullAccess'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export interface ApiKey {
	apiKey: string;
	name: string;
	scope: ApiKeyScope;
	createdAt: number;
}

/** The longest name the emulator stores (CometChat publishes none; docs/cometchat-api.md). */
export const API_KEY_NAME_MAX = 100;

function checkFields(body: Json, details: Details, required: boolean): void {
	if (body.name !== undefined || required) {
		if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > API_KEY_NAME_MAX) {
			addDetail(details, 'name', `The name field is required: a text of at most ${API_KEY_NAME_MAX} characters.`);
		}
	}
	if (body.scope !== undefined || required) {
		if (!(API_KEY_SCOPES as readonly unknown[]).includes(body.scope)) {
			addDetail(details, 'scope', `The scope must be one of ${API_KEY_SCOPES.join(', ')}.`);
		}
	}
}

/** When the app's REST API key was made: fixed, so lists come in a stable order. */
const PRIMARY_CREATED_AT = 1629869272;

export class ApiKeys {
	byKey!: Map<string, ApiKey>;
	/** The key the emulator was started with: back after every reset. */
	primary?: string;

	constructor(private readonly app: App) {
		this.reset();
	}

	reset(): void {
		this.byKey = new Map();
		if (this.primary !== undefined) this.addPrimary(this.primary);
	}

	/** Sets the key the emulator was started with, listed as the app's REST API key. */
	setPrimary(apiKey: string): void {
		this.primary = apiKey;
		this.addPrimary(apiKey);
	}

	/** The app's REST API key, as the published list example shows it (name, scope, createdAt). */
	private addPrimary(apiKey: string): void {
		this.byKey.set(apiKey, { apiKey, name: 'Rest API Key', scope: 'fullAccess', createdAt: PRIMARY_CREATED_AT });
	}

	/** POST /v3/apikeys: a new 40-hex-digit key. */
	create(body: Json): ApiKey {
		const details: Details = {};
		checkFields(body, details, true);
		throwIfInvalid(details);
		let apiKey = hex(40);
		while (this.byKey.has(apiKey)) apiKey = hex(40);
		const key: ApiKey = { apiKey, name: body.name as string, scope: body.scope as ApiKeyScope, createdAt: this.app.now() };
		this.byKey.set(apiKey, key);
		return key;
	}

	/** A store helper: a key with a known value (tests). */
	add(key: Partial<ApiKey> & { apiKey: string }): ApiKey {
		const record: ApiKey = { name: key.apiKey, scope: 'fullAccess', createdAt: this.app.now(), ...key };
		this.byKey.set(record.apiKey, record);
		return record;
	}

	require(apiKey: string): ApiKey {
		const key = this.byKey.get(apiKey);
		if (!key) throw new ApiError('ERR_APIKEY_NOT_FOUND', 'The API key requested does not exist.');
		return key;
	}

	update(apiKey: string, body: Json): ApiKey {
		const key = this.require(apiKey);
		const details: Details = {};
		checkFields(body, details, false);
		throwIfInvalid(details);
		if (typeof body.name === 'string') key.name = body.name;
		if (typeof body.scope === 'string') key.scope = body.scope as ApiKeyScope;
		return key;
	}

	remove(apiKey: string): ApiKey {
		const key = this.require(apiKey);
		this.byKey.delete(apiKey);
		return key;
	}

	/** Newest first, then by name; `scope` and `searchKey` (a part of the name, any case) filter. */
	list(scope: string | undefined, searchKey: string | undefined): ApiKey[] {
		const search = searchKey?.toLowerCase();
		return [...this.byKey.values()]
			.filter((key) => scope === undefined || key.scope === scope)
			.filter((key) => search === undefined || key.name.toLowerCase().includes(search))
			.sort((a, b) => b.createdAt - a.createdAt || a.name.localeCompare(b.name));
	}

	/** Whether `apiKey` may call the REST API: a fullAccess key of the app. */
	accepts(apiKey: string): 'yes' | 'unknown' | 'authOnly' {
		const key = this.byKey.get(apiKey);
		if (!key) return 'unknown';
		return key.scope === 'fullAccess' ? 'yes' : 'authOnly';
	}
}

export const apiKeyOut = (key: ApiKey): Json => ({ ...key });
