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

/**
 * @typedef {{
 *   dependencies: { n8n: string },
 *   overrides?: object,
 *   allowScripts?: object,
 *   nodeRuntime?: string,
 *   rebuild?: string[],
 * }} Manifest
 *
 * @typedef {{ name: string, manifestPath: string, manifest: Manifest, version: string }} Flavor
 */

/**
 * The n8n versions the scripts run: `pinned`, the oldest supported (e2e/n8n/package.json, on the
 * Node that runs the script), and `latest`, the newest tested (e2e/n8n-latest/package.json, on the
 * Node its manifest names, installed from the package registry). E2E_N8N picks one; pinned by default.
 */
const FLAVOR_MANIFESTS = {
	pinned: path.join(REPO_DIR, 'e2e', 'n8n', 'package.json'),
	latest: path.join(REPO_DIR, 'e2e', 'n8n-latest', 'package.json'),
};

/**
 * @param {string} [name] pinned or latest; $E2E_N8N, else pinned
 * @returns {Flavor}
 */
function flavor(name = process.env.E2E_N8N || 'pinned') {
	if (name !== 'pinned' && name !== 'latest') throw new Error(`E2E_N8N is "${name}"; use pinned or latest`);
	const manifestPath = FLAVOR_MANIFESTS[name];
	/** @type {Manifest} */
	const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
	return { name, manifestPath, manifest, version: manifest.dependencies.n8n };
}

const DEFAULT_FLAVOR = flavor();
const N8N_VERSION = DEFAULT_FLAVOR.version;

/** Where the n8n install lives: $N8N_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache, /n8n-nodes-cometchat. */
function cacheRoot() {
	if (process.env.N8N_CACHE_DIR) return path.resolve(process.env.N8N_CACHE_DIR);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-cometchat');
}

/** The line scripts print before a first install. */
function installNotice(f = DEFAULT_FLAVOR) {
	const where = installDir(f).replace(os.homedir(), '~');
	const node = f.manifest.nodeRuntime ? ` and Node ${f.manifest.nodeRuntime}` : '';
	return `Installing n8n ${f.version}${node} (first run only, 4 to 7 min, 2 GB in ${where})…`;
}

function installDir(f = DEFAULT_FLAVOR) {
	return path.join(cacheRoot(), `n8n-${f.version}`);
}

