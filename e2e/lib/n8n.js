// @ts-check
/**
 * The real n8n CLI, for the end-to-end test, the demo, the dev editor and the screenshot:
 *
 * - `ensureN8n()` installs the pinned n8n (e2e/n8n/package.json) once into
 *   ~/.cache/n8n-nodes-cometchat/n8n-<version>, outside the repo; later calls only compare a stamp.
 * - `N8n` is one n8n with its own temporary user folder (database, settings, community packages):
 *   install this package into it as a user's n8n does, import credentials and workflows, run
 *   `n8n execute`, or `n8n start` and use its REST API (owner, login, runs, activation).
 *
 * Everything stays on 127.0.0.1, with telemetry, version checks, templates and banners off.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { freePort, onCleanup, runCommand, startProcess } = require('./processes');

const REPO_DIR = path.resolve(__dirname, '..', '..');
const MANIFEST_PATH = path.join(REPO_DIR, 'e2e', 'n8n', 'package.json');
/** @type {{ dependencies: { n8n: string }, overrides: object, allowScripts: object }} */
const MANIFEST = JSON.parse(fs.readFileSync(MANIFEST_PATH, 'utf8'));
const N8N_VERSION = MANIFEST.dependencies.n8n;

/** Where the n8n install lives: $N8N_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache, /n8n-nodes-cometchat. */
function cacheRoot() {
	if (process.env.N8N_CACHE_DIR) return path.resolve(process.env.N8N_CACHE_DIR);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-cometchat');
}

/** The line scripts print before a first install. */
function installNotice() {
	const where = installDir().replace(os.homedir(), '~');
	return `Installing n8n ${N8N_VERSION} (first run only, ~4 min, 2 GB in ${where})…`;
}

function installDir() {
	return path.join(cacheRoot(), `n8n-${N8N_VERSION}`);
}

function n8nBin(dir = installDir()) {
	return path.join(dir, 'node_modules', '.bin', 'n8n');
}

/** What an install depends on: the manifest's pins, and Node's ABI (sqlite3 is a native module). */
function installStamp() {
	const inputs = JSON.stringify({
		dependencies: MANIFEST.dependencies,
		overrides: MANIFEST.overrides,
		allowScripts: MANIFEST.allowScripts,
		abi: process.versions.modules,
		platform: `${process.platform}-${process.arch}`,
	});
	return crypto.createHash('sha256').update(inputs).digest('hex');
}

const SQLITE_BINDING = path.join('node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

function isInstalled(dir = installDir()) {
	try {
		return (
			fs.readFileSync(path.join(dir, '.installed'), 'utf8').trim() === installStamp() &&
			fs.existsSync(n8nBin(dir)) &&
			fs.existsSync(path.join(dir, SQLITE_BINDING))
		);
	} catch {
		return false;
	}
}

/**
 * The environment for a nested npm: without what `npm run` adds (npm_config_local_prefix would point
 * the install at this repo), but with a registry, cache or proxy a CI may have set.
 */
function npmEnv() {
	const keep = /^npm_config_(registry|cache|userconfig|globalconfig|cafile|proxy|https_proxy|noproxy|strict_ssl|nodedir)$/;
	/** @type {NodeJS.ProcessEnv} */
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key) && !keep.test(key)) continue;
		if (key === 'INIT_CWD') continue;
		env[key] = value;
	}
	return env;
}

/**
 * Installs the pinned n8n unless the cache already holds it. The install goes into a temporary
 * folder that is renamed into place only when complete, so an interrupted install is never used.
 *
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ bin: string, dir: string, version: string, installedNow: boolean, seconds: number }>}
 */
