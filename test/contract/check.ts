/**
 * `npm run test:contract`: checks every request the node test suite sent to the emulator against
 * CometChat's published operations, and prints violations grouped by operation, ending with
 * `N passed, M failed`. Exits 1 on any violation.
 *
 *   npm run test:contract                      runs the node tests with CONTRACT_LOG set, then checks
 *   npm run test:contract -- --log FILE        checks a log a test run already wrote (CONTRACT_LOG=FILE npm test)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { RecordedRequest } from './contract';
import { loadDeviations, loadOperations, summarize } from './contract';

function main(): number {
	const at = process.argv.indexOf('--log');
	let log = at >= 0 ? resolve(process.argv[at + 1] ?? '') : '';
	if (!log) {
		log = join(mkdtempSync(join(tmpdir(), 'contract-')), 'requests.jsonl');
		const jest = spawnSync('npx', ['jest', 'test/node'], { stdio: 'inherit', env: { ...process.env, CONTRACT_LOG: log } });
		if (jest.status !== 0) {
			console.error('The node tests failed; the contract is checked only over a passing run.');
			return 1;
		}
	}
	if (!existsSync(log)) {
		console.error(`No request log at ${log}: run the tests with CONTRACT_LOG=${log} first.`);
		return 1;
	}
	const requests = readFileSync(log, 'utf8')
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => JSON.parse(line) as RecordedRequest);
	if (requests.length === 0) {
		console.error(`The request log ${log} is empty.`);
		return 1;
	}
	const { report, violations } = summarize(loadOperations(), loadDeviations(), requests);
	console.log(report);
	return violations === 0 ? 0 : 1;
}

process.exitCode = main();
