/**
 * What a request can carry, checked before anything is sent: the credential's URLs (Base URL, Call
 * URL) and header values. Used by the transport before every request and by the credential's
 * authenticate (so by its test too).
 */

export type HostUrlField = 'Base URL' | 'Call URL';

export const HOST_URL_FORMS: Record<HostUrlField, string> = {
	'Base URL': 'https://<APP_ID>.api-<REGION>.cometchat.io',
	'Call URL': 'https://<APP_ID>.call-<REGION>.cometchat.io',
};

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

/** The first problem of a credential (URLs, API key), as the editor's credential test shows it. */
export function credentialProblem(credentials: { baseUrl?: unknown; callUrl?: unknown; apiKey?: unknown }): string | undefined {
	const base = parseHostUrl('Base URL', credentials.baseUrl);
	if ('problem' in base) return base.problem;
	if (typeof credentials.callUrl === 'string' && credentials.callUrl.trim() !== '') {
		const call = parseHostUrl('Call URL', credentials.callUrl);
		if ('problem' in call) return call.problem;
	}
	const key = typeof credentials.apiKey === 'string' ? headerValueProblem(credentials.apiKey, true) : undefined;
	if (key) return `The API Key contains ${key}, which an HTTP header cannot carry. Copy the key again from the CometChat dashboard.`;
	return undefined;
}
