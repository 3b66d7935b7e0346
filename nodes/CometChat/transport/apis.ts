/**
 * The APIs a request can go to, and where each lives: the chat API on the credential's chat host,
 * the calls API on its call host, and the Campaigns service on the chat host under `/v3/campaigns`
 * (docs/cometchat-api.md, Campaigns).
 */

export type CometChatApi = 'chat' | 'call' | 'campaigns';

/** The credential's host each API is on, and the path segments its paths start with after /v3. */
export const API_HOSTS: Record<CometChatApi, { host: 'chat' | 'call'; base: string[] }> = {
	chat: { host: 'chat', base: [] },
	call: { host: 'call', base: [] },
	campaigns: { host: 'chat', base: ['campaigns'] },
};

/**
 * A list request's path segments after /v3, its API's base first (`campaigns` for the Campaigns
 * service). The management API has no lists of more than one request: its paths are not this form.
 */
export function pathAfterV3(request: { host?: string; path: Array<string | number> }): Array<string | number> {
	const api = request.host ?? 'chat';
	const base = api in API_HOSTS ? API_HOSTS[api as CometChatApi].base : [];
	return [...base, ...request.path];
}
