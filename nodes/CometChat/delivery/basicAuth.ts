/** The Basic Auth check of the push triggers: the pair CometChat sends with every delivery. */

/** The username and password of an `Authorization: Basic …` header, if it holds one. */
export function basicAuthOf(header: unknown): { username: string; password: string } | undefined {
	if (typeof header !== 'string') return undefined;
	const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
	if (!match) return undefined;
	const text = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = text.indexOf(':');
	if (colon < 0) return undefined;
	return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Compares two strings in time that depends only on their lengths (no early exit). */
function sameText(a: string, b: string): boolean {
	let difference = a.length ^ b.length;
	for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
	return difference === 0;
}

/** Whether an `Authorization` header holds exactly this pair. An empty expected pair never matches. */
export function basicAuthMatches(header: unknown, expected: { username?: string; password?: string }): boolean {
	const given = basicAuthOf(header);
	const { username = '', password = '' } = expected;
	if (!given || username === '' || password === '') return false;
	// Both compared in full, so the time does not tell which one was wrong.
	const userMatches = sameText(given.username, username);
	const passwordMatches = sameText(given.password, password);
	return userMatches && passwordMatches;
}
