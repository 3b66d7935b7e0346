/**
 * Return All under faults: 15% of answers are a 429, a 500, a 503, a reset, a cut-off body or a
 * garbled body, over 20 seeds. Every run must complete with every record exactly once.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../harness/emulator';
import type { FaultKind } from '../../emulator';
import { credentialsFor, startTestEmulator } from '../harness/emulator';
import { runNode, shutdownEngine } from '../harness/engine';
import { useShortBackoff } from '../harness/suite';
import { report } from './report';

const SEEDS = 20;
const FAULT_RATE = 0.15;
const FAULT_KINDS: FaultKind[] = ['429', '500', '503', 'reset', 'truncated', 'invalidJson'];
const USERS = 20_000;
const FLAGGED = 3_000;

// Whether every run completes with every record once is the promise, not how long the retries
// wait: the shipped backoff spent most of each run asleep.
useShortBackoff();

let emulator: Emulator;
/** The bulk users, and the senders, receivers and flagger of the flagged messages. */
let userCount: number;

beforeAll(async () => {
	emulator = await startTestEmulator({ logRequests: false });
	emulator.store.addUsers(USERS, 'bulk-');
	emulator.store.addFlaggedMessages(FLAGGED, { reasonId: 'spam', flagger: 'bulk-flagger' });
	userCount = emulator.store.users.size;
	expect(userCount).toBeGreaterThanOrEqual(USERS);
});

afterAll(async () => {
	await emulator.close();
	await shutdownEngine();
});

afterEach(() => emulator.setFaults({ rate: 0 }));

interface Totals {
	complete: number;
	lost: number;
	duplicated: number;
	faults: number;
	ms: number;
	slowestMs: number;
}

async function soak(name: string, parameters: INodeParameters, key: string, expected: number): Promise<Totals> {
	const totals: Totals = { complete: 0, lost: 0, duplicated: 0, faults: 0, ms: 0, slowestMs: 0 };
	const byKind: Record<string, number> = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0]));
	const failures: string[] = [];
	for (let seed = 1; seed <= SEEDS; seed++) {
		const before = { ...emulator.faultCounts };
		// Retry-After: 0 keeps the 429s fast; their number is what is tested, not their length.
		emulator.setFaults({ rate: FAULT_RATE, seed, kinds: FAULT_KINDS, retryAfter: 0 });
		const started = Date.now();
		const { items, error } = await runNode(credentialsFor(emulator), parameters);
		const ms = Date.now() - started;
		emulator.setFaults({ rate: 0 });
		for (const kind of FAULT_KINDS) {
			const met = emulator.faultCounts[kind] - (before[kind] ?? 0);
			byKind[kind] += met;
			totals.faults += met;
		}
		totals.ms += ms;
		totals.slowestMs = Math.max(totals.slowestMs, ms);
		if (error) {
			failures.push(`seed ${seed}: ${error.message}`);
			continue;
		}
		const keys = items.map((item) => String(item.json[key]));
		const unique = new Set(keys);
		totals.duplicated += keys.length - unique.size;
		totals.lost += expected - unique.size;
		if (unique.size === expected && keys.length === expected) totals.complete++;
	}
	report(`faulted-return-all ${name}`, {
		runs: SEEDS,
		complete: totals.complete,
		lost: totals.lost,
		duplicated: totals.duplicated,
		records: expected,
		faultRate: FAULT_RATE,
		faultsInjected: totals.faults,
		...Object.fromEntries(FAULT_KINDS.map((kind) => [`faults_${kind}`, byKind[kind]])),
		meanRunMs: Math.round(totals.ms / SEEDS),
		slowestRunMs: totals.slowestMs,
	});
	expect(failures).toEqual([]);
	expect(byKind['500']).toBeGreaterThan(0);
	return totals;
}

it(`User → Get Many, Return All over ${USERS} users: 20 of 20 complete, none lost or duplicated`, async () => {
	const totals = await soak('users', { resource: 'user', operation: 'getAll', returnAll: true }, 'uid', userCount);
	expect(totals).toMatchObject({ complete: SEEDS, lost: 0, duplicated: 0 });
	expect(totals.faults).toBeGreaterThan(0);
});

it(`Flagged Message → Get Many, Return All over ${FLAGGED} flagged messages: 20 of 20 complete, none lost or duplicated`, async () => {
	const totals = await soak(
		'flagged',
		{ resource: 'flaggedMessage', operation: 'getAll', returnAll: true, options: { simplify: false } },
		'id',
		FLAGGED,
	);
	expect(totals).toMatchObject({ complete: SEEDS, lost: 0, duplicated: 0 });
	expect(totals.faults).toBeGreaterThan(0);
});
