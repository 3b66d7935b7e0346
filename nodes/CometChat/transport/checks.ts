/**
 * What a request can carry, checked before anything is sent: the credential's hosts (App ID and
 * Region, a Custom Host, or the older Base URL and Call URL) and header values. Used by the
 * transport before every request and by the credential's authenticate (so by its test too).
 */

/** The fields a host comes from: each error about a host names the one to fix. */
export type HostUrlField = 'Base URL' | 'Call URL' | 'Chat API Host' | 'Call API Host' | 'App ID and Region' | 'Management URL';

/** CometChat's regions, as the dashboard shows them. */
export const REGIONS = ['us', 'eu', 'in'] as const;
export type Region = (typeof REGIONS)[number];
/** The Region of a credential that has none stored: the field's default. */
export const DEFAULT_REGION: Region = 'us';
/** The Region value that takes both hosts from the Chat API Host and Call API Host fields. */
export const CUSTOM_REGION = 'custom';

export const HOST_URL_FORMS: Record<HostUrlField, string> = {
	'Base URL': 'https://<APP_ID>.api-<REGION>.cometchat.io',
	'Call URL': 'https://<APP_ID>.call-<REGION>.cometchat.io',
	'Chat API Host': 'https://<APP_ID>.api-<REGION>.cometchat.io (or your proxy)',
	'Call API Host': 'https://<APP_ID>.call-<REGION>.cometchat.io (or your proxy)',
	'App ID and Region': 'the App ID and Region of the CometChat dashboard (API & Auth Keys)',
	'Management URL': 'https://apimgmt.cometchat.io (or a test server)',
};

/** The chat and call hosts CometChat gives an app in a region. */
export function regionHosts(appId: string, region: Region): { chat: string; call: string } {
	return { chat: `https://${appId}.api-${region}.cometchat.io`, call: `https://${appId}.call-${region}.cometchat.io` };
}

export type HostUrlResult = { origin: string } | { problem: string };

/**
 * `https://x.api-us.cometchat.io/v3/` → `https://x.api-us.cometchat.io`. Refused: a scheme other
 * than http(s), a user name or password, a query, a fragment, any path but an optional `/v3`.
 * The problem names the field and never repeats the URL (it may hold a password).
 */
export function parseHostUrl(field: HostUrlField, value: unknown): HostUrlResult {
	const text = typeof value === 'string' ? value.trim() : '';
	const expected = `It should look like ${HOST_URL_FORMS[field]}`;
	if (!text) return { problem: `The ${field} is empty. ${expected}` };
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { problem: `The ${field} is not a URL. ${expected}` };
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return { problem: `The ${field} must start with https:// (or http://). ${expected}` };
	}
	if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(text)) {
		return {
			problem: `The ${field} must not hold a user name or password (user:pass@). The API key is the only credential CometChat needs. ${expected}`,
		};
	}
	if (text.includes('?')) return { problem: `The ${field} must not have a query (?…). ${expected}` };
	if (text.includes('#')) return { problem: `The ${field} must not have a fragment (#…). ${expected}` };
	if (!/^(\/v3)?\/*$/i.test(url.pathname)) {
		return { problem: `The ${field} must not have a path other than /v3. ${expected}` };
	}
	return { origin: url.origin };
}

/**
 * Why a header value cannot be sent, if it cannot: Node refuses line breaks, NUL and other control
 * characters, and anything beyond Latin-1. A secret's character is not repeated.
 */
export function headerValueProblem(value: string, secret: boolean): string | undefined {
	for (const character of value) {
		const code = character.codePointAt(0) ?? 0;
		if (code === 9 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff)) continue;
		if (code === 10 || code === 13) return 'a line break';
		if (code === 0) return 'a NUL character';
		if (code < 0x20 || code === 0x7f) return 'a control character';
		return secret ? 'a character outside Latin-1' : `the character "${character}"`;
	}
	return undefined;
}

