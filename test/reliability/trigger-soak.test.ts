/**
 * CometChat Trigger, exactly once under concurrent change: 1,000 polls of both events while records
 * arrive (some in bursts of more than a page), are approved (reviewed, so they leave the list) and
 * are flagged or blocked again (a new key at the top), before polls and between the page reads of
 * one poll, with random faults (429, 500, 503, reset, truncated, invalid JSON) on the requests.
 *
 * What must be emitted. A key is a message id with its latest flaggedAt (blocked: createdAt). It
 * lives in its pending list from the moment it is added until it is approved or replaced (flagged
 * or blocked again later). A key MUST be emitted when it is in the list from the start of a
 * successful poll to the end of the next successful poll (the read-back of the next polls is there
 * for records that become visible late); a page shift no longer hides one from the first, whose
 * reads overlap, so none is left for a later poll. A key that leaves the list sooner (approved or replaced
 * before a poll could surely read it) MAY be emitted. Every key is emitted at most once, and
 * nothing that never was in a list is emitted.
 */
import type { Emulator } from '../harness/emulator';
import { useEmulator, useShortBackoff } from '../harness/suite';
import { report } from './report';
import type { TriggerWatcher } from './trigger-watcher';
import { hooksOf, keyOfItem, triggerWatcher } from './trigger-watcher';

const currentEmulator = useEmulator();
// The promise is what the polls emit while requests fail and are retried, not how long the retries
// wait: the walk reads its pages one after another, so the run is the same with a short backoff,
// where the shipped one (250 ms, doubling) had the 5% faults spend some 150 s asleep.
useShortBackoff();
const T0 = 1_790_000_000;
const POLLS = Number(process.env.TRIGGER_SOAK_POLLS ?? 1000);
const EVENTS = ['flaggedMessage', 'blockedMessage'] as const;
type EventName = (typeof EVENTS)[number];
const PATHS: Record<EventName, string> = {
	flaggedMessage: '/v3/moderation/flagged-messages',
	blockedMessage: '/v3/moderation/blocked-messages',
};

/** Message ids, with removal in O(1) and a pick among the most recently added. */
class IdPool {
	private readonly ids: string[] = [];
	private readonly index = new Map<string, number>();
	get size() {
		return this.ids.length;
	}
	add(id: string) {
		if (this.index.has(id)) return;
		this.index.set(id, this.ids.length);
		this.ids.push(id);
	}
	remove(id: string) {
		const at = this.index.get(id);
		if (at === undefined) return;
		const last = this.ids.pop()!;
		this.index.delete(id);
		if (last !== id) {
			this.ids[at] = last;
			this.index.set(last, at);
		}
	}
	pick(random: () => number, recent: boolean): string | undefined {
		if (this.ids.length === 0) return undefined;
		const span = recent ? Math.min(150, this.ids.length) : this.ids.length;
		return this.ids[this.ids.length - 1 - Math.floor(random() * span)];
	}
}

interface Life {
	added: number;
	removed: number;
}

/** The lists as the test changes them, with when (in ticks) each key came and went. */
class World {
	tick = 0;
	clock = T0;
	private counter = 0;
	readonly lives: Record<EventName, Map<string, Life>> = { flaggedMessage: new Map(), blockedMessage: new Map() };
	private readonly pending: Record<EventName, IdPool> = { flaggedMessage: new IdPool(), blockedMessage: new IdPool() };
	private readonly keyOf: Record<EventName, Map<string, string>> = { flaggedMessage: new Map(), blockedMessage: new Map() };
	readonly changes = { arrivals: 0, approvals: 0, renewals: 0 };

	constructor(
		private readonly emulator: Emulator,
		readonly random: () => number,
	) {}

	private begin(event: EventName, id: string, at: number) {
		const key = `${id}@${at}`;
		this.lives[event].set(key, { added: ++this.tick, removed: Infinity });
		this.keyOf[event].set(id, key);
		this.pending[event].add(id);
	}

	private end(event: EventName, id: string) {
		const key = this.keyOf[event].get(id)!;
		this.lives[event].get(key)!.removed = ++this.tick;
	}

