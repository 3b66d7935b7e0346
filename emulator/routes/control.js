// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { isObject } = require('../util');

/**
 * The control API under /__emulator (no apikey, never faulted, never rate limited, not logged).
 * @param {{
 *   method: string, rawPath: string, query: Record<string, any>, body: any,
 *   emu: any, store: import('../store').Store, faults: import('../faults').Faults, requests: any[],
 * }} c
 */
async function handle(c) {
	const { method, body, emu, store, faults } = c;
	const route = `${method} ${c.rawPath.replace(/\/+$/, '')}`;
	const obj = isObject(body) ? body : {};
	/** @param {string} name */
	const helper = (name) => {
		const fn = /** @type {any} */ (store)[name];
		if (typeof fn !== 'function') throw new ApiError('ERR_ROUTE_NOT_FOUND', `The store has no ${name}().`);
		return fn.bind(store);
	};
	switch (route) {
		case 'GET /__emulator':
		case 'GET /__emulator/state':
			return { data: { ...store.summary?.() ?? {}, settings: emu.getSettings() } };
		case 'POST /__emulator/reset': {
			store.reset();
			if (obj.seed !== undefined) store.seed(require('../index').loadSeed(obj.seed) ?? {});
			return { data: { success: true } };
		}
		case 'POST /__emulator/seed':
			if (!isObject(body)) throw validationError({ body: ['The seed must be a JSON object.'] });
			store.seed(body);
			return { data: { success: true } };
		case 'POST /__emulator/users/bulk': {
			const count = obj.count;
			if (!Number.isInteger(count) || count < 0) throw validationError({ count: ['The count must be a non-negative integer.'] });
			return { data: { added: store.addUsers(count, obj.prefix) } };
		}
		case 'POST /__emulator/flagged/bulk': {
			const count = obj.count;
			if (!Number.isInteger(count) || count < 0) throw validationError({ count: ['The count must be a non-negative integer.'] });
			return { data: { added: helper('addFlaggedMessages')(count, obj) } };
		}
		case 'POST /__emulator/messages':
			return { data: helper('addMessage')(obj) };
		case 'POST /__emulator/flags':
			return { data: helper('addFlag')(obj) };
		case 'POST /__emulator/blocked':
			return { data: helper('addBlocked')(obj) };
		case 'POST /__emulator/reactions':
			return { data: helper('addReaction')(obj) };
		case 'POST /__emulator/calls':
			return { data: helper('addCallSession')(obj) };
		case 'POST /__emulator/push-tokens':
			return { data: helper('addPushToken')(obj) };
		case 'POST /__emulator/clock':
			if (!('now' in obj)) throw validationError({ now: ['The now field is required (epoch seconds or null).'] });
			store.setClock(obj.now);
			return { data: { now: store.now(), frozen: store.clock !== null } };
		case 'GET /__emulator/clock':
			return { data: { now: store.now(), frozen: store.clock !== null } };
		case 'POST /__emulator/faults': {
			const { rateLimitPerMinute, latencyMs, ignoreQueryParams, injectNext, match, resetCounts, clearQueue, ...faultOptions } = obj;
			if (rateLimitPerMinute !== undefined) emu.setRateLimit(rateLimitPerMinute);
			if (ignoreQueryParams !== undefined) {
				if (!Array.isArray(ignoreQueryParams) || ignoreQueryParams.some((n) => typeof n !== 'string')) throw validationError({ ignoreQueryParams: ['The ignoreQueryParams must be an array of parameter names.'] });
				emu.setIgnoredQueryParams(ignoreQueryParams);
			}
			if (latencyMs !== undefined) emu.setLatency(latencyMs);
			if (clearQueue) faults.clearQueue();
			if (resetCounts) faults.resetCounts();
			faults.set(faultOptions);
			if (injectNext !== undefined) {
				if (!Array.isArray(injectNext)) throw validationError({ injectNext: ['The injectNext must be an array of faults.'] });
				faults.injectNext(injectNext, isObject(match) ? match : {});
			}
			return { data: { counts: { ...faults.counts }, settings: emu.getSettings(), queued: faults.queue.length } };
		}
		case 'GET /__emulator/faults':
			return { data: { counts: { ...faults.counts }, settings: emu.getSettings(), queued: faults.queue.length } };
		case 'GET /__emulator/requests':
			return { data: c.requests };
		case 'DELETE /__emulator/requests':
			emu.clearRequests();
			return { data: { success: true } };
		default:
			throw new ApiError('ERR_ROUTE_NOT_FOUND', `No control route ${route}.`);
	}
}

module.exports = { handle };