async function ensureN8n(options = {}) {
	const log = options.log ?? ((line) => console.log(line));
	const dir = installDir();
	if (isInstalled(dir)) return { bin: n8nBin(dir), dir, version: N8N_VERSION, installedNow: false, seconds: 0 };

	const started = Date.now();
	fs.mkdirSync(cacheRoot(), { recursive: true });
	const staging = `${dir}.partial-${process.pid}`;
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging, { recursive: true });
	const removeStaging = onCleanup('the unfinished n8n install', () => fs.rmSync(staging, { recursive: true, force: true }));
	fs.copyFileSync(MANIFEST_PATH, path.join(staging, 'package.json'));
	const logFile = path.join(cacheRoot(), `install-n8n-${N8N_VERSION}.log`);
	const logStream = fs.createWriteStream(logFile);
	const ticker = setInterval(() => log(`  … still installing n8n (${Math.round((Date.now() - started) / 1000)} s)`), 30_000);
	try {
		// The manifest's allowScripts lets only sqlite3 build (npm 11 runs no dependency scripts otherwise).
		await runCommand('npm install (n8n)', 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: staging,
			env: npmEnv(),
			timeoutMs: 20 * 60_000,
			onOutput: (chunk) => logStream.write(chunk),
		});
		if (!fs.existsSync(path.join(staging, SQLITE_BINDING))) {
			// An npm without allowScripts, or ignore-scripts in the user's npm config: build it explicitly.
			await runCommand('npm rebuild sqlite3', 'npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'], {
				cwd: staging,
				env: npmEnv(),
				timeoutMs: 10 * 60_000,
				onOutput: (chunk) => logStream.write(chunk),
			});
		}
		if (!fs.existsSync(path.join(staging, SQLITE_BINDING))) {
			throw new Error(`sqlite3 was not built (see ${logFile}); it needs python3, make and a C++ compiler`);
		}
		fs.writeFileSync(path.join(staging, '.installed'), `${installStamp()}\n`);
		// Another run may have finished the same install meanwhile, and may be using it: keep that one.
		if (!isInstalled(dir)) {
			fs.rmSync(dir, { recursive: true, force: true });
			fs.renameSync(staging, dir);
		}
	} catch (error) {
		throw new Error(`Installing n8n ${N8N_VERSION} failed; the npm log is ${logFile}\n${error instanceof Error ? error.message : error}`);
	} finally {
		clearInterval(ticker);
		logStream.end();
		removeStaging();
		fs.rmSync(staging, { recursive: true, force: true });
	}
	return { bin: n8nBin(dir), dir, version: N8N_VERSION, installedNow: true, seconds: (Date.now() - started) / 1000 };
}

/**
 * Installs a built package into `<userFolder>/.n8n/nodes` as n8n's own community-package installer
 * does (npm pack, unpacked into nodes/node_modules/<name>, without dev and peer dependencies, listed
 * in nodes/package.json). n8n then loads it on start, with node types `<package name>.<node name>`.
 * This package has no runtime dependencies, so no npm install is needed.
 *
 * @param {string} userFolder
 * @param {string} [packageDir]
 */
async function installCommunityPackage(userFolder, packageDir = REPO_DIR) {
	const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	if (Object.keys(pkg.dependencies ?? {}).length > 0) {
		throw new Error(`${pkg.name} has runtime dependencies; installCommunityPackage would have to install them`);
	}
	for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
		if (!fs.existsSync(path.join(packageDir, file))) throw new Error(`${file} is missing: run npm run build first`);
	}
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', pkg.name);
	fs.mkdirSync(target, { recursive: true });
	const packed = await runCommand('npm pack', 'npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', nodesDir], {
		cwd: packageDir,
		env: npmEnv(),
		timeoutMs: 120_000,
	});
	const tarball = path.join(nodesDir, JSON.parse(packed.stdout)[0].filename);
	await runCommand('tar', 'tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], { timeoutMs: 60_000 });
	fs.rmSync(tarball);
	const installed = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8'));
	delete installed.devDependencies;
	delete installed.peerDependencies;
	delete installed.optionalDependencies;
	fs.writeFileSync(path.join(target, 'package.json'), JSON.stringify(installed, null, 2));
	const nodesManifest = path.join(nodesDir, 'package.json');
	const manifest = fs.existsSync(nodesManifest)
		? JSON.parse(fs.readFileSync(nodesManifest, 'utf8'))
		: { name: 'installed-nodes', private: true, dependencies: {} };
	manifest.dependencies = { ...manifest.dependencies, [pkg.name]: pkg.version };
	fs.writeFileSync(nodesManifest, JSON.stringify(manifest, null, 2));
	return { name: pkg.name, version: pkg.version, dir: target };
}

/** The credential the examples refer to (by id and name). */
const EXAMPLE_CREDENTIAL = { id: 'cometChatCred001', name: 'CometChat account', type: 'cometChatApi' };

/** A fixed key: credentials are encrypted with it, and the user folder is thrown away anyway. */
const ENCRYPTION_KEY = 'n8n-nodes-cometchat-local-only-key';

/**
 * One n8n: its user folder, ports and environment, CLI commands and the server.
 */