	arrive(event: EventName) {
		const text = event === 'blockedMessage' ? 'casino' : 'fine';
		const id = this.emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text: `${text} ${++this.counter}` } })
			.id as string;
		if (event === 'flaggedMessage') {
			this.emulator.store.addFlag({ messageId: id, uid: this.flagger(), reasonId: 'spam', flaggedAt: this.clock });
		} else {
			this.emulator.store.addBlocked({ messageId: id, ruleId: 'no-spam-links', createdAt: this.clock });
		}
		this.begin(event, id, this.clock);
		this.changes.arrivals++;
	}

	approve(event: EventName) {
		const id = this.pending[event].pick(this.random, this.random() < 0.7);
		if (id === undefined) return;
		if (event === 'flaggedMessage') this.emulator.store.reviewFlag(id, 'approved');
		else this.emulator.store.removeBlocked(id);
		this.end(event, id);
		this.pending[event].remove(id);
		this.changes.approvals++;
	}

	/** Flagged again by someone (blocked again): the record moves to the top with a new key. */
	renew(event: EventName) {
		const id = this.pending[event].pick(this.random, this.random() < 0.3);
		if (id === undefined) return;
		if (this.keyOf[event].get(id) === `${id}@${this.clock}`) return;
		if (event === 'flaggedMessage') {
			this.emulator.store.addFlag({ messageId: id, uid: this.flagger(), reasonId: 'spam', flaggedAt: this.clock });
		} else {
			this.emulator.store.addBlocked({ messageId: id, ruleId: 'no-spam-links', createdAt: this.clock });
		}
		this.end(event, id);
		this.begin(event, id, this.clock);
		this.changes.renewals++;
	}

	/** A few random changes to one list. */
	stir(event: EventName, arrivals: number) {
		for (let i = 0; i < arrivals; i++) this.arrive(event);
		const approvals = Math.floor(this.random() * 4);
		for (let i = 0; i < approvals; i++) this.approve(event);
		if (this.random() < 0.4) this.renew(event);
	}

	private flagger() {
		return ['bob', 'carol', 'dave'][Math.floor(this.random() * 3)];
	}
}