/** The n8n command's script (run with the flavor's Node). */
function n8nScript(dir = installDir()) {
	return path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** What an install depends on: the manifest's pins, and the Node it runs on (native modules). */
function installStamp(f = DEFAULT_FLAVOR) {
	const m = f.manifest;
	const inputs = JSON.stringify({
		dependencies: m.dependencies,
		overrides: m.overrides,
		allowScripts: m.allowScripts,
		...(m.nodeRuntime ? { nodeRuntime: m.nodeRuntime, rebuild: m.rebuild } : { abi: process.versions.modules }),
		platform: `${process.platform}-${process.arch}`,
	});
	return crypto.createHash('sha256').update(inputs).digest('hex');
}

const SQLITE_BINDING = path.join('node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

function isInstalled(f = DEFAULT_FLAVOR) {
	const dir = installDir(f);
	try {
		return (
			fs.readFileSync(path.join(dir, '.installed'), 'utf8').trim() === installStamp(f) &&
			fs.existsSync(n8nScript(dir)) &&
			fs.existsSync(path.join(dir, SQLITE_BINDING)) &&
			(!f.manifest.nodeRuntime || isNodeRuntimeInstalled(f.manifest.nodeRuntime))
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

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
	}
}

/** A lock that nobody refreshed for this long is left over from a run that died (or a lost machine). */
const LOCK_STALE_MS = 60_000;

/**
 * Runs `fn` holding an exclusive lock on `target` (a directory `<target>.lock`, created atomically).
 * The holder refreshes the lock's time every few seconds; a waiter takes over a lock whose holder is
 * gone (same host, process dead) or that nobody refreshed for a minute. So two first runs at once
 * install once: the second waits, then finds the install done.
 *
 * @template T
 * @param {string} target
 * @param {(line: string) => void} log
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withInstallLock(target, log, fn) {
	const lock = `${target}.lock`;
	const ownerFile = path.join(lock, 'owner.json');
	const me = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
	let waited = false;
	for (;;) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(ownerFile, JSON.stringify(me));
			break;
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
		}
		/** @type {{ pid?: number, host?: string, since?: string }} */
		let owner = {};
		let age = 0;
		try {
			age = Date.now() - fs.statSync(lock).mtimeMs;
			owner = JSON.parse(fs.readFileSync(ownerFile, 'utf8'));
		} catch {
			// just released, or the owner is still writing its file
		}
		const dead = owner.host === os.hostname() && typeof owner.pid === 'number' && !isAlive(owner.pid);
		if (dead || age > LOCK_STALE_MS) {
			// Rename first: of several waiters that judged it stale, only one gets it.
			const stale = `${lock}.stale-${process.pid}-${Date.now()}`;
			try {
				fs.renameSync(lock, stale);
				fs.rmSync(stale, { recursive: true, force: true });
				log(`  (took over a stale install lock of process ${owner.pid ?? '?'})`);
			} catch {
				// another waiter took it
			}
			continue;
		}
		if (!waited) log(`  another run is installing into ${target} (process ${owner.pid ?? '?'}); waiting for it…`);
		waited = true;
		await sleep(2000);
	}
	const heartbeat = setInterval(() => {
		const now = new Date();
		try {
			fs.utimesSync(lock, now, now);
		} catch {
			// removed under us: the next waiter will install again, which is safe
		}
	}, 5000);
	const release = () => {
		clearInterval(heartbeat);
		try {
			if (JSON.parse(fs.readFileSync(ownerFile, 'utf8')).pid === process.pid) fs.rmSync(lock, { recursive: true, force: true });
		} catch {
			// already gone
		}
	};
	const unregister = onCleanup('the install lock', release);
	try {
		return await fn();
	} finally {
		unregister();
		release();
	}
}

/** The node-<platform>-<arch> package that holds a Node binary and its headers. */
function nodeRuntimePackage() {
	return `node-${process.platform}-${process.arch}`;
}

/** @param {string} version */
function nodeRuntimeDir(version) {
	return path.join(cacheRoot(), `${nodeRuntimePackage()}-${version}`);
}

/** The package folder (bin/node, include/node): npm_config_nodedir for native builds. */
function nodeRuntimeHome(/** @type {string} */ version) {
	return path.join(nodeRuntimeDir(version), 'node_modules', nodeRuntimePackage());
}

/** @param {string} version */
function nodeRuntimeBin(version) {
	return path.join(nodeRuntimeHome(version), 'bin', 'node');
}

/** @param {string} version */
function isNodeRuntimeInstalled(version) {
	try {
		return (
			fs.readFileSync(path.join(nodeRuntimeDir(version), '.installed'), 'utf8').trim() === `${nodeRuntimePackage()}@${version}` &&
			fs.existsSync(nodeRuntimeBin(version)) &&
			fs.existsSync(path.join(nodeRuntimeHome(version), 'include', 'node', 'node.h'))
		);
	} catch {
		return false;
	}
}

/**
 * Installs Node `version` from the package registry (the node-<platform>-<arch> package: the binary
 * and the headers native modules build against) into the cache, once.
 *
 * @param {string} version
 * @param {(line: string) => void} log
 */
async function ensureNodeRuntime(version, log) {
	const dir = nodeRuntimeDir(version);
	if (isNodeRuntimeInstalled(version)) return { bin: nodeRuntimeBin(version), home: nodeRuntimeHome(version), seconds: 0 };
	const started = Date.now();
	fs.mkdirSync(cacheRoot(), { recursive: true });
	await withInstallLock(dir, log, async () => {
		if (isNodeRuntimeInstalled(version)) return;
		log(`  installing Node ${version} (${nodeRuntimePackage()})…`);
		await installInStaging(dir, `node-${version}`, async (staging, logStream) => {
			fs.writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ private: true }));
			await runCommand('npm install (node)', 'npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `${nodeRuntimePackage()}@${version}`], {
				cwd: staging,
				env: npmEnv(),
				timeoutMs: 10 * 60_000,
				onOutput: (chunk) => logStream.write(chunk),
			});
			fs.writeFileSync(path.join(staging, '.installed'), `${nodeRuntimePackage()}@${version}\n`);
		});
	});
	return { bin: nodeRuntimeBin(version), home: nodeRuntimeHome(version), seconds: (Date.now() - started) / 1000 };
}

/**
 * Builds an install in `<dir>.partial-<pid>` and renames it into place only when `build` finished,
 * so an interrupted install is never used. The caller holds the install lock.
 *
 * @param {string} dir
 * @param {string} label for the log file's name
 * @param {(staging: string, logStream: fs.WriteStream, logFile: string) => Promise<void>} build
 */
