/**
 * CometChat's own hosts of the emulated app, for credentials made with App ID and Region: an HTTP
 * proxy (HTTPS_PROXY) that takes CONNECT to `<appId>.api-<region>.cometchat.io:443` and
 * `<appId>.call-<region>.cometchat.io:443`, ends TLS with a certificate for those names signed by a
 * certificate authority (made with openssl, or kept in a folder across starts), and hands the
 * request to the emulator's chat or call host with its Host unchanged, so the emulator knows the app
 * and region asked for. A client trusts the authority through NODE_EXTRA_CA_CERTS (n8n) or `ca`.
 *
 * n8n sends all its HTTPS traffic through HTTPS_PROXY, not only CometChat's, so every other
 * destination is tunnelled to itself (CONNECT) or forwarded (plain HTTP), as if there were no proxy.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import tls from 'node:tls';

/** The regions whose hosts the certificate names: CometChat's three (docs/cometchat-api.md, "Hosts"). */
export const PROXY_REGIONS = ['us', 'eu', 'in'] as const;

const COMETCHAT_HOST = /^[a-z0-9-]+\.(api|call)-([a-z0-9]+)\.cometchat\.io$/i;

/** The authority's life when made here: long, because n8n reads NODE_EXTRA_CA_CERTS only when it starts. */
const AUTHORITY_DAYS = 3650;
/** A kept authority closer than this to its end is made anew, so it cannot expire during a session. */
const AUTHORITY_MIN_LEFT_MS = 24 * 60 * 60 * 1000;
/** The host certificate, made at every start. */
const HOST_CERTIFICATE_DAYS = 30;

export interface CometChatProxyOptions {
	/** The port on 127.0.0.1 (0 = any free port, the default). */
	port?: number;
	/**
	 * A folder that keeps the certificate authority across starts: its `ca.pem` and `ca.key` are used
	 * when they are a valid authority, its key, and at least a day from their end; otherwise a new
	 * authority is made there. Without it the authority is made in a temporary folder, removed on close.
	 */
	caDir?: string;
}

export interface CometChatProxy {
	/** `http://127.0.0.1:PORT`: the value of HTTPS_PROXY. */
	url: string;
	/** The authority's certificate (PEM) and a file holding it, for NODE_EXTRA_CA_CERTS. */
	caPem: string;
	caFile: string;
	/** True when the authority came from `caDir` as it was, false when it was made at this start. */
	caReused: boolean;
	close(): Promise<void>;
}

function openssl(...args: string[]): void {
	try {
		execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
	} catch (error) {
		const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
		throw new Error(`The emulator's proxy needs openssl to make its certificates: ${detail}`);
	}
}

/** Why the PEM and key are no authority to use, or undefined when they are one. */
function authorityProblem(pem: string, keyPem: string, now: number): string | undefined {
	let certificate: X509Certificate;
	try {
		certificate = new X509Certificate(pem);
		if (!certificate.checkPrivateKey(createPrivateKey(keyPem))) return 'ca.key is not the key of ca.pem';
	} catch (error) {
		return `ca.pem or ca.key cannot be read (${(error as Error).message})`;
	}
	if (!certificate.ca) return 'ca.pem is not a certificate authority';
	if (Date.parse(certificate.validFrom) > now) return 'ca.pem is not valid yet';
	if (Date.parse(certificate.validTo) - now <= AUTHORITY_MIN_LEFT_MS) return 'ca.pem has expired or expires within a day';
	return undefined;
}

/**
 * Makes an authority in `dir` (ca.pem, ca.key readable by its owner only). It may sign names under
 * cometchat.io only (a name constraint), so trusting it exposes nothing else, even when kept.
 */
