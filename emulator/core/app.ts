/** What every collection shares: the app id and the store clock. */
import { validationError } from './errors';

export class App {
	/** Frozen epoch seconds, or null for real time. */
	clock: number | null = null;

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
}