async function installInStaging(dir, label, build) {
	const staging = `${dir}.partial-${process.pid}`;
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging, { recursive: true });
	const removeStaging = onCleanup('the unfinished install', () => fs.rmSync(staging, { recursive: true, force: true }));
	const logFile = path.join(cacheRoot(), `install-${label}.log`);
	const logStream = fs.createWriteStream(logFile);
	try {
		await build(staging, logStream, logFile);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(staging, dir);
	} catch (error) {
		throw new Error(`Installing ${label} failed; the npm log is ${logFile}\n${error instanceof Error ? error.message : error}`);
	} finally {
		logStream.end();
		removeStaging();
		fs.rmSync(staging, { recursive: true, force: true });
	}
}

/**
 * Installs the flavor's n8n (and its Node) unless the cache already holds it, under an install lock.
 *
 * @param {{ log?: (line: string) => void, flavor?: Flavor }} [options]
 * @returns {Promise<{ bin: string, node: string, dir: string, version: string, installedNow: boolean, seconds: number }>}
 */
async function ensureN8n(options = {}) {
	const log = options.log ?? ((line) => console.log(line));
	const f = options.flavor ?? DEFAULT_FLAVOR;
	const dir = installDir(f);
	const runtime = f.manifest.nodeRuntime;
	const started = Date.now();
	const node = runtime ? (await ensureNodeRuntime(runtime, log)).bin : process.execPath;
	const answer = (/** @type {boolean} */ installedNow) => ({
		bin: n8nScript(dir),
		node,
		dir,
		version: f.version,
		installedNow,
		seconds: (Date.now() - started) / 1000,
	});
	if (isInstalled(f)) return answer(false);

	fs.mkdirSync(cacheRoot(), { recursive: true });
	let installedNow = false;
	await withInstallLock(dir, log, async () => {
		if (isInstalled(f)) return; // another run finished it while this one waited
		installedNow = true;
		const ticker = setInterval(() => log(`  … still installing n8n ${f.version} (${Math.round((Date.now() - started) / 1000)} s)`), 30_000);
		try {
			await installInStaging(dir, `n8n-${f.version}`, async (staging, logStream, logFile) => {
				fs.copyFileSync(f.manifestPath, path.join(staging, 'package.json'));
				const env = npmEnv();
				if (runtime) {
					// npm and node-gyp run on that Node and build against its headers.
					env.PATH = `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}`;
					env.npm_config_nodedir = nodeRuntimeHome(runtime);
				}
				const run = (/** @type {string} */ name, /** @type {string[]} */ args) =>
					runCommand(name, 'npm', args, { cwd: staging, env, timeoutMs: 20 * 60_000, onOutput: (chunk) => logStream.write(chunk) });
				if (runtime) {
					// Install scripts off (one wants a download outside the registry), then build only the
					// native modules n8n needs.
					await run('npm install (n8n)', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts']);
					await run('npm rebuild', ['rebuild', ...(f.manifest.rebuild ?? []), '--ignore-scripts=false', '--foreground-scripts']);
					await runCommand('loading the native modules', node, ['-e', (f.manifest.rebuild ?? []).map((m) => `require(${JSON.stringify(m)})`).join(';')], {
						cwd: staging,
						env,
						timeoutMs: 60_000,
					});
				} else {
					// The manifest's allowScripts lets only sqlite3 build (npm 11 runs no dependency scripts otherwise).
					await run('npm install (n8n)', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
					if (!fs.existsSync(path.join(staging, SQLITE_BINDING))) {
						// An npm without allowScripts, or ignore-scripts in the user's npm config: build it explicitly.
						await run('npm rebuild sqlite3', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts']);
					}
				}
				if (!fs.existsSync(path.join(staging, SQLITE_BINDING))) {
					throw new Error(`sqlite3 was not built (see ${logFile}); it needs python3, make and a C++ compiler`);
				}
				fs.writeFileSync(path.join(staging, '.installed'), `${installStamp(f)}\n`);
			});
		} finally {
			clearInterval(ticker);
		}
	});
	return answer(installedNow);
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
	 * @param {{ bin: string, node: string, dir: string, userFolder: string, port: number, brokerPort: number, ownedFolder: boolean, env?: Record<string, string> }} options
	 */
	constructor(options) {
		/** Settings on top of env()'s, e.g. queue mode's Redis and database. */
		this.extraEnv = options.env ?? {};
		/** n8n's script, run with `node` (the flavor's Node). */
		this.bin = options.bin;
		this.node = options.node;
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
	 * @param {{ bin: string, node: string, dir: string }} install from ensureN8n()
	 * @param {{ port?: number, userFolder?: string, env?: Record<string, string> }} [options]
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
			env: options.env,
		});
		onCleanup('n8n', () => n8n.dispose());
		return n8n;
	}

	get url() {
		return `http://localhost:${this.port}`;
	}

	/** The environment of every n8n command: quiet, offline, local. */
	env() {
		const env = npmEnv();
		return {
			...env,
			// n8n starts its task runner with the Node on PATH.
			PATH: `${path.dirname(this.node)}${path.delimiter}${env.PATH ?? ''}`,
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
			...this.extraEnv,
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
		return await runCommand(`n8n ${args[0]}`, this.node, [this.bin, ...args], {
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

	/**
	 * Imports workflows given as objects (one `import:workflow` for all).
	 * @param {Array<{ id: string }>} workflows
	 */
	async importWorkflows(workflows) {
		const folder = fs.mkdtempSync(path.join(this.userFolder, 'import-'));
		for (const workflow of workflows) fs.writeFileSync(path.join(folder, `${workflow.id}.json`), JSON.stringify(workflow));
		await this.cli(['import:workflow', '--separate', `--input=${folder}`]);
		fs.rmSync(folder, { recursive: true });
	}

	/**
	 * `n8n worker` (queue mode): takes executions from Redis. Ready when its health check answers,
	 * on QUEUE_HEALTH_CHECK_PORT, which the caller sets in `env` (with N8N_WORKER_SERVER_ADDRESS).
	 * @param {{ concurrency?: number }} [options]
	 */
	async startWorker(options = {}) {
		const port = this.extraEnv.QUEUE_HEALTH_CHECK_PORT;
		if (!port) throw new Error('a worker needs QUEUE_HEALTH_CHECK_PORT in its env');
		const out = fs.openSync(this.logFile, 'a');
		this.server = startProcess('n8n worker', this.node, [this.bin, 'worker', `--concurrency=${options.concurrency ?? 5}`], {
			env: { QUEUE_HEALTH_CHECK_ACTIVE: 'true', ...this.env() },
			stdio: ['ignore', out, out],
		});
		fs.closeSync(out);
		const server = this.server;
		const died = server.exited.then(({ code }) => {
			throw new Error(`n8n worker exited (code ${code}) before it was ready:\n${this.logTail()}`);
		});
		const ready = (async () => {
			const started = Date.now();
			for (;;) {
				try {
					if ((await fetch(`http://127.0.0.1:${port}/healthz/readiness`)).ok) return;
				} catch {
					// not listening yet
				}
				if (Date.now() - started > 120_000) throw new Error(`n8n worker was not ready within 120 s:\n${this.logTail()}`);
				await sleep(250);
			}
		})();
		await Promise.race([ready, died]);
		died.catch(() => {});
	}

	/**
	 * `n8n webhook` (queue mode): serves production webhooks on its own port and puts their
	 * executions on the queue. Ready when its readiness check answers and its log says the listener
	 * waits: n8n 2.8 answers the readiness check as soon as the database is connected, before the
	 * webhook routes exist; n8n 2.41 only once it is fully ready.
	 */
	async startWebhook() {
		const out = fs.openSync(this.logFile, 'a');
		this.server = startProcess('n8n webhook', this.node, [this.bin, 'webhook'], { env: this.env(), stdio: ['ignore', out, out] });
		fs.closeSync(out);
		const server = this.server;
		const died = server.exited.then(({ code }) => {
			throw new Error(`n8n webhook exited (code ${code}) before it was ready:\n${this.logTail()}`);
		});
		const ready = (async () => {
			const started = Date.now();
			for (;;) {
				try {
					const answered = (await fetch(`${this.rest.url}/healthz/readiness`)).ok;
					if (answered && this.log().includes('Webhook listener waiting for requests')) return;
				} catch {
					// not listening yet
				}
				if (Date.now() - started > 120_000) throw new Error(`n8n webhook was not ready within 120 s:\n${this.logTail()}`);
				await sleep(250);
			}
		})();
		await Promise.race([ready, died]);
		died.catch(() => {});
	}

	/** The server's (or worker's) log so far. */
	log() {
		try {
			return fs.readFileSync(this.logFile, 'utf8');
		} catch {
			return '';
		}
	}

	/** `n8n start` on 127.0.0.1, then the owner account and a login for the REST API. */
	async start() {
		const out = fs.openSync(this.logFile, 'a');
		this.server = startProcess('n8n start', this.node, [this.bin, 'start'], { env: this.env(), stdio: ['ignore', out, out] });
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
 * A run in short: its status, its error message, each node's output items
 * (`nodes[name][output]` = the items of that output over all runs of the node; json only) and each
 * node's execution time.
 *
 * @param {any} run an IRun (from `execute`) or an execution's data (from the REST API)
 */
function summarizeRun(run) {
	const resultData = run.data?.resultData ?? run.resultData ?? {};
	/** @type {Record<string, Array<Array<Record<string, any>>>>} */
	const nodes = {};
	/** @type {Record<string, number>} */
	const executionTimes = {};
	for (const [name, runs] of Object.entries(resultData.runData ?? {})) {
		executionTimes[name] = /** @type {any[]} */ (runs).reduce((sum, nodeRun) => sum + (nodeRun.executionTime ?? 0), 0);
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
		/** Each node's `executionTime` (ms), over all its runs. */
		executionTimes,
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
				if (response.ok && (/** @type {{ data?: { userManagement?: unknown } }} */ (await response.json())).data?.userManagement) return Date.now() - started;
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
	async runFromTrigger(workflowId, triggerName, timeoutMs = 60_000) {
		const workflowData = await this.getWorkflow(workflowId);
		const started = await this.call('POST', `/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: triggerName },
		});
		if (!started?.executionId) throw new Error(`n8n did not start ${workflowId}: ${JSON.stringify(started)}`);
		return await this.waitForExecution(started.executionId, timeoutMs);
	}

	/** @param {string} workflowId */
	async activate(workflowId) {
		const workflow = await this.getWorkflow(workflowId);
		return await this.call('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
	}

	/**
	 * Where the activation of a workflow stands in n8n versions that activate in the background
	 * (2.41 by default, N8N_USE_WORKFLOW_PUBLICATION_SERVICE): the activation request answers at
	 * once, and a trigger that fails to start is reported here, with its error. Waits until it
	 * settled (published, partial or failed). Undefined in versions without it (2.8: the activation
	 * request itself fails).
	 * @param {string} workflowId
	 * @returns {Promise<{ status: string, triggers: Array<{ nodeId: string, status: string, errorMessage?: string | null }> } | undefined>}
	 */
	async publicationStatus(workflowId, timeoutMs = 90_000) {
		const started = Date.now();
		for (;;) {
			let status;
			try {
				status = await this.call('GET', `/workflows/${workflowId}/publication-status`);
			} catch (error) {
				if (/ answered 404:/.test(error instanceof Error ? error.message : '')) return undefined;
				throw error;
			}
			if (!['in_progress', 'not_published'].includes(status.status)) return status;
			if (Date.now() - started > timeoutMs) throw new Error(`the activation of ${workflowId} did not settle within ${timeoutMs / 1000} s: ${JSON.stringify(status)}`);
			await sleep(500);
		}
	}

	/** @param {string} workflowId */
	async deactivate(workflowId) {
		return await this.call('POST', `/workflows/${workflowId}/deactivate`, {});
	}

	/**
	 * The workflow's newest executions, up to `limit` (n8n answers 20 without one, at most 100).
	 * @param {string} workflowId
	 */
	async listExecutions(workflowId, limit = 100) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		return (await this.call('GET', `/executions?filter=${filter}&limit=${limit}`)).results ?? [];
	}

	/**
	 * How many executions a workflow has, over all of them (listExecutions answers one page):
	 * `count`, those that ended (n8n counts them: every status but new and running; only the given
	 * `statuses` when some are), and `running`, those new or running now (up to 100).
	 * @param {string} workflowId
	 * @param {string[]} [statuses] e.g. ['error', 'crashed']
	 */
	async countExecutions(workflowId, statuses) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId, ...(statuses ? { status: statuses } : {}) }));
		const page = await this.call('GET', `/executions?filter=${filter}&limit=100`);
		if (typeof page?.count !== 'number') throw new Error(`n8n answered the executions of ${workflowId} without a count: ${JSON.stringify(page).slice(0, 300)}`);
		const running = (page.results ?? []).filter((/** @type {any} */ e) => ['new', 'running'].includes(e.status)).length;
		return { count: /** @type {number} */ (page.count), running };
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

module.exports = {
	N8N_VERSION,
	flavor,
	ensureNodeRuntime,
	withInstallLock,
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
