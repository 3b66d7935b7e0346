/**
 * The app's FCM push providers (docs/cometchat-api.md, FCM providers): added, listed with the
 * service-account key as it was stored (so the node's masking is tested), updated, deleted, and one
 * of them the default (`isDefault`). The first provider added is the default; Set Default moves it;
 * deleting the default leaves none until one is set.
 */
import type { Details } from '../../core/errors';
import { addDetail, ApiError, throwIfInvalid } from '../../core/errors';
import { clone, hex } from '../../core/util';
import type { Json } from '../../core/validation';
import { isObject } from '../../core/validation';

export interface FcmProvider {
	providerId: string;
	serviceAccountFilename?: string;
	serviceAccountCreds?: Json;
	notificationInPayload?: Json;
	createdAt: number;
}

const CREDS = ['project_id', 'client_email', 'private_key', 'private_key_id'];
const PLATFORMS = ['ios', 'android', 'web'];

function checkFields(body: Json, details: Details, adding: boolean): void {
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

export class FcmProviders {
	byId!: Map<string, FcmProvider>;
	defaultId?: string;
	private order = 0;

	constructor() {
		this.reset();
	}

	reset(): void {
		this.byId = new Map();
		this.defaultId = undefined;
		this.order = 0;
	}

	add(body: Json): FcmProvider {
		const details: Details = {};
		checkFields(body, details, true);
		throwIfInvalid(details);
		const providerId = typeof body.providerId === 'string' ? body.providerId : `fcm-${hex(12)}`;
		if (this.byId.has(providerId)) throw new ApiError('ERR_BAD_REQUEST', `The FCM provider ${providerId} already exists.`);
		const provider: FcmProvider = { providerId, createdAt: ++this.order };
		this.apply(provider, body);
		this.byId.set(providerId, provider);
		this.defaultId ??= providerId;
		return provider;
	}

	require(providerId: unknown): FcmProvider {
		const provider = typeof providerId === 'string' ? this.byId.get(providerId) : undefined;
		if (!provider) throw new ApiError('ERR_PROVIDER_NOT_FOUND', `The FCM provider ${String(providerId)} does not exist.`);
		return provider;
	}

	update(body: Json): FcmProvider {
		if (typeof body.providerId !== 'string') throw new ApiError('ERR_BAD_REQUEST', 'The providerId field is required.');
		const provider = this.require(body.providerId);
		const details: Details = {};
		checkFields(body, details, false);
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

	private apply(provider: FcmProvider, body: Json): void {
		if (body.serviceAccountFilename !== undefined) provider.serviceAccountFilename = body.serviceAccountFilename;
		if (body.serviceAccountCreds !== undefined) provider.serviceAccountCreds = clone(body.serviceAccountCreds);
		if (body.notificationInPayload !== undefined) provider.notificationInPayload = clone(body.notificationInPayload);
	}
}
