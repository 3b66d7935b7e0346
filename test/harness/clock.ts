/**
 * A clock the test moves: `Date.now()` stands still unless the test advances it, while timers,
 * sockets and promises run for real (only `Date` is faked), so requests to the emulator still
 * work. For what the node measures in time (the poll budget), without racing the machine's clock.
 */
const REAL_TIMERS = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;

export interface TestClock {
	now(): number;
	advance(ms: number): void;
}

/** Controls `Date.now()` until `jest.useRealTimers()` (call it in afterEach). */
export function controlDate(start = 1_790_000_000_000): TestClock {
	jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], now: start });
	return {
		now: () => Date.now(),
		advance: (ms) => jest.setSystemTime(Date.now() + ms),
	};
}
