/** What every collection shares: the app id, the store clock and the events the app raises. */
import { validationError } from './errors';

/** Receives each event the app raises: a webhook trigger name and its `data`. */
export type EventListener = (trigger: string, data: Record<string, unknown>) => void;

export class App {
	/** Frozen epoch seconds, or null for real time. */
	clock: number | null = null;
	/** While true (seeding), no event is raised. */
	quiet = false;
	private readonly listeners = new Set<EventListener>();

	constructor(public appId: string) {}

	/** Epoch seconds from the store clock. */
	now(): number {
		return this.clock ?? Math.floor(Date.now() / 1000);
	}

	/** Freezes the clock at `epochSeconds`; null = real time. */
	setClock(epochSeconds: number | null): void {
		if (epochSeconds !== null && (typeof epochSeconds !== 'number' || !Number.isFinite(epochSeconds))) {
			throw validationError({ now: ['The clock must be a number of epoch seconds or null.'] });
		}
		this.clock = epochSeconds === null ? null : Math.floor(epochSeconds);
	}

	/** Listens to the events; answers a function that stops it. */
	onEvent(listener: EventListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Raises an event (what happened, as a webhook trigger and its `data`). */
	emit(trigger: string, data: Record<string, unknown>): void {
		if (this.quiet) return;
		for (const listener of this.listeners) listener(trigger, data);
	}
}
