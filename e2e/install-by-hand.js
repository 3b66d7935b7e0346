#!/usr/bin/env node
// @ts-check
/**
 * The README's install by hand, as a user runs it (`npm run test:install-by-hand`): the package as
 * npm would publish it (`npm pack`), installed with the README's own command, word for word but for
 * the package's name (the tarball's path in its place), in a home folder where n8n has never run,
 * then loaded by `n8n start`.
 *
 *   1. the command works in a fresh home: no ~/.n8n/nodes folder yet
 *   2. it installs one package, this one: not n8n-workflow (a peer: n8n has its own) nor anything
 *      of it
 *   3. n8n loads each node of the package once, as a community package
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest (the newest tested n8n), E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { Checks } = require('./lib/checks');
const { N8N_VERSION, REPO_DIR, npmEnv } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, onCleanup, runCommand } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

const checks = new Checks();
const progress = progressLog();
const PACKAGE = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8'));

/**
 * The README's command of the install by hand: the code span of its "By hand" line.
 * @returns {string}
 */
function readmeCommand() {
	const readme = fs.readFileSync(path.join(REPO_DIR, 'README.md'), 'utf8');
	const line = readme.split('\n').find((text) => text.startsWith('- By hand'));
	const command = line && /`([^`]*npm install[^`]*)`/.exec(line)?.[1];
	if (!command) throw new Error('the README has no "- By hand" line with an npm install command');
	return command;
}

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress('The package as npm would publish it (npm pack)');
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cometchat-pack-'));
	onCleanup('the packed tarball', () => fs.rmSync(packDir, { recursive: true, force: true }));
	const packed = await runCommand('npm pack', 'npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
		cwd: REPO_DIR,
		env: npmEnv(),
		timeoutMs: 120_000,
	});
	const tarball = path.join(packDir, JSON.parse(packed.stdout)[0].filename);

	const command = readmeCommand();
	const asRun = command.replace(new RegExp(`(npm install\\b.*\\s)${PACKAGE.name}\\b`), `$1${tarball}`);
	const home = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-home-'));
	onCleanup('the home folder', () => {
		if (!process.env.KEEP_N8N_FOLDER) fs.rmSync(home, { recursive: true, force: true });
	});
	progress(`The README's command in a fresh home (${home}): ${command}`);
	checks.section(`The install by hand, as the README says: ${command}`);
	checks.ok('the command names the package, where the test puts its tarball', asRun !== command, asRun);
	// The user's npm settings (its registry) stay; the home is the fresh one, where ~ points.
	const userConfig = path.join(os.homedir(), '.npmrc');
	const env = { ...npmEnv(), HOME: home, ...(fs.existsSync(userConfig) ? { npm_config_userconfig: userConfig } : {}) };
	const ran = await runCommand('the README command', 'bash', ['-c', asRun], { cwd: home, env, timeoutMs: 300_000 }).then(
		(result) => ({ ok: true, output: `${result.stdout}${result.stderr}` }),
		(error) => ({ ok: false, output: error instanceof Error ? error.message : String(error) }),
	);
	checks.ok('it works where n8n has never run (no ~/.n8n/nodes yet)', ran.ok, ran.output.slice(-2000));
	const modules = path.join(home, '.n8n', 'nodes', 'node_modules');
	const installed = fs.existsSync(modules) ? fs.readdirSync(modules).filter((name) => !name.startsWith('.')) : [];
	checks.equal('it installs one package, this one (n8n-workflow is n8n’s own)', installed, [PACKAGE.name]);

	progress(`n8n ${N8N_VERSION} start, on that home`);
	const n8n = await N8n.create(install, { userFolder: home });
	onCleanup('n8n', () => n8n.stop());
	await n8n.start();
	checks.section(`n8n ${N8N_VERSION} loads it`);
	const types = await (await fetch(`${n8n.rest.url}/types/nodes.json`, { headers: { cookie: n8n.rest.cookie ?? '' } })).json();
	const ours = types
		.map((/** @type {any} */ type) => String(type.name))
		.filter((/** @type {string} */ name) => name.startsWith(`${PACKAGE.name}.`));
	// The node type of each file the package lists: dist/nodes/CometChat/CometChatTrigger.node.js → cometChatTrigger.
	const nodes = PACKAGE.n8n.nodes.map((/** @type {string} */ file) => {
		const name = path.basename(file, '.node.js');
		return `${PACKAGE.name}.${name[0].toLowerCase()}${name.slice(1)}`;
	});
	checks.ok(
		`each of the package's ${nodes.length} nodes, once, as a community package`,
		new Set(ours).size === ours.length && nodes.every((/** @type {string} */ name) => ours.includes(name)),
		ours.join(', '),
	);
	checks.ok(
		'no node type from a custom folder (CUSTOM.*)',
		!types.some((/** @type {any} */ type) => String(type.name).startsWith('CUSTOM.')),
		'',
	);

	await cleanup();
	console.log(`\nn8n ${N8N_VERSION}, ${progress.seconds()} s in all`);
	return checks.summary();
}

runScript(main, checks, 'the test could pack the package and start n8n');
