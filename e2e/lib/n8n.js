// @ts-check
/**
 * One real n8n: its own temporary user folder (database, settings, community packages), ports and
 * environment; credentials and workflows imported, `n8n execute`, or `n8n start` with its REST API
 * (rest.js). Everything stays on 127.0.0.1, with telemetry, version checks, templates and banners off.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { REPO_DIR, installCommunityPackage, npmEnv } = require('./install');
const { freePort, onCleanup, runCommand, sleep, startProcess } = require('./processes');
const { N8nRest } = require('./rest');
const { parseExecuteOutput, summarizeRun } = require('./summaries');

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
		const inherited = npmEnv();
		/** @type {NodeJS.ProcessEnv} */
		const env = {
			...inherited,
			// n8n starts its task runner with the Node on PATH.
			PATH: `${path.dirname(this.node)}${path.delimiter}${inherited.PATH ?? ''}`,
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
			...this.extraEnv,
		};
		// n8n loads each folder N8N_CUSTOM_EXTENSIONS lists as custom nodes (CUSTOM.*), an empty
		// string as the working directory: unset, it loads only the community package.
		if (!('N8N_CUSTOM_EXTENSIONS' in this.extraEnv)) delete env.N8N_CUSTOM_EXTENSIONS;
		return env;
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
 * The environment that lets a credential made with App ID and Region reach the emulator: n8n sends
 * its HTTPS requests through the emulator's proxy (started with `proxy: true`), which serves
 * CometChat's hosts and passes every other host through, and trusts the proxy's certificate
 * authority; everything on 127.0.0.1 and localhost stays direct (the CLI prints the same lines).
 * Usage: `N8n.create(install, { env: { ...cometChatHostsEnv(emulator) } })`.
 * @param {{ proxy?: { url: string, caFile: string } }} emulator
 * @returns {Record<string, string>}
 */
function cometChatHostsEnv(emulator) {
	if (!emulator.proxy) throw new Error('start the emulator with proxy: true');
	const direct = '127.0.0.1,localhost';
	return {
		HTTPS_PROXY: emulator.proxy.url,
		https_proxy: emulator.proxy.url,
		NO_PROXY: direct,
		no_proxy: direct,
		NODE_EXTRA_CA_CERTS: emulator.proxy.caFile,
	};
}

/**
 * The CometChat Bot Trigger's parameters as the end-to-end workflows set them: the bot by id,
 * mentions in groups, the Webhook URL removed on deactivation.
 * @param {string} bot
 */
function botTriggerParameters(bot) {
	return { bot: { __rl: true, mode: 'id', value: bot }, groupChatSetting: 'mentionedMessages', onDeactivation: 'removeUrl', options: {} };
}

module.exports = { EXAMPLE_CREDENTIAL, N8n, botTriggerParameters, cometChatHostsEnv };