function makeAuthority(dir: string): void {
	// Written beside the final files and renamed over them, so a reader never sees half a pair.
	const work = mkdtempSync(join(dir, '.new-ca-'));
	try {
		openssl(
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-days',
			String(AUTHORITY_DAYS),
			'-subj',
			'/CN=CometChat emulator CA',
			'-addext',
			'basicConstraints=critical,CA:TRUE',
			'-addext',
			'keyUsage=critical,keyCertSign,cRLSign',
			'-addext',
			'nameConstraints=critical,permitted;DNS:cometchat.io',
			'-keyout',
			join(work, 'ca.key'),
			'-out',
			join(work, 'ca.pem'),
		);
		chmodSync(join(work, 'ca.key'), 0o600);
		renameSync(join(work, 'ca.key'), join(dir, 'ca.key'));
		renameSync(join(work, 'ca.pem'), join(dir, 'ca.pem'));
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/** The authority of `dir`: kept when usable, else made there. */
function authorityIn(dir: string): { caPem: string; caKey: string; caFile: string; caReused: boolean } {
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	const caFile = join(dir, 'ca.pem');
	const read = () => ({ caPem: readFileSync(caFile, 'utf8'), caKey: readFileSync(join(dir, 'ca.key'), 'utf8') });
	let found: { caPem: string; caKey: string } | undefined;
	try {
		found = read();
	} catch {
		found = undefined;
	}
	if (found && !authorityProblem(found.caPem, found.caKey, Date.now())) return { ...found, caFile, caReused: true };
	makeAuthority(dir);
	const made = read();
	const problem = authorityProblem(made.caPem, made.caKey, Date.now());
	// Only another process writing the same folder at the same moment gets here.
	if (problem) throw new Error(`The certificate authority in ${dir} changed while it was made (${problem}): start again.`);
	return { ...made, caFile, caReused: false };
}

/** A key and certificate for every app's chat and call hosts in each region, signed by the authority. */
function makeHostCertificate(authority: { caPem: string; caKey: string }): { key: string; cert: string } {
	const work = mkdtempSync(join(tmpdir(), 'cometchat-emulator-host-'));
	const file = (name: string) => join(work, name);
	try {
		writeFileSync(file('ca.pem'), authority.caPem);
		writeFileSync(file('ca.key'), authority.caKey, { mode: 0o600 });
		openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=cometchat.io', '-keyout', file('host.key'), '-out', file('host.csr'));
		const names = PROXY_REGIONS.flatMap((region) => [`DNS:*.api-${region}.cometchat.io`, `DNS:*.call-${region}.cometchat.io`]);
		writeFileSync(file('host.ext'), `subjectAltName=${names.join(',')}\nextendedKeyUsage=serverAuth\n`);
		openssl(
			'x509',
			'-req',
			'-in',
			file('host.csr'),
			'-CA',
			file('ca.pem'),
			'-CAkey',
			file('ca.key'),
			// A serial of its own: certificates of one authority across starts must not share one.
			'-set_serial',
			`0x${randomBytes(16).toString('hex')}`,
			'-days',
			String(HOST_CERTIFICATE_DAYS),
			'-extfile',
			file('host.ext'),
			'-out',
			file('host.pem'),
		);
		return { key: readFileSync(file('host.key'), 'utf8'), cert: readFileSync(file('host.pem'), 'utf8') };
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/** `host:port` of a CONNECT (`[::1]:443` too), or undefined when it is not one. */
function connectTarget(authority: string | undefined): { host: string; port: number } | undefined {
	const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(authority ?? '');
	const port = Number(match?.[3]);
	if (!match || port < 1 || port > 65535) return undefined;
	return { host: match[1] ?? match[2], port };
}

/**
 * The headers of one hop only, which a proxy must not pass on (RFC 9110, 7.6.1), and Expect: Node's
 * server has already answered its 100 Continue.
 */
const HOP_BY_HOP = [
	'connection',
	'keep-alive',
	'proxy-connection',
	'proxy-authorization',
	'proxy-authenticate',
	'te',
	'trailer',
	'upgrade',
	'expect',
];

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
	const named = String(headers.connection ?? '')
		.split(',')
		.map((name) => name.trim().toLowerCase());
	return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name) && !named.includes(name)));
}

/** A short plain-text error answer on a socket that has not answered yet. */
function refuse(socket: Socket, status: string, text: string): void {
	socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${text}\n`);
}

/** Any other destination: a plain TCP tunnel to it, as if the client had no proxy. */
function tunnel(client: Socket, head: Buffer, target: { host: string; port: number }, track: (socket: Socket) => void): void {
	const upstream = net.connect(target.port, target.host);
	track(upstream);
	let open = false;
	upstream.once('connect', () => {
		open = true;
		client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		if (head.length > 0) upstream.write(head);
		// Each side's end ends the other (pipe); an error or a vanished client ends both at once.
		client.pipe(upstream).pipe(client);
	});
	upstream.on('error', (error: NodeJS.ErrnoException) => {
		if (open) client.destroy();
		else
			refuse(
				client,
				'502 Bad Gateway',
				`The CometChat emulator's proxy could not reach ${target.host}:${target.port} (${error.code ?? error.message}).`,
			);
	});
	client.on('close', () => upstream.destroy());
}

/**
 * Starts the proxy on 127.0.0.1: CONNECT to a chat host goes to the emulator's chat host `chatUrl`,
 * to a call host to `callUrl`, whatever the app and region (the emulator answers an unknown one).
 */