class N8n {
	/**
	 * @param {{ bin: string, dir: string, userFolder: string, port: number, brokerPort: number, ownedFolder: boolean }} options
	 */
	constructor(options) {
		this.bin = options.bin;
		this.installDir = options.dir;
		this.userFolder = options.userFolder;
		this.port = options.port;
		this.brokerPort = options.brokerPort;
		this.ownedFolder = options.ownedFolder;
		/** @type {ReturnType<typeof startProcess> | undefined} */
		this.server = undefined;
		this.logFile = path.join(this.userFolder, 'n8n-server.log');
		/** The owner account `start()` creates. */
		this.owner = { email: 'owner@example.com', password: 'CometChat-demo-1', firstName: 'Demo', lastName: 'Owner' };
		this.rest = new N8nRest(this.url, this.owner, this.installDir);
	}

	/**
	 * A new n8n with a fresh user folder (removed again at cleanup unless `userFolder` is given).
	 *
	 * @param {{ bin: string, dir: string }} install from ensureN8n()
	 * @param {{ port?: number, userFolder?: string }} [options]
	 */
	static async create(install, options = {}) {
		const ownedFolder = !options.userFolder;
		const userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-cometchat-'));
		fs.mkdirSync(userFolder, { recursive: true });
		const n8n = new N8n({
			...install,
			userFolder,
			ownedFolder,
			port: options.port ?? (await freePort()),
			brokerPort: await freePort(),
		});
		onCleanup('n8n', () => n8n.dispose());
		return n8n;
	}

	get url() {
		return `http://localhost:${this.port}`;
	}

	/** The environment of every n8n command: quiet, offline, local. */
	env() {
		return {
			...npmEnv(),
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
			DB_TYPE: 'sqlite',
			N8N_LOG_LEVEL: 'info', // `execute` prints its JSON at info level
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
			N8N_PUBLIC_API_DISABLED: 'true',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_REINSTALL_MISSING_PACKAGES: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(this.port),
			N8N_HOST: 'localhost',
			N8N_SECURE_COOKIE: 'false',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			GENERIC_TIMEZONE: 'UTC',
			TZ: 'UTC',
			N8N_CUSTOM_EXTENSIONS: '',
		};
	}

	/** Installs this repo's built package as a community package. */
	async installPackage(packageDir = REPO_DIR) {
		return await installCommunityPackage(this.userFolder, packageDir);
	}

	/**
	 * Runs `n8n <args>` and answers its output.
	 * @param {string[]} args
	 * @param {{ allowFailure?: boolean, timeoutMs?: number }} [options]
	 */
	async cli(args, options = {}) {
		return await runCommand(`n8n ${args[0]}`, this.bin, args, {
			env: this.env(),
			timeoutMs: options.timeoutMs ?? 180_000,
			allowFailure: options.allowFailure,
		});
	}

	/** @param {object[]} credentials n8n's import format: [{id, name, type, data: {...}}], data in plain text */
	async importCredentials(credentials) {
		const file = path.join(this.userFolder, 'credentials.json');
		fs.writeFileSync(file, JSON.stringify(credentials, null, 2));
		await this.cli(['import:credentials', `--input=${file}`]);
		fs.rmSync(file);
	}

	/**
	 * What every script needs: this package as a community package, the examples' credential
	 * pointing at the emulator, and the given example workflows (file names under examples/).
	 * @param {{ baseUrl: string, callUrl: string, apiKey: string }} emulator
	 * @param {string[]} examples
	 */
	async prepare(emulator, examples) {
		await this.installPackage();
		await this.importCredentials([
			{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
		]);
		if (examples.length === 0) return;
		// One import for all: each n8n command takes a few seconds to start.
		const folder = fs.mkdtempSync(path.join(this.userFolder, 'import-'));
		for (const example of examples) fs.copyFileSync(path.join(REPO_DIR, 'examples', example), path.join(folder, example));
		await this.cli(['import:workflow', '--separate', `--input=${folder}`]);
		fs.rmSync(folder, { recursive: true });
	}

	/**
	 * `n8n execute --id <id> --rawOutput`: runs a workflow that starts with a Manual Trigger, in its
	 * own process, and answers the run (status, error, each node's output items).
	 * @param {string} workflowId
	 */
	async execute(workflowId) {
		const { code, stdout, stderr } = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], { allowFailure: true });
		const run = parseExecuteOutput(stdout);
		if (!run) {
			const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-25).join('\n');
			throw new Error(`n8n execute ${workflowId} gave no run data (exit code ${code}):\n${tail}`);
		}
		return { exitCode: code, ...summarizeRun(run) };
	}

	/** `n8n start` on 127.0.0.1, then the owner account and a login for the REST API. */
	async start() {
		const out = fs.openSync(this.logFile, 'a');
		this.server = startProcess('n8n start', this.bin, ['start'], { env: this.env(), stdio: ['ignore', out, out] });
		fs.closeSync(out);
		const server = this.server;
		const ready = this.rest.waitUntilReady(120_000);
		const died = server.exited.then(({ code }) => {
			throw new Error(`n8n start exited (code ${code}) before it was ready:\n${this.logTail()}`);
		});
		await Promise.race([ready, died]);
		died.catch(() => {}); // after a successful start, a later exit is reported by the calls that fail
		await this.rest.setupOwner();
		await this.rest.login();
	}

	logTail(lines = 30) {
		try {
			return fs.readFileSync(this.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
		} catch {
			return '(no log)';
		}
	}

	async stop() {
		if (this.server) await this.server.stop();
		this.server = undefined;
	}

	async dispose() {
		await this.stop();
		if (this.ownedFolder && !process.env.KEEP_N8N_FOLDER) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}
}

