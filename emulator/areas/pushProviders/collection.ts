/**
 * The app's FCM and APNs push providers (docs/cometchat-api.md, FCM providers, APNs providers):
 * added, listed with their keys as they were stored (so the node's masking is tested), updated,
 * deleted, and per kind one of them the default (`isDefault`). The first provider added is the
 * default; Set Default moves it; deleting the default leaves none until one is set.
 */
import type { Details } from '../../core/errors';
import { addDetail, ApiError, throwIfInvalid } from '../../core/errors';
import { clone, hex } from '../../core/util';
import type { Json } from '../../core/validation';
import { isObject } from '../../core/validation';

export interface PushProvider {
	providerId: string;
	createdAt: number;
	[field: string]: unknown;
}

const CREDS = ['project_id', 'client_email', 'private_key', 'private_key_id'];
const PLATFORMS = ['ios', 'android', 'web'];

function checkFcmFields(body: Json, details: Details, adding: boolean): void {
	if (body.providerId !== undefined && (typeof body.providerId !== 'string' || body.providerId.trim() === '')) {
		addDetail(details, 'providerId', 'The providerId must be a non-empty string.');
	}
	if (body.serviceAccountFilename !== undefined && typeof body.serviceAccountFilename !== 'string') {
		addDetail(details, 'serviceAccountFilename', 'The serviceAccountFilename must be a string.');
	}
	const creds = body.serviceAccountCreds;
	if (creds === undefined) {
		if (adding) addDetail(details, 'serviceAccountCreds', 'The serviceAccountCreds are required.');
	} else if (!isObject(creds) || CREDS.some((key) => creds[key] !== undefined && typeof creds[key] !== 'string')) {
		addDetail(details, 'serviceAccountCreds', `The serviceAccountCreds must be an object of strings (${CREDS.join(', ')}).`);
	} else if (['project_id', 'client_email', 'private_key'].some((key) => typeof creds[key] !== 'string')) {
		addDetail(details, 'serviceAccountCreds', 'The serviceAccountCreds need project_id, client_email and private_key.');
	}
	const payload = body.notificationInPayload;
	if (payload !== undefined) {
		const wrong =
			!isObject(payload) ||
			Object.entries(payload).some(
				([platform, value]) =>
					!PLATFORMS.includes(platform) || !isObject(value) || Object.values(value).some((flag) => typeof flag !== 'boolean'),
			);
		if (wrong)
			addDetail(details, 'notificationInPayload', 'The notificationInPayload holds ios, android and web, each {chat, call} booleans.');
	}
}

const APNS_TEXT = ['keyId', 'teamId', 'bundleId', 'p8KeyFilename', 'p8Key'];
const APNS_FLAGS = ['includeContentAvailable', 'includeMutableContent', 'productionMode'];

/** createApnsProvider: texts and flags; a new provider needs its key, key ID, team ID and bundle ID. */
function checkApnsFields(body: Json, details: Details, adding: boolean): void {
	if (body.providerId !== undefined && (typeof body.providerId !== 'string' || body.providerId.trim() === '')) {
		addDetail(details, 'providerId', 'The providerId must be a non-empty string.');
	}
	for (const key of APNS_TEXT) {
		if (body[key] !== undefined && typeof body[key] !== 'string') addDetail(details, key, `The ${key} must be a string.`);
	}
	for (const key of APNS_FLAGS) {
		if (body[key] !== undefined && typeof body[key] !== 'boolean') addDetail(details, key, `The ${key} must be a boolean.`);
	}
	if (adding) {
		for (const key of ['p8Key', 'keyId', 'teamId', 'bundleId']) {
			if (typeof body[key] !== 'string' || body[key].trim() === '') addDetail(details, key, `The ${key} is required.`);
		}
	}
}

const KINDS = {
	fcm: {
		name: 'FCM',
		prefix: 'fcm',
		check: checkFcmFields,
		fields: ['serviceAccountFilename', 'serviceAccountCreds', 'notificationInPayload'],
	},
	apns: { name: 'APNs', prefix: 'apns', check: checkApnsFields, fields: [...APNS_TEXT, ...APNS_FLAGS] },
} as const;

export class PushProviders {
	byId!: Map<string, PushProvider>;
	defaultId?: string;
	private order = 0;
	private readonly kind: (typeof KINDS)[keyof typeof KINDS];

	constructor(kind: keyof typeof KINDS) {
		this.kind = KINDS[kind];
		this.reset();
	}

	reset(): void {
		this.byId = new Map();
		this.defaultId = undefined;
		this.order = 0;
	}

	add(body: Json): PushProvider {
		const details: Details = {};
		this.kind.check(body, details, true);
		throwIfInvalid(details);
		const providerId = typeof body.providerId === 'string' ? body.providerId : `${this.kind.prefix}-${hex(12)}`;
		if (this.byId.has(providerId)) throw new ApiError('ERR_BAD_REQUEST', `The ${this.kind.name} provider ${providerId} already exists.`);
		const provider: PushProvider = { providerId, createdAt: ++this.order };
		this.apply(provider, body);
		this.byId.set(providerId, provider);
		this.defaultId ??= providerId;
		return provider;
	}

	require(providerId: unknown): PushProvider {
		const provider = typeof providerId === 'string' ? this.byId.get(providerId) : undefined;
		if (!provider) throw new ApiError('ERR_PROVIDER_NOT_FOUND', `The ${this.kind.name} provider ${String(providerId)} does not exist.`);
		return provider;
	}

	update(body: Json): PushProvider {
		if (typeof body.providerId !== 'string') throw new ApiError('ERR_BAD_REQUEST', 'The providerId field is required.');
		const provider = this.require(body.providerId);
		const details: Details = {};
		this.kind.check(body, details, false);
		throwIfInvalid(details);
		this.apply(provider, body);
		return provider;
	}

	remove(providerId: string): void {
		this.require(providerId);
		this.byId.delete(providerId);
		if (this.defaultId === providerId) this.defaultId = undefined;
	}

	setDefault(providerId: string): void {
		this.defaultId = this.require(providerId).providerId;
	}

	/** Oldest first, each with `isDefault`, the key as stored. */
	list(): Json[] {
		return [...this.byId.values()]
			.sort((a, b) => a.createdAt - b.createdAt)
			.map(({ createdAt: _order, ...provider }) => ({ ...clone(provider), isDefault: provider.providerId === this.defaultId }));
	}

	private apply(provider: PushProvider, body: Json): void {
		for (const field of this.kind.fields) if (body[field] !== undefined) provider[field] = clone(body[field]);
	}
}
