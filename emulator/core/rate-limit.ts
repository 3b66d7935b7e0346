/**
 * Fixed one-minute windows shared by both hosts: a window opens with the first request after the
 * previous one closed and lasts 60 s. 0 = off. Requests answered 429 do not count. A test that
 * cannot wait a minute may shorten the window (`windowMs`): the limit then holds per window.
 */
export class RateLimiter {
	private windowEndMs = 0;
	private used = 0;

	constructor(
		public perMinute: number,
		public windowMs = 60_000,
	) {}

	/** Closes the current window (the next request opens a new one). */
	resetWindow(): void {
		this.windowEndMs = 0;
		this.used = 0;
	}

	/**
	 * Counts `n` requests as already made in the current window (opening one now if none is open):
	 * the app's other clients, which share its limit.
	 */
	spend(n: number): void {
		const nowMs = Date.now();
		if (nowMs >= this.windowEndMs) {
			this.windowEndMs = nowMs + this.windowMs;
			this.used = 0;
		}
		this.used = Math.min(this.perMinute, this.used + n);
	}

	take(): { allowed: boolean; headers: Record<string, string> } {
		if (!this.perMinute) return { allowed: true, headers: {} };
		const nowMs = Date.now();
		if (nowMs >= this.windowEndMs) {
			this.windowEndMs = nowMs + this.windowMs;
			this.used = 0;
		}
		const reset = String(Math.ceil(this.windowEndMs / 1000));
		if (this.used >= this.perMinute) {
			return {
				allowed: false,
				headers: {
					'retry-after': String(Math.max(1, Math.ceil((this.windowEndMs - nowMs) / 1000))),
					'x-rate-limit-reset': reset,
					'x-rate-limit': String(this.perMinute),
					'x-rate-limit-remaining': '0',
				},
			};
		}
		this.used++;
		return {
			allowed: true,
			headers: { 'x-rate-limit': String(this.perMinute), 'x-rate-limit-remaining': String(this.perMinute - this.used) },
		};
	}
}
