import { ApiError } from './errors';
import type { Headers, Query } from './validation';

/** The chat API, the calls API and the management API (app webhooks). */
export type Host = 'chat' | 'call' | 'mgmt';

export interface Req {
	method: string;
	rawPath: string;
	params: Record<string, string>;
	query: Query;
	headers: Headers;
	body: unknown;
	host: Host;
}

export type Handler = (req: Req) => unknown;

/** What a handler returns for an answer without a body: 204 No Content. */
export const NO_CONTENT = Symbol('no content');

type Route = { method: string; segments: string[]; handler: Handler };

/**
 * A small router that matches the RAW (still percent-encoded) path segment by segment and decodes
 * each parameter afterwards. So `/v3/users/a%2Fb%3Fc%23d` addresses the user `a/b?c#d`: an encoded
 * slash never splits a segment.
 */
export class Router {
	private readonly routes: Route[] = [];

	/** `pattern` e.g. `/v3/users/:uid`. */
	add(method: string, pattern: string, handler: Handler): this {
		this.routes.push({ method, segments: pattern.split('/').slice(1), handler });
		return this;
	}

	match(method: string, rawPath: string): { handler: Handler; params: Record<string, string> } | { methodMismatch: true } | null {
		const parts = rawPath.split('/').slice(1);
		if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // tolerate one trailing slash
		let pathMatched = false;
		for (const route of this.routes) {
			if (route.segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			let ok = true;
			for (let i = 0; i < parts.length; i++) {
				const seg = route.segments[i];
				if (seg.startsWith(':')) {
					if (parts[i] === '') {
						ok = false;
						break;
					}
					params[seg.slice(1)] = decodeSegment(parts[i]);
				} else if (seg !== parts[i]) {
					ok = false;
					break;
				}
			}
			if (!ok) continue;
			if (route.method !== method) {
				pathMatched = true;
				continue;
			}
			return { handler: route.handler, params };
		}
		return pathMatched ? { methodMismatch: true } : null;
	}
}

function decodeSegment(s: string): string {
	try {
		return decodeURIComponent(s);
	} catch {
		throw new ApiError('ERR_BAD_REQUEST', `The path segment "${s}" is not valid percent-encoding.`);
	}
}
