// @ts-check
/**
 * What every end-to-end script does the same way: its progress lines, the build and the n8n install
 * before anything else, and its end (a failure before the checks are done is a failed Setup check,
 * and the exit code is non-zero unless every check passed).
 */
const os = require('node:os');
const path = require('node:path');

const { ensureN8n, installNotice, isInstalled, N8N_VERSION, REPO_DIR } = require('./install');
const { cleanup, runCommand } = require('./processes');

/** @typedef {((message: string) => void) & { seconds: () => string }} Progress */

/**
 * `▶ message (12 s)`: one line per step, with the seconds since the script started
 * (`progress.seconds()`).
 * @returns {Progress}
 */
function progressLog() {
	const started = Date.now();
	const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
	return Object.assign((/** @type {string} */ message) => console.log(`▶ ${message} (${seconds()} s)`), { seconds });
}

/**
 * Builds the package (unless E2E_SKIP_BUILD=1, when dist/ is fresh) and installs n8n if it is not
 * yet; answers the install.
 * @param {(message: string) => void} progress
 */
async function buildAndInstallN8n(progress) {
	if (process.env.E2E_SKIP_BUILD !== '1') {
		progress('Building the package (npm run build)');
		await runCommand('npm run build', 'npm', ['run', 'build'], { cwd: REPO_DIR, timeoutMs: 300_000 });
	}
	progress(isInstalled() ? `n8n ${N8N_VERSION}` : installNotice());
	return await ensureN8n({ log: (line) => console.log(line) });
}

/**
 * Runs the script's `main` (which answers the exit code) and exits with it. A failure that escapes
 * `main` is recorded as the failed Setup check `setupCheck` before everything started is stopped.
 * @param {() => Promise<number>} main
 * @param {import('./checks').Checks} checks
 * @param {string} setupCheck e.g. 'the test could set up n8n'
 */
function runScript(main, checks, setupCheck) {
	main()
		.catch(async (error) => {
			checks.section('Setup');
			checks.ok(setupCheck, false, error instanceof Error ? (error.stack ?? error.message) : String(error));
			await cleanup();
			return checks.summary();
		})
		.then((code) => process.exit(code));
}

/**
 * Where a screenshot test saves its PNG `fileName`: SCREENSHOT_PATH when set (the folder of that
 * path for the other PNGs of the run), docs/ with SCREENSHOT_UPDATE_DOCS=1 (the README's pictures),
 * else a scratch folder, so a run leaves the clone as it was.
 * @param {string} fileName e.g. editor-resource-dropdown.png
 * @param {string} [mainFileName] the PNG SCREENSHOT_PATH names, when this is another of the same run
 */
function screenshotPath(fileName, mainFileName = fileName) {
	const given = process.env.SCREENSHOT_PATH;
	if (given) return fileName === mainFileName ? path.resolve(given) : path.join(path.dirname(path.resolve(given)), fileName);
	const folder =
		process.env.SCREENSHOT_UPDATE_DOCS === '1' ? path.join(REPO_DIR, 'docs') : path.join(os.tmpdir(), 'n8n-nodes-cometchat-screenshots');
	return path.join(folder, fileName);
}

module.exports = { buildAndInstallN8n, progressLog, runScript, screenshotPath };
