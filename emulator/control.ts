/** The control API under /__emulator (no apikey, never faulted, never rate limited, not logged). */
import { ApiError, validationError } from './core/errors';
import type { Fault, FaultKind } from './core/faults';
import { loadSeed } from './core/seed';
import { isObject } from './core/validation';
import type { Json } from './core/validation';
import { WEBHOOK_EVENT_NAMES } from './areas/webhooks/events';
import { messageData, reactionData } from './areas/webhooks/payloads';
import { webhookOut } from './areas/webhooks/views';
import type { Runtime } from './runtime';
import type { Store } from './store';

/** 400 unless `count` is a non-negative integer. */
function requireCount(count: unknown): number {
	if (!Number.isInteger(count) || (count as number) < 0) throw validationError({ count: ['The count must be a non-negative integer.'] });
	return count as number;
}

function faultState(runtime: Runtime) {
	return { counts: { ...runtime.faults.counts }, settings: runtime.settings(), queued: runtime.faults.queue.length };
}

/** Answers a control call (the `data` of a 200 answer) or throws an ApiError. */
export function handleControl(method: string, rawPath: string, body: unknown, store: Store, runtime: Runtime): unknown {
	const route = `${method} ${rawPath.replace(/\/+$/, '')}`;
	const obj: Json = isObject(body) ? body : {};
	switch (route) {
		case 'GET /__emulator':
		case 'GET /__emulator/state':
			return { ...store.summary(), settings: runtime.settings() };
		case 'POST /__emulator/reset':
			store.reset();
			if (obj.seed !== undefined) store.seed(loadSeed(obj.seed) ?? {});
			return { success: true };
		case 'POST /__emulator/seed':
			if (!isObject(body)) throw validationError({ body: ['The seed must be a JSON object.'] });
			store.seed(body);
			return { success: true };
		case 'POST /__emulator/users/bulk':
			return { added: store.addUsers(requireCount(obj.count), obj.prefix) };
		case 'POST /__emulator/flagged/bulk':
			return { added: store.addFlaggedMessages(requireCount(obj.count), obj) };
		case 'POST /__emulator/messages': {
			// A message sent outside the API (no moderation run), raised as message_sent.
			const m = store.addMessage(obj);
			store.areas.app.emit('message_sent', messageData(store.areas, m));
			return m;
		}
		case 'POST /__emulator/media':
			// A file for attachments to link to: {name, mimeType?, base64 | text | size}; answers its path on the chat host.
			return store.areas.messages.media.addFromJson(obj);
		case 'POST /__emulator/flags':
			return store.addFlag(obj as Parameters<Store['addFlag']>[0]);
		case 'POST /__emulator/blocked': {
			const rec = store.addBlocked(obj as Parameters<Store['addBlocked']>[0]);
			store.areas.app.emit('moderation_engine_blocked', messageData(store.areas, store.requireMessage(rec.messageId)));
			return rec;
		}
		case 'POST /__emulator/reactions': {
			const r = store.addReaction(obj as Parameters<Store['addReaction']>[0]);
			store.areas.app.emit('message_reaction_added', reactionData(store.areas, r));
			return r;
		}
		case 'POST /__emulator/events': {
			// Raises any event, as CometChat would (for the events the emulator's areas do not produce).
			if (typeof obj.trigger !== 'string' || !WEBHOOK_EVENT_NAMES.includes(obj.trigger))
				throw validationError({ trigger: ['The trigger must be one of the webhook events.'] });
			if (!isObject(obj.data)) throw validationError({ data: ['The data must be an object.'] });
			store.areas.app.emit(obj.trigger, obj.data);
			return { success: true };
		}
		case 'GET /__emulator/webhooks':
			return [...store.areas.webhooks.byId.values()].map((w) => ({ ...webhookOut(w), triggers: [...w.triggers] }));
		case 'GET /__emulator/webhooks/deliveries':
			return store.areas.webhooks.sent.map(({ basicAuth: _auth, ...d }) => d);
		case 'POST /__emulator/webhooks/redeliver': {
			const { basicAuth: _auth, ...d } = store.areas.webhooks.redeliverLast();
			return d;
		}
		case 'GET /__emulator/deliveries':
			return runtime.deliveries.attempts;
		case 'POST /__emulator/calls':
			return store.addCallSession(obj);
		case 'POST /__emulator/push-tokens':
			return store.addPushToken(obj);
		case 'POST /__emulator/clock':
			if (!('now' in obj)) throw validationError({ now: ['The now field is required (epoch seconds or null).'] });
			store.setClock(obj.now);
			return { now: store.now(), frozen: store.clock !== null };
		case 'GET /__emulator/clock':
			return { now: store.now(), frozen: store.clock !== null };
		case 'POST /__emulator/faults': {
			const {
				rateLimitPerMinute,
				rateLimitWindowMs,
				rateLimitUsed,
				latencyMs,
				ignoreQueryParams,
				injectNext,
				match,
				resetCounts,
				clearQueue,
				...faultOptions
			} = obj;
			if (rateLimitPerMinute !== undefined) runtime.setRateLimit(rateLimitPerMinute, rateLimitWindowMs);
			if (rateLimitUsed !== undefined) runtime.spendRateLimit(rateLimitUsed as number);
			if (ignoreQueryParams !== undefined) {
				if (!Array.isArray(ignoreQueryParams) || ignoreQueryParams.some((n) => typeof n !== 'string'))
					throw validationError({ ignoreQueryParams: ['The ignoreQueryParams must be an array of parameter names.'] });
				runtime.setIgnoredQueryParams(ignoreQueryParams);
			}
			if (latencyMs !== undefined) runtime.setLatency(latencyMs);
			if (clearQueue) runtime.faults.clearQueue();
			if (resetCounts) runtime.faults.resetCounts();
			runtime.faults.set(faultOptions);
			if (injectNext !== undefined) {
				if (!Array.isArray(injectNext)) throw validationError({ injectNext: ['The injectNext must be an array of faults.'] });
				runtime.faults.injectNext(injectNext as (Fault | FaultKind)[], isObject(match) ? match : {});
			}
			return faultState(runtime);
		}
		case 'GET /__emulator/faults':
			return faultState(runtime);
		case 'POST /__emulator/bots':
			return store.addBot(obj);
		case 'DELETE /__emulator/deliveries':
			runtime.deliveries.clear();
			return { success: true };
		case 'GET /__emulator/requests':
			return runtime.log.entries;
		case 'DELETE /__emulator/requests':
			runtime.log.clear();
			return { success: true };
		default:
			throw new ApiError('ERR_ROUTE_NOT_FOUND', `No control route ${route}.`);
	}
}
