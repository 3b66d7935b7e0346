// The demo seed dated to now (`--seed-dates now`, `npm run demo`, `npm run dev:n8n`): the demo app as
// if in use today, so a report over the last day finds its messages, calls and active users.
const fs = require('node:fs');
const { DEMO_SEED_PATH, datedToNow } = require('../../emulator');
const { start } = require('./helpers');

const SEED = JSON.parse(fs.readFileSync(DEMO_SEED_PATH, 'utf8'));
const NOW = 1_900_000_000;

/** Every `…At` date of a seed, in document order. */
function datesOf(value, found = []) {
	if (Array.isArray(value)) value.forEach((member) => datesOf(member, found));
	else if (value && typeof value === 'object') {
		for (const [key, member] of Object.entries(value)) {
			if (key.endsWith('At') && typeof member === 'number') found.push(member);
			else datesOf(member, found);
		}
	}
	return found;
}

test('every date moves by one offset: the latest a minute before now, their order and spacing kept; nothing else changes', () => {
	const before = datesOf(SEED);
	const dated = datedToNow(SEED, NOW);
	const after = datesOf(dated);
	expect(before.length).toBeGreaterThan(150);
	expect(Math.max(...after)).toBe(NOW - 60);
	const offset = after[0] - before[0];
	expect(after).toEqual(before.map((date) => date + offset));
	// The same seed but for its dates: sizes, ids and the attachment's size (a number not named …At).
	const undated = (seed) => JSON.stringify(seed, (key, value) => (key.endsWith('At') && typeof value === 'number' ? 0 : value));
	expect(undated(dated)).toBe(undated(SEED));
	expect(datesOf(SEED)).toEqual(before);
});

test('a report over the last 24 hours of the demo dated to now finds active users, users at once and call minutes; as given, it finds none', async () => {
	const since = (seconds) => ({ fromDate: Math.floor(Date.now() / 1000) - seconds, toDate: Math.floor(Date.now() / 1000) });
	const today = await start({ seed: 'demo', seedDatedToNow: true });
	const given = await start({ seed: 'demo' });
	try {
		const metrics = (await today.api.get('/stats', { params: since(86_400) })).data.data.metrics;
		expect(metrics.active_users).toBeGreaterThan(0);
		expect(metrics.concurrent_users).toBeGreaterThan(0);
		expect(metrics.audio_minutes + metrics.video_minutes).toBeGreaterThan(0);
		const old = (await given.api.get('/stats', { params: since(86_400) })).data.data.metrics;
		expect(old).toEqual({ audio_minutes: 0, video_minutes: 0, recorded_minutes: 0, active_users: 0, concurrent_users: 0 });
	} finally {
		today.emu.close();
		given.emu.close();
	}
});
