/**
 * App webhooks (the management host) and the deliveries of the events the app raises: each event
 * goes to every enabled webhook that has its trigger, as {trigger, data, appId, region, webhook}.
 */
import type { App } from '../../core/app';
import type { Deliverer, Delivery } from '../../core/delivery';
import { ApiError } from '../../core/errors';

/** At most this many webhooks per app (as CometChat). */
export const WEBHOOK_LIMIT = 25;

export interface Webhook {
	id: string;
	name: string;
	webhookURL: string;
	useBasicAuth: boolean;
	username?: string;
	password?: string;
	enabled: boolean;
	retryOnFailure: boolean;
	triggers: Set<string>;
	createdAt: number;
	updatedAt: number;
}

/** One delivery as sent: to which webhook, for which trigger. */
export interface SentDelivery extends Delivery {
	webhook: string;
	trigger: string;
}

export class Webhooks {
	readonly byId = new Map<string, Webhook>();
	/** Every delivery sent (retries not counted), oldest first. */
	readonly sent: SentDelivery[] = [];
	/** Set by the emulator when it starts; without it events are recorded but not delivered. */
	deliverer: Deliverer | undefined;
	region = 'us';

	constructor(private readonly app: App) {
		app.onEvent((trigger, data) => this.dispatch(trigger, data));
	}

	reset(): void {
		this.byId.clear();
		this.sent.length = 0;
	}

	require(id: string): Webhook {
		const w = this.byId.get(id);
		if (!w) throw new ApiError('ERR_WEBHOOK_NOT_FOUND', `The webhook with id ${id} does not exist.`, { details: { id } });
		return w;
	}

	add(input: Omit<Webhook, 'triggers' | 'createdAt' | 'updatedAt'>): Webhook {
		if (this.byId.has(input.id))
			throw new ApiError('ERR_WEBHOOK_ALREADY_EXISTS', `The webhook with id ${input.id} already exists.`, { details: { id: input.id } });
		if (this.byId.size >= WEBHOOK_LIMIT) {
			throw new ApiError('ERR_WEBHOOK_LIMIT_REACHED', `An app can have at most ${WEBHOOK_LIMIT} webhooks; delete one first.`, {
				details: { limit: WEBHOOK_LIMIT },
			});
		}
		const now = this.app.now();
		const w: Webhook = { ...input, triggers: new Set(), createdAt: now, updatedAt: now };
		this.byId.set(w.id, w);
		return w;
	}

	remove(id: string): void {
		this.require(id);
		this.byId.delete(id);
	}

	/** Sends the event to every enabled webhook registered for it. */
	dispatch(trigger: string, event: Record<string, unknown>): void {
		// A copy: views share objects with the store, and deliveries are sent after the answer.
		const data = structuredClone(event);
		for (const w of this.byId.values()) {
			if (!w.enabled || !w.triggers.has(trigger)) continue;
			const delivery: SentDelivery = {
				webhook: w.id,
				trigger,
				url: w.webhookURL,
				body: { trigger, data, appId: this.app.appId, region: this.region, webhook: w.id },
				...(w.useBasicAuth ? { basicAuth: { username: w.username ?? '', password: w.password ?? '' } } : {}),
				retryOnFailure: w.retryOnFailure,
			};
			this.send(delivery);
		}
	}

	/** Sends the last delivery again, as a retry of it would (same body). */
	redeliverLast(): SentDelivery {
		const last = this.sent[this.sent.length - 1];
		if (!last) throw new ApiError('ERR_BAD_REQUEST', 'No delivery was sent yet.');
		this.send({ ...last });
		return last;
	}

	private send(delivery: SentDelivery): void {
		this.sent.push(delivery);
		if (this.deliverer) void this.deliverer.deliver(delivery);
	}
}
