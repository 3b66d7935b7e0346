/**
 * CometChat's own hosts of the emulated app, for credentials made with App ID and Region: an HTTP
 * proxy (HTTPS_PROXY) that accepts CONNECT to `<appId>.api-<region>.cometchat.io:443` and
 * `<appId>.call-<region>.cometchat.io:443`, ends TLS with a certificate for those names signed by a
 * certificate authority made at start (openssl), and hands the request to the emulator's chat or
 * call host with its Host unchanged, so the emulator knows the app and region asked for. A client
 * trusts the authority through NODE_EXTRA_CA_CERTS (n8n) or `ca`. Any other destination is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';

/** The regions whose hosts the certificate names: CometChat's three (docs/cometchat-api.md, "Hosts"). */
export const PROXY_REGIONS = ['us', 'eu', 'in'] as const;

const COMETCHAT_HOST = /^[a-z0-9-]+\.(api|call)-([a-z0-9]+)\.cometchat\.io$/i;

export interface CometChatProxy {
	/** `http://127.0.0.1:PORT`: the value of HTTPS_PROXY. */
	url: string;
	/** The authority's certificate (PEM) and a file holding it, for NODE_EXTRA_CA_CERTS. */
	caPem: string;
	caFile: string;
	close(): Promise<void>;
}

/** The authority and a certificate for every app's chat and call hosts in each region, made with openssl. */
function makeCertificates(dir: string): { caPem: string; caFile: string; key: string; cert: string } {
	const file = (name: string) => join(dir, name);
	const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
	openssl(
		'req',
		'-x509',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-days',
		'2',
		'-subj',
		'/CN=CometChat emulator CA',
		'-addext',
		'basicConstraints=critical,CA:TRUE',
		'-addext',
		'keyUsage=critical,keyCertSign,cRLSign',
		'-keyout',
		file('ca.key'),
		'-out',
		file('ca.pem'),
	);
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
		'-CAcreateserial',
		'-days',
		'2',
		'-extfile',
		file('host.ext'),
		'-out',
		file('host.pem'),
	);
	return {
		caPem: readFileSync(file('ca.pem'), 'utf8'),
		caFile: file('ca.pem'),
		key: readFileSync(file('host.key'), 'utf8'),
		cert: readFileSync(file('host.pem'), 'utf8'),
	};
}

/**
 * Starts the proxy on 127.0.0.1: CONNECT to a chat host goes to the emulator's chat host `chatUrl`,
 * to a call host to `callUrl`, whatever the app and region (the emulator answers an unknown one).
 */
export async function startCometChatProxy(hosts: { chatUrl: string; callUrl: string }): Promise<CometChatProxy> {
	const dir = mkdtempSync(join(tmpdir(), 'cometchat-emulator-ca-'));
	let certificates;
	try {
		certificates = makeCertificates(dir);
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
		throw new Error(`The emulator's proxy needs openssl to make its certificates: ${detail}`);
	}
	const secureContext = tls.createSecureContext({ key: certificates.key, cert: certificates.cert });
	const sockets = new Set<Socket>();
	const track = (socket: Socket) => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
	};

	const server = http.createServer((_req, res) => {
		res.writeHead(502, { 'content-type': 'text/plain' }).end('The emulator proxy serves CometChat hosts over CONNECT only.\n');
	});
	server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
		track(client);
		client.on('error', () => client.destroy());
		const [hostname, port] = (req.url ?? '').split(':');
		const kind = COMETCHAT_HOST.exec(hostname ?? '')?.[1]?.toLowerCase();
		if (!kind || port !== '443') {
			client.end(
				'HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\n\r\nThe emulator proxy reaches only CometChat app hosts on port 443.\n',
			);
			return;
		}
		client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		if (head.length > 0) client.unshift(head);
		const secure = new tls.TLSSocket(client, { isServer: true, secureContext });
		const target = new URL(kind === 'api' ? hosts.chatUrl : hosts.callUrl);
		const upstream = net.connect(Number(target.port), target.hostname);
		track(upstream);
		const end = () => {
			secure.destroy();
			upstream.destroy();
		};
		secure.on('error', end).on('close', end);
		upstream.on('error', end).on('close', end);
		secure.pipe(upstream).pipe(secure);
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		caPem: certificates.caPem,
		caFile: certificates.caFile,
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