function seeded(seed: number) {
	let state = seed;
	return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

interface PollRecord {
	start: number;
	end: number;
	succeeded: boolean;
}

describe('CometChat Trigger under concurrent change', () => {
	let emulator: Emulator;
	beforeEach(() => {
		emulator = currentEmulator();
		emulator.store.setClock(T0);
		for (const uid of ['alice', 'bob', 'carol', 'dave']) emulator.store.addUser({ uid, name: uid });
		emulator.store.addRule({
			id: 'no-spam-links',
			name: 'No spam links',
			conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['casino'] }],
			action: ['blockMessage'],
		});
	});

	it('emits every key that must be emitted exactly once, and no key twice, over 1,000 polls', async () => {
		const started = Date.now();
		const world = new World(emulator, seeded(20261123));
		const random = world.random;
		for (const event of EVENTS) for (let i = 0; i < 30; i++) world.arrive(event);
		const w: TriggerWatcher = triggerWatcher(emulator, { events: [...EVENTS] });
		// The first poll notes where the lists stand: what is there already is not emitted.
		const activation = ++world.tick;
		const noted = await w.poll();
		expect(noted).toEqual({ items: [], succeeded: true });

		emulator.setFaults({ rate: 0.05, seed: 11, kinds: ['429', '500', '503', 'reset', 'truncated', 'invalidJson'], retryAfter: 0 });
		const polls: PollRecord[] = [];
		const emitted: Record<EventName, Map<string, number>> = { flaggedMessage: new Map(), blockedMessage: new Map() };
		/** The tick at which each key was first emitted (the end of its poll). */
		const emittedAt: Record<EventName, Map<string, number>> = { flaggedMessage: new Map(), blockedMessage: new Map() };
		let hooksFired = 0;
		let pulledUp = 0;
		let pulledUpNew = 0;
		/** The ids (with their second) of the first `pages` pages of a list, as the emulator holds it now. */
		const readPages = (event: EventName, pages: number): string[] =>
			event === 'flaggedMessage'
				? (emulator.store.pageFlagged('pending', 1, pages * 100) as Array<{ messageId: string; latest: number }>).map(
						(r) => `${r.messageId}@${r.latest}`,
					)
				: (emulator.store.blockedIndex.pageDesc(1, pages * 100) as Array<{ messageId: string; createdAt: number }>).map(
						(r) => `${r.messageId}@${r.createdAt}`,
					);
		const poll = async () => {
			const start = ++world.tick;
			const outcome = await w.poll();
			const end = ++world.tick;
			polls.push({ start, end, succeeded: outcome.succeeded });
			for (const item of outcome.items) {
				const { event, key } = keyOfItem(item);
				emitted[event].set(key, (emitted[event].get(key) ?? 0) + 1);
				if (!emittedAt[event].has(key)) emittedAt[event].set(key, end);
			}
		};

		for (let n = 0; n < POLLS; n++) {
			// Half the polls share their second with the previous one (keys of one second straddle
			// polls); the others come up to 40 s later, so the 60 s read-back spans a few polls.
			world.clock += random() < 0.5 ? 0 : 1 + Math.floor(random() * 40);
			emulator.store.setClock(world.clock);
			for (const event of EVENTS) {
				// One poll in four finds a burst of more than a page: its walk reads two or three pages.
				const burst = random() < 0.25 ? 100 + Math.floor(random() * 150) : Math.floor(random() * 4);
				world.stir(event, burst);
			}
			const unsubscribe: Array<() => void> = [];
			for (const event of EVENTS) {
				for (const page of [2, 3]) {
					if (random() > 0.6) continue;
					const off = hooksOf(emulator).onRequest((request) => {
						if (request.path !== PATHS[event] || request.query.page !== String(page)) return;
						off();
						hooksFired++;
						const readBefore = new Set(readPages(event, page - 1));
						const nextBefore = readPages(event, page).slice(readBefore.size);
						// Between two page reads of this poll: changes to this list and the other one.
						world.stir(event, Math.floor(random() * 3));
						if (random() < 0.3) world.stir(event === 'flaggedMessage' ? 'blockedMessage' : 'flaggedMessage', 1);
						// Records of the next page pulled up into the pages already read: this walk does not
						// see them. Those not emitted yet must come out of a later poll.
						const readNow = new Set(readPages(event, page - 1));
						for (const key of nextBefore) {
							if (!readNow.has(key)) continue;
							pulledUp++;
							if (!emitted[event].has(key)) pulledUpNew++;
						}
					});
					unsubscribe.push(off);
				}
			}
			// One poll in 25 meets a 429 whose Retry-After is past the transport's cap: the request fails
			// at once (5xx and resets are retried within one request, so they rarely fail a poll), and the
			// poll must emit nothing and keep its state.
			if (random() < 0.04) {
				const event = EVENTS[Math.floor(random() * EVENTS.length)];
				emulator.injectNext([{ kind: '429', retryAfter: 3600 }], { pathPrefix: PATHS[event] });
			}
			await poll();
			for (const off of unsubscribe) off();
		}

		// The faults stop and the lists stay still: a few more polls drain what is left.
		emulator.setFaults({ rate: 0 });
		for (let n = 0; n < 3; n++) await poll();

		const successful = polls.filter((p) => p.succeeded);
		const figures: Record<string, number> = {};
		for (const event of EVENTS) {
			let must = 0;
			let lost = 0;
			let optional = 0;
			let optionalEmitted = 0;
			let duplicated = 0;
			let phantom = 0;
			let existing = 0;
			let existingEmitted = 0;
			let late = 0;
			for (const [key, count] of emitted[event]) {
				if (count > 1) duplicated++;
				if (!world.lives[event].has(key)) phantom++;
			}
			for (const [key, life] of world.lives[event]) {
				if (life.added < activation) {
					existing++;
					if (emitted[event].has(key)) existingEmitted++;
					continue;
				}
				const after = successful.filter((p) => p.start > life.added);
				const mustEmit = after.length >= 2 && life.removed > after[1].end;
				if (mustEmit) {
					must++;
					if (!emitted[event].has(key)) lost++;
					// Not by the first successful poll after it arrived: a page shift hid it from that one.
					else if (emittedAt[event].get(key)! > after[0].end) late++;
				} else {
					optional++;
					if (emitted[event].has(key)) optionalEmitted++;
				}
			}
			const name = event === 'flaggedMessage' ? 'flagged' : 'blocked';
			Object.assign(figures, {
				[`${name}Keys`]: world.lives[event].size,
				[`${name}MustEmit`]: must,
				[`${name}Lost`]: lost,
				[`${name}EmittedByALaterPoll`]: late,
				[`${name}Duplicated`]: duplicated,
				[`${name}Phantom`]: phantom,
				[`${name}MayEmit`]: optional,
				[`${name}MayEmitEmitted`]: optionalEmitted,
				[`${name}ExistingAtActivation`]: existing,
				[`${name}ExistingEmitted`]: existingEmitted,
			});
		}
		const pageReads = emulator.requests.filter((r) => r.path.startsWith('/v3/moderation/'));
		Object.assign(figures, {
			polls: polls.length,
			failedPolls: polls.length - successful.length,
			arrivals: world.changes.arrivals,
			approvals: world.changes.approvals,
			renewals: world.changes.renewals,
			changesBetweenPageReads: hooksFired,
			keysPulledIntoReadPages: pulledUp,
			newKeysPulledIntoReadPages: pulledUpNew,
			requests: pageReads.length,
			deepestPage: Math.max(...pageReads.map((r) => Number(r.query.page ?? 1))),
			faults: Object.values(emulator.faultCounts).reduce((a, b) => a + b, 0),
			durationMs: Date.now() - started,
		});
		report('trigger-soak', figures);

		expect(figures.flaggedLost).toBe(0);
		expect(figures.blockedLost).toBe(0);
		expect(figures.flaggedDuplicated).toBe(0);
		expect(figures.blockedDuplicated).toBe(0);
		expect(figures.flaggedPhantom + figures.blockedPhantom).toBe(0);
		expect(figures.flaggedExistingEmitted + figures.blockedExistingEmitted).toBe(0);
		// The run did what it claims: many keys, changes between page reads, faults, and polls that failed.
		expect(figures.flaggedMustEmit).toBeGreaterThan(10_000);
		expect(figures.blockedMustEmit).toBeGreaterThan(10_000);
		expect(hooksFired).toBeGreaterThan(300);
		// Shifts pulled new records up across the boundary of reads under way; each read overlaps the
		// one before it, so the poll reading them saw the shift and read them itself: none was left
		// for a later poll.
		expect(pulledUpNew).toBeGreaterThan(50);
		expect(figures.flaggedEmittedByALaterPoll).toBe(0);
		expect(figures.blockedEmittedByALaterPoll).toBe(0);
		expect(figures.faults).toBeGreaterThan(100);
		expect(figures.failedPolls).toBeGreaterThan(0);
	});
});