export interface ApiCredentialData {
	apiKey?: unknown;
	appId?: unknown;
	region?: unknown;
	chatHost?: unknown;
	callHost?: unknown;
	baseUrl?: unknown;
	callUrl?: unknown;
}

/**
 * A credential made before App ID and Region has a Base URL and no App ID: it keeps its Base URL and
 * Call URL. n8n drops a hidden field, and the Base URL is hidden while empty, so a credential saved
 * with App ID and Region has none; an empty Base URL without an App ID is an older one left empty.
 */
export function usesBaseUrl(credentials: ApiCredentialData): boolean {
	if (typeof credentials.baseUrl !== 'string') return false;
	return credentials.baseUrl.trim() !== '' || credentials.appId === undefined;
}

/** Where a host of the credential comes from, and its origin or why there is none. */
export type CredentialHost = { field: HostUrlField } & ({ origin: string } | { problem: string; missing?: true });

const APP_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The hosts of each credential object: a run reads its credential once and sends many requests with it. */
const hostsByCredentials = new WeakMap<object, { chat: CredentialHost; call: CredentialHost }>();

/**
 * The chat and call hosts of a credential. A call host left empty (Call URL, Call API Host) is
 * `missing`: only the Call resource needs one.
 */
export function credentialHosts(credentials: ApiCredentialData): { chat: CredentialHost; call: CredentialHost } {
	let hosts = hostsByCredentials.get(credentials);
	if (!hosts) hostsByCredentials.set(credentials, (hosts = hostsOf(credentials)));
	return hosts;
}

function hostsOf(credentials: ApiCredentialData): { chat: CredentialHost; call: CredentialHost } {
	if (usesBaseUrl(credentials)) {
		return { chat: hostOf('Base URL', credentials.baseUrl), call: hostOf('Call URL', credentials.callUrl) };
	}
	const region = credentials.region === undefined || credentials.region === '' ? DEFAULT_REGION : credentials.region;
	if (region === CUSTOM_REGION) {
		return { chat: hostOf('Chat API Host', credentials.chatHost), call: hostOf('Call API Host', credentials.callHost) };
	}
	const field: HostUrlField = 'App ID and Region';
	const appId = typeof credentials.appId === 'string' ? credentials.appId.trim() : '';
	let problem: string | undefined;
	if (!appId) problem = 'The App ID is empty. Copy it from the CometChat dashboard (your app → API & Auth Keys).';
	else if (!APP_ID.test(appId)) {
		problem =
			"The App ID may hold only letters, digits and hyphens, as CometChat's do. Copy it from the CometChat dashboard (your app → API & Auth Keys).";
	} else if (!(REGIONS as readonly unknown[]).includes(region)) {
		problem = `The Region must be one of ${REGIONS.join(', ')} or Custom Host.`;
	}
	if (problem) return { chat: { field, problem }, call: { field, problem } };
	const hosts = regionHosts(appId.toLowerCase(), region as Region);
	return { chat: { field, origin: hosts.chat }, call: { field, origin: hosts.call } };
}

function hostOf(field: HostUrlField, value: unknown): CredentialHost {
	if (typeof value !== 'string' || value.trim() === '') {
		return { field, problem: `The ${field} is empty. It should look like ${HOST_URL_FORMS[field]}`, missing: true };
	}
	return { field, ...parseHostUrl(field, value) };
}

/** The first problem of a credential (hosts, API key), as the editor's credential test shows it. */
export function credentialProblem(credentials: ApiCredentialData): string | undefined {
	const { chat, call } = credentialHosts(credentials);
	if ('problem' in chat) return chat.problem;
	if ('problem' in call && !call.missing) return call.problem;
	const key = typeof credentials.apiKey === 'string' ? headerValueProblem(credentials.apiKey, true) : undefined;
	if (key) return `The API Key contains ${key}, which an HTTP header cannot carry. Copy the key again from the CometChat dashboard.`;
	return undefined;
}
