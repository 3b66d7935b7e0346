/**
 * n8n-core keeps its settings (an encryption key it makes) in a user folder. The tests, benchmarks
 * and scripts that run it get a folder of their own, never the real home's, and remove it when their
 * process ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function useTemporaryUserFolder(): void {
	if (process.env.N8N_USER_FOLDER) return;
	const folder = mkdtempSync(join(tmpdir(), 'n8n-cometchat-test-'));
	process.env.N8N_USER_FOLDER = folder;
	process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
}

/** Jest's globalSetup: one folder for the whole run, which its workers inherit. */
export default useTemporaryUserFolder;
