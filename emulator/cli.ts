/** The emulator's command line: `npm run emulator -- --help`. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

import { DEFAULT_API_KEY, FAULT_KINDS, OPT_IN_FAULT_KINDS, startEmulator } from './index';
import type { Emulator, FaultKind } from './index';

/**
 * The proxy's port and certificate folder when the command line is not told: fixed, unlike the
 * random port and temporary folder of startEmulator (tests run many at once), because a person
 * starts n8n once with HTTPS_PROXY and NODE_EXTRA_CA_CERTS and restarts the emulator often.
 */
const DEFAULT_PROXY_PORT = 8790;
const DEFAULT_PROXY_CA_DIR = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-cometchat', 'emulator-ca');

const HELP = `CometChat emulator: a local chat host and call host with the CometChat REST API v3.

Usage: npm run emulator -- [options]      (or: npx tsx emulator/cli.ts [options])

  --port <n>           chat host port (default 8787; 0 = any free port)
  --call-port <n>      call host port (default 8788; 0 = any free port)
  --mgmt-port <n>      management host port, app webhooks (default 8789; 0 = any free port)
  --host <addr>        address to bind (default 127.0.0.1)
  --seed <s>           demo | none | path/to/seed.json (default demo)
  --seed-dates <d>     now: the seed's dates moved so its latest is a minute ago (the demo app as
                       if in use today); as-given: as the seed file has them (default now)
  --api-key <key>      the accepted apikey (default ${DEFAULT_API_KEY})
  --app-id <id>        app id used in revision ids and records (default demo-app)
  --region <r>         the app's region: us, eu or in (default us)
  --proxy              also serve the app on CometChat's own hosts through a proxy (HTTPS_PROXY),
                       for credentials made with App ID and Region; other hosts pass through;
                       needs openssl
  --proxy-port <n>     the proxy's port (default ${DEFAULT_PROXY_PORT}; 0 = any free port); implies --proxy
  --proxy-ca-dir <dir> keeps the proxy's certificate authority (ca.pem, ca.key) across starts: reused
                       when valid, else made there (default ${DEFAULT_PROXY_CA_DIR});
                       implies --proxy
  --rate-limit <n>     requests per minute, 0 = off (default 0)
  --latency <ms>       delay before every answer (default 0)
  --fault-rate <r>     share of /v3 requests that fail, 0..1 (default 0)
  --fault-seed <n>     seed of the fault PRNG (default 1)
  --fault-kinds <list> comma list of ${FAULT_KINDS.join(',')} (default all but ${OPT_IN_FAULT_KINDS.join(',')})
  --retry-after <s>    Retry-After of injected 429 faults (default 1)
  --slow-ms <ms>       delay of injected slow answers (default 1000)
  --quiet              do not log requests to stdout
  --help               this text
`;

/** --seed-dates: now (the default) or as-given. */
function seedDatesOf(value: string | boolean | undefined): boolean {
	if (value === undefined || value === 'now') return true;
	if (value === 'as-given') return false;
	process.stderr.write(`--seed-dates takes now or as-given, not ${String(value)}\n`);
	process.exit(2);
}

function parse(argv: string[]): Record<string, string | boolean> {
	const out: Record<string, string | boolean> = {};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (!a.startsWith('--')) throw new Error(`Unexpected argument ${a}`);
		const eq = a.indexOf('=');
		if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
		else if (['help', 'quiet', 'proxy'].includes(a.slice(2))) out[a.slice(2)] = true;
		else {
			const v = argv[++i];
			if (v === undefined) throw new Error(`Missing value for ${a}`);
			out[a.slice(2)] = v;
		}
	}
	return out;
}

/** The proxy when asked for (--proxy, --proxy-port or --proxy-ca-dir): a fixed port and a kept authority. */
function proxyOptions(args: Record<string, string | boolean>): { port: number; caDir: string } | undefined {
	if (!args.proxy && args['proxy-port'] === undefined && args['proxy-ca-dir'] === undefined) return undefined;
	const caDir = args['proxy-ca-dir'];
	return {
		port: num(args['proxy-port'], DEFAULT_PROXY_PORT, 'proxy-port'),
		// `npm run` works in the package's folder: a relative folder is read from where npm was run.
		caDir: typeof caDir === 'string' ? resolve(process.env.INIT_CWD ?? process.cwd(), caDir) : DEFAULT_PROXY_CA_DIR,
	};
}

/** The labels of the credential's Region options (credentials/CometChatApi.credentials.ts; the tests compare them). */
const REGION_LABELS: Record<string, string> = { us: 'United States (US)', eu: 'Europe (EU)', in: 'India (IN)' };

/** `Label: value` lines, aligned, each as the credential's field is labelled in n8n. */
function fields(entries: Array<[string, string]>): string[] {
	const width = Math.max(...entries.map(([label]) => label.length)) + 2;
	return entries.map(([label, value]) => `    ${`${label}:`.padEnd(width)}${value}`);
}

/**
 * What the command line prints at start: the hosts, then what to type into n8n, field by field,
 * by the labels n8n shows (test/node/tryWithoutAccount.test.ts fills a credential from this text).
 */