/**
 * The JSON that `n8n execute --rawOutput` prints after two banner lines (and maybe log lines).
 * @param {string} stdout
 */
function parseExecuteOutput(stdout) {
	const start = stdout.search(/^\{/m);
	const end = stdout.lastIndexOf('\n}');
	if (start < 0 || end < start) return undefined;
	try {
		return JSON.parse(stdout.slice(start, end + 2));
	} catch {
		return undefined;
	}
}

/**
 * A run in short: its status, its error message, and each node's output items
 * (`nodes[name][output]` = the items of that output over all runs of the node; json only).
 *
 * @param {any} run an IRun (from `execute`) or an execution's data (from the REST API)
 */
function summarizeRun(run) {
	const resultData = run.data?.resultData ?? run.resultData ?? {};
	/** @type {Record<string, Array<Array<Record<string, any>>>>} */
	const nodes = {};
	for (const [name, runs] of Object.entries(resultData.runData ?? {})) {
		/** @type {Array<Array<Record<string, any>>>} */
		const outputs = [];
		for (const nodeRun of /** @type {any[]} */ (runs)) {
			(nodeRun.data?.main ?? []).forEach((/** @type {any[] | null} */ items, /** @type {number} */ index) => {
				outputs[index] = [...(outputs[index] ?? []), ...(items ?? []).map((item) => item.json)];
			});
		}
		nodes[name] = outputs;
	}
	const error = resultData.error;
	return {
		status: run.status,
		mode: run.mode,
		error: error ? `${error.message}${error.description ? ` (${error.description})` : ''}` : undefined,
		lastNodeExecuted: resultData.lastNodeExecuted,
		nodes,
		/** The json of the items a node put out on one output (0 unless given). */
		items(/** @type {string} */ node, output = 0) {
			return nodes[node]?.[output] ?? [];
		},
	};
}

/**
 * n8n's REST API as the editor uses it (the public API is off): owner setup, login, manual runs,
 * executions, activation. The session cookie is bound to the `browser-id` header sent at login.
 */
class N8nRest {
	/**
	 * @param {string} url
	 * @param {{ email: string, password: string, firstName: string, lastName: string }} owner
	 * @param {string} installDir
	 */
	constructor(url, owner, installDir) {
		this.url = url.replace('localhost', '127.0.0.1');
		this.owner = owner;
		this.installDir = installDir;
		this.browserId = 'n8n-nodes-cometchat-e2e';
		/** @type {string | undefined} "n8n-auth=<jwt>" */
		this.cookie = undefined;
	}

	/**
	 * @param {string} method
	 * @param {string} route under /rest
	 * @param {unknown} [body]
	 */
	async call(method, route, body) {
		const response = await fetch(`${this.url}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`n8n ${method} /rest${route} answered ${response.status}: ${text.slice(0, 500)}`);
		const json = text ? JSON.parse(text) : {};
		const auth = response.headers.getSetCookie().find((cookie) => cookie.startsWith('n8n-auth='));
		if (auth) this.cookie = auth.split(';')[0];
		return json.data;
	}

	/** Waits until the REST API answers (/healthz answers before the routes exist). */
	async waitUntilReady(timeoutMs = 60_000) {
		const started = Date.now();
		for (;;) {
			try {
				const response = await fetch(`${this.url}/rest/settings`);
				if (response.ok && (await response.json()).data?.userManagement) return Date.now() - started;
			} catch {
				// not listening yet
			}
			if (Date.now() - started > timeoutMs) throw new Error(`n8n did not answer within ${timeoutMs / 1000} s`);
			await sleep(250);
		}
	}

	async setupOwner() {
		const settings = await this.call('GET', '/settings');
		if (!settings.userManagement.showSetupOnFirstLoad) return false;
		await this.call('POST', '/owner/setup', this.owner);
		return true;
	}

	async login() {
		await this.call('POST', '/login', { emailOrLdapLoginId: this.owner.email, password: this.owner.password });
		if (!this.cookie) throw new Error('n8n answered the login without a session cookie');
		return this.cookie;
	}

	/** @param {string} id */
	async getWorkflow(id) {
		return await this.call('GET', `/workflows/${id}`);
	}

	/**
	 * Runs a workflow as the editor's "Execute workflow" button does, from the given trigger node,
	 * and waits for the execution to finish.
	 * @param {string} workflowId
	 * @param {string} triggerName
	 */
	async runFromTrigger(workflowId, triggerName) {
		const workflowData = await this.getWorkflow(workflowId);
		const started = await this.call('POST', `/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: triggerName },
		});
		if (!started?.executionId) throw new Error(`n8n did not start ${workflowId}: ${JSON.stringify(started)}`);
		return await this.waitForExecution(started.executionId);
	}

	/** @param {string} workflowId */
	async activate(workflowId) {
		const workflow = await this.getWorkflow(workflowId);
		return await this.call('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
	}

	/** @param {string} workflowId */
	async deactivate(workflowId) {
		return await this.call('POST', `/workflows/${workflowId}/deactivate`, {});
	}

	/** @param {string} workflowId */
	async listExecutions(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		return (await this.call('GET', `/executions?filter=${filter}`)).results ?? [];
	}

	/**
	 * Waits for the executions of a workflow beyond the `known` ones, until `count` new ones finished.
	 * @param {string} workflowId
	 * @param {{ known?: string[], count?: number, timeoutMs?: number }} [options]
	 */
	async waitForNewExecutions(workflowId, options = {}) {
		const known = new Set(options.known ?? []);
		const started = Date.now();
		for (;;) {
			const fresh = (await this.listExecutions(workflowId)).filter((/** @type {any} */ e) => !known.has(e.id));
			if (fresh.length >= (options.count ?? 1) && fresh.every((/** @type {any} */ e) => e.finished || !['running', 'new'].includes(e.status))) {
				const runs = [];
				for (const execution of fresh.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(a.id) - Number(b.id))) {
					runs.push(await this.waitForExecution(execution.id));
				}
				return runs;
			}
			if (Date.now() - started > (options.timeoutMs ?? 30_000)) {
				throw new Error(`no new execution of ${workflowId} within ${(options.timeoutMs ?? 30_000) / 1000} s`);
			}
			await sleep(250);
		}
	}

	/**
	 * Polls an execution until it is done; answers it summarized (see summarizeRun).
	 * @param {string} id
	 */
	async waitForExecution(id, timeoutMs = 60_000) {
		const started = Date.now();
		for (;;) {
			const execution = await this.call('GET', `/executions/${id}`);
			if (execution && !['running', 'new', 'waiting'].includes(execution.status)) {
				const data = typeof execution.data === 'string' ? this.flatted().parse(execution.data) : execution.data;
				return { id: execution.id, ...summarizeRun({ ...execution, data }) };
			}
			if (Date.now() - started > timeoutMs) throw new Error(`execution ${id} did not finish within ${timeoutMs / 1000} s`);
			await sleep(250);
		}
	}

	/** n8n stores execution data with `flatted`: use n8n's own copy. */
	flatted() {
		return require(require.resolve('flatted', { paths: [path.join(this.installDir, 'node_modules', 'n8n')] }));
	}
}

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

module.exports = {
	N8N_VERSION,
	REPO_DIR,
	EXAMPLE_CREDENTIAL,
	ensureN8n,
	isInstalled,
	installNotice,
	installStamp,
	installDir,
	cacheRoot,
	installCommunityPackage,
	N8n,
	N8nRest,
	parseExecuteOutput,
	summarizeRun,
	sleep,
};
