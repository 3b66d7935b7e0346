/**
 * The install lock of the real-n8n scripts (e2e/lib/install.js): two first runs at once install once,
 * and a lock left by a run that died is taken over.
 */
import { execFile, spawnSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { hostname, tmpdir } from 'os';
import { join } from 'path';

import { withInstallLock } from '../../e2e/lib/install';

const LIB = join(__dirname, '..', '..', 'e2e', 'lib', 'install.js');
let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'install-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A separate process that holds the lock on `target` for `ms`, noting when it got and left it. */
function holder(target: string, journal: string, ms: number): Promise<string> {
	const script = `
		const fs = require('fs');
		const { withInstallLock } = require(${JSON.stringify(LIB)});
		withInstallLock(${JSON.stringify(target)}, (line) => console.log(line), async () => {
			fs.appendFileSync(${JSON.stringify(journal)}, 'in ' + process.pid + '\\n');
			await new Promise((resolve) => setTimeout(resolve, ${ms}));
			fs.appendFileSync(${JSON.stringify(journal)}, 'out ' + process.pid + '\\n');
		}).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
	return new Promise((resolve, reject) => {
		execFile(process.execPath, ['-e', script], (error, stdout) => (error ? reject(error) : resolve(stdout)));
	});
}

describe('install lock', () => {
	it('lets one of two runs at once in at a time; the other waits, then gets it', async () => {
		const target = join(dir, 'n8n-x');
		const journal = join(dir, 'journal');
		const outputs = await Promise.all([holder(target, journal, 1500), holder(target, journal, 1500)]);
		const lines = readFileSync(journal, 'utf8').trim().split('\n');
		expect(lines).toHaveLength(4);
		// No overlap: each "in" is followed by the same process's "out".
		expect(lines[0].replace('in ', '')).toBe(lines[1].replace('out ', ''));
		expect(lines[2].replace('in ', '')).toBe(lines[3].replace('out ', ''));
		expect(lines[0]).not.toBe(lines[2]);
		expect(outputs.join('')).toMatch(/another run is installing into .*n8n-x .*waiting for it/);
		expect(existsSync(`${target}.lock`)).toBe(false);
	});

	it('takes over a lock whose process is gone', async () => {
		const target = join(dir, 'n8n-y');
		const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
		mkdirSync(`${target}.lock`);
		writeFileSync(join(`${target}.lock`, 'owner.json'), JSON.stringify({ pid: dead, host: hostname(), since: new Date().toISOString() }));
		const log: string[] = [];
		const started = Date.now();
		const result = await withInstallLock(
			target,
			(line) => log.push(line),
			async () => 'installed',
		);
		expect(result).toBe('installed');
		expect(Date.now() - started).toBeLessThan(5000);
		expect(log.join('\n')).toMatch(new RegExp(`took over a stale install lock of process ${dead}`));
		expect(existsSync(`${target}.lock`)).toBe(false);
	});
});