function startupText(emu: Emulator, seed: string, proxyPortFixed: boolean): string {
	const lines = [
		`CometChat emulator running (seed: ${seed})`,
		`  chat host:        ${emu.baseUrl}        (API root ${emu.baseUrl}/v3)`,
		`  call host:        ${emu.callUrl}        (API root ${emu.callUrl}/v3)`,
		`  API key:          ${emu.apiKey}`,
		`  app id:           ${emu.appId}`,
		`  management host:  ${emu.mgmtUrl}        (app webhooks; headers key, secret, X-Webhook-Version: 2)`,
		`  control API:      ${emu.baseUrl}/__emulator  (no apikey)`,
		'',
		'In n8n on this machine, create a "CometChat API" credential with:',
		...fields([
			['Region', 'Custom Host'],
			['Chat API Host', emu.baseUrl],
			['Call API Host', emu.callUrl],
			['API Key', emu.apiKey],
		]),
		'',
		'For the Webhook Trigger\'s Automatic mode, a "CometChat Management API" credential with:',
		...fields([
			['App ID', emu.appId],
			['Management Key', emu.mgmtKey],
			['Management Secret', emu.mgmtSecret],
			['Management URL', emu.mgmtUrl],
		]),
	];
	if (emu.proxy) {
		lines.push(
			'',
			`Or with App ID and Region, as for a real app: the proxy serves https://${emu.appId}.api-${emu.region}.cometchat.io`,
			`and https://${emu.appId}.call-${emu.region}.cometchat.io from the emulator and passes every other host through.`,
			proxyPortFixed
				? 'Start n8n with these environment variables (the same at every start of the emulator with this port and folder):'
				: 'Start n8n with these environment variables (the port changes at every start with --proxy-port 0):',
			`    HTTPS_PROXY=${emu.proxy.url}`,
			'    NO_PROXY=127.0.0.1,localhost',
			`    NODE_EXTRA_CA_CERTS=${emu.proxy.caFile}`,
			emu.proxy.caReused
				? '  (the certificate authority there is the one of an earlier start)'
				: '  (a new certificate authority was made there: restart an n8n started with the path before)',
			'and create a "CometChat API" credential with:',
			...fields([
				['App ID', emu.appId],
				['Region', REGION_LABELS[emu.region] ?? emu.region],
				['API Key', emu.apiKey],
			]),
		);
	}
	lines.push('', 'Try:', `  curl -s -H 'apikey: ${emu.apiKey}' '${emu.baseUrl}/v3/users?perPage=5'`, 'Ctrl-C stops it.', '');
	return lines.join('\n');
}

function num(v: string | boolean | undefined, def: number, name: string): number {
	if (v === undefined) return def;
	const n = Number(v);
	if (!Number.isFinite(n)) throw new Error(`--${name} needs a number`);
	return n;
}

async function main(): Promise<void> {
	let args: Record<string, string | boolean>;
	try {
		args = parse(process.argv.slice(2));
	} catch (err) {
		process.stderr.write(`${(err as Error).message}\n\n${HELP}`);
		process.exit(2);
	}
	if (args.help) {
		process.stdout.write(HELP);
		return;
	}
	const known = [
		'port',
		'call-port',
		'mgmt-port',
		'host',
		'seed',
		'seed-dates',
		'api-key',
		'app-id',
		'region',
		'proxy',
		'proxy-port',
		'proxy-ca-dir',
		'rate-limit',
		'latency',
		'fault-rate',
		'fault-seed',
		'fault-kinds',
		'retry-after',
		'slow-ms',
		'quiet',
		'help',
	];
	const unknown = Object.keys(args).filter((k) => !known.includes(k));
	if (unknown.length) {
		process.stderr.write(`Unknown option --${unknown[0]}\n\n${HELP}`);
		process.exit(2);
	}
	const emu = await startEmulator({
		port: num(args.port, 8787, 'port'),
		callPort: num(args['call-port'], 8788, 'call-port'),
		mgmtPort: num(args['mgmt-port'], 8789, 'mgmt-port'),
		host: typeof args.host === 'string' ? args.host : undefined,
		seed: typeof args.seed === 'string' ? args.seed : 'demo',
		seedDatedToNow: seedDatesOf(args['seed-dates']),
		apiKey: typeof args['api-key'] === 'string' ? args['api-key'] : DEFAULT_API_KEY,
		appId: typeof args['app-id'] === 'string' ? args['app-id'] : 'demo-app',
		region: typeof args.region === 'string' ? args.region : undefined,
		proxy: proxyOptions(args),
		rateLimitPerMinute: num(args['rate-limit'], 0, 'rate-limit'),
		latencyMs: num(args.latency, 0, 'latency'),
		faults: {
			rate: num(args['fault-rate'], 0, 'fault-rate'),
			seed: num(args['fault-seed'], 1, 'fault-seed'),
			retryAfter: num(args['retry-after'], 1, 'retry-after'),
			slowMs: num(args['slow-ms'], 1000, 'slow-ms'),
			...(typeof args['fault-kinds'] === 'string' ? { kinds: args['fault-kinds'].split(',').map((s) => s.trim()) as FaultKind[] } : {}),
		},
		requestLogLimit: 10000,
	});
	const quiet = Boolean(args.quiet);
	const log = (s: string) => process.stdout.write(`${s}\n`);
	process.stdout.write(
		startupText(emu, typeof args.seed === 'string' ? args.seed : 'demo', num(args['proxy-port'], DEFAULT_PROXY_PORT, 'proxy-port') !== 0),
	);

	if (!quiet) {
		let shown = 0;
		const timer = setInterval(() => {
			const reqs = emu.requests;
			if (reqs.length < shown) shown = 0;
			for (let i = shown; i < reqs.length; i++) {
				const r = reqs[i];
				log(`${r.host} ${r.method} ${r.path} → ${r.status ?? '(dropped)'}${r.fault ? ` [fault ${r.fault}]` : ''}`);
			}
			shown = reqs.length;
			if (reqs.length > 5000) {
				emu.clearRequests();
				shown = 0;
			}
		}, 250);
		timer.unref();
	}

	let closing = false;
	const stop = async () => {
		if (closing) return process.exit(1);
		closing = true;
		log('\nStopping…');
		await emu.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((err) => {
	process.stderr.write(`${err?.stack ?? err}\n`);
	process.exit(1);
});
