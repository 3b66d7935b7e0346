// @ts-check
/**
 * Installing the real n8n for the end-to-end tests, the demo, the dev editor and the benchmarks:
 * `ensureN8n()` installs the pinned n8n (e2e/n8n/package.json, or e2e/n8n-latest with
 * E2E_N8N=latest, on its own Node) once into ~/.cache/n8n-nodes-cometchat, outside the repo, under
 * a lock shared by concurrent runs; later calls only compare a stamp. `installCommunityPackage`
 * installs this package into a user folder as a user's n8n does.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { onCleanup, runCommand, sleep } = require('./processes');

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
			await runCommand(
				'npm install (node)',
				'npm',
				['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `${nodeRuntimePackage()}@${version}`],
				{
					cwd: staging,
					env: npmEnv(),
					timeoutMs: 10 * 60_000,
					onOutput: (chunk) => logStream.write(chunk),
				},
			);
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
					await runCommand(
						'loading the native modules',
						node,
						['-e', (f.manifest.rebuild ?? []).map((m) => `require(${JSON.stringify(m)})`).join(';')],
						{
							cwd: staging,
							env,
							timeoutMs: 60_000,
						},
					);
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

module.exports = {
	N8N_VERSION,
	REPO_DIR,
	cacheRoot,
	ensureN8n,
	ensureNodeRuntime,
	flavor,
	installCommunityPackage,
	installDir,
	installNotice,
	installStamp,
	isAlive,
	isInstalled,
	n8nScript,
	npmEnv,
	withInstallLock,
};