export async function startCometChatProxy(
	hosts: { chatUrl: string; callUrl: string },
	options: CometChatProxyOptions = {},
): Promise<CometChatProxy> {
	const sockets = new Set<Socket>();
	const track = (socket: Socket) => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
	};
	/** The emulator's host for a CometChat app host, undefined for any other name. */
	const emulatorHost = (hostname: string): URL | undefined => {
		const kind = COMETCHAT_HOST.exec(hostname)?.[1]?.toLowerCase();
		if (!kind) return undefined;
		return new URL(kind === 'api' ? hosts.chatUrl : hosts.callUrl);
	};
	// The host certificate's context, set once the port is taken and the certificate made.
	const serving: { secureContext?: tls.SecureContext } = {};
	// Forwarded plain-HTTP requests get their own sockets, closed with the proxy.
	const agent = new http.Agent({ keepAlive: false });

	const server = http.createServer((req, res) => {
		let url: URL;
		try {
			url = new URL(req.url ?? '');
		} catch {
			url = new URL('about:blank');
		}
		if (url.protocol !== 'http:') {
			res.writeHead(400, { 'content-type': 'text/plain' });
			res.end("This is the CometChat emulator's proxy: set it as HTTPS_PROXY. It is not a web server.\n");
			return;
		}
		// A CometChat app host in plain HTTP still goes to the emulator: nothing meant for the
		// emulated app reaches the real service.
		const target = emulatorHost(url.hostname) ?? url;
		const upstream = http.request(
			{
				agent,
				host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
				port: target.port || 80,
				method: req.method,
				path: `${url.pathname}${url.search}`,
				headers: endToEnd(req.headers),
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
				answer.pipe(res);
			},
		);
		upstream.on('error', (error: NodeJS.ErrnoException) => {
			if (res.headersSent) {
				res.destroy();
				return;
			}
			res.writeHead(502, { 'content-type': 'text/plain', connection: 'close' });
			res.end(`The CometChat emulator's proxy could not reach ${url.host} (${error.code ?? error.message}).\n`);
		});
		// A client that goes away takes its request to the destination with it.
		res.on('close', () => upstream.destroy());
		req.pipe(upstream);
	});
	server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
		track(client);
		client.on('error', () => client.destroy());
		const target = connectTarget(req.url);
		if (!target) {
			refuse(client, '400 Bad Request', 'CONNECT needs host:port.');
			return;
		}
		const emulator = emulatorHost(target.host);
		if (!emulator) {
			tunnel(client, head, target, track);
			return;
		}
		const { secureContext } = serving;
		if (target.port !== 443 || !secureContext) {
			refuse(client, '502 Bad Gateway', 'The CometChat emulator serves CometChat app hosts on port 443 only.');
			return;
		}
		client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		if (head.length > 0) client.unshift(head);
		const secure = new tls.TLSSocket(client, { isServer: true, secureContext });
		const upstream = net.connect(Number(emulator.port), emulator.hostname);
		track(upstream);
		const end = () => {
			secure.destroy();
			upstream.destroy();
		};
		secure.on('error', end).on('close', end);
		upstream.on('error', end).on('close', end);
		secure.pipe(upstream).pipe(secure);
	});

	// Listen first: a port in use fails before any certificate is made or any file changed.
	const port = options.port ?? 0;
	await new Promise<void>((done, reject) => {
		server.once('error', (error: NodeJS.ErrnoException) =>
			reject(
				error.code === 'EADDRINUSE'
					? new Error(
							`The emulator's proxy cannot listen on 127.0.0.1:${port}: the port is in use (another emulator?). Choose another port (--proxy-port).`,
						)
					: error,
			),
		);
		server.listen(port, '127.0.0.1', () => done());
	});
	const stop = async () => {
		for (const socket of sockets) socket.destroy();
		agent.destroy();
		server.closeAllConnections();
		await new Promise<void>((done) => server.close(() => done()));
	};

	const temporary = options.caDir === undefined ? mkdtempSync(join(tmpdir(), 'cometchat-emulator-ca-')) : undefined;
	let authority;
	let certificate;
	try {
		authority = authorityIn(temporary ?? resolve(options.caDir as string));
		certificate = makeHostCertificate(authority);
	} catch (error) {
		await stop();
		if (temporary) rmSync(temporary, { recursive: true, force: true });
		throw error;
	}
	serving.secureContext = tls.createSecureContext({ key: certificate.key, cert: certificate.cert });
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		caPem: authority.caPem,
		caFile: authority.caFile,
		caReused: authority.caReused,
		async close() {
			await stop();
			if (temporary) rmSync(temporary, { recursive: true, force: true });
		},
	};
}
