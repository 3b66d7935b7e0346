// @ts-check
'use strict';

const { ApiError } = require('./errors');

/**
 * @typedef {{
 *   method: string,
 *   rawPath: string,
 *   params: Record<string, string>,
 *   query: Record<string, string | string[]>,
 *   headers: Record<string, string | string[] | undefined>,
 *   body: any,
 *   host: 'chat' | 'call',
 * }} Req
 * @typedef {{ status?: number, body: any, headers?: Record<string, string> }} Res
 * @typedef {(req: Req) => Res | any} Handler
 */

/**
 * A small router that matches the RAW (still percent-encoded) path segment by segment and decodes
 * each parameter afterwards. So `/v3/users/a%2Fb%3Fc%23d` addresses the user `a/b?c#d`: an encoded
 * slash never splits a segment.
 */
class Router {
	constructor() {
		/** @type {{ method: string, segments: string[], handler: Handler }[]} */
		this.routes = [];
	}

	/** @param {string} method @param {string} pattern e.g. `/v3/users/:uid` @param {Handler} handler */
	add(method, pattern, handler) {
		this.routes.push({ method, segments: pattern.split('/').slice(1), handler });
		return this;
	}

	/**
	 * @param {string} method
	 * @param {string} rawPath
	 * @returns {{ handler: Handler, params: Record<string, string> } | { methodMismatch: true } | null}
	 */
	match(method, rawPath) {
		const parts = rawPath.split('/').slice(1);
		if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // tolerate one trailing slash
		let pathMatched = false;
		for (const route of this.routes) {
			if (route.segments.length !== parts.length) continue;
			/** @type {Record<string, string>} */
			const params = {};
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

/** @param {string} s */
function decodeSegment(s) {
	try {
		return decodeURIComponent(s);
	} catch {
		throw new ApiError('ERR_BAD_REQUEST', `The path segment "${s}" is not valid percent-encoding.`);
	}
}

module.exports = { Router };
