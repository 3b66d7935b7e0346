// The emulator's proxy of CometChat's hosts (emulator/proxy.ts): CONNECT to an app host, TLS with
// the certificate of its authority, routed by Host to the chat or call host, which knows only its
// own app in its own region; every other destination passed through as if there were no proxy; a
// fixed port and an authority kept in a folder across starts.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const tls = require('node:tls');

const { freePort } = require('../../e2e/lib/processes');
const { start, useStarted, API_KEY } = require('./helpers');

const ctx = useStarted({ appId: 'e2e-app', region: 'us', proxy: true });

/** Answers the reply of the proxy at `proxyUrl` to CONNECT `target`: its status, text and the tunnel. */
function connect(target, proxyUrl = ctx.emu.proxy.url) {
	const { hostname, port } = new URL(proxyUrl);
	return new Promise((resolve, reject) => {
		const request = http.request({ host: hostname, port, method: 'CONNECT', path: target });
		request.on('connect', (response, socket, head) => {
			if (response.statusCode === 200) {
				resolve({ status: 200, socket });
				return;
			}
			// The refusal's text: what came with the status line, then the rest until the proxy closes.
			let text = head.toString();
			socket.on('data', (chunk) => (text += chunk));
			socket.on('end', () => resolve({ status: response.statusCode, text }));
		});
		request.on('error', reject);
		request.end();
	});
}

/** GET `path` on `host` through the proxy, trusting `ca` (the proxy's authority by default). */
async function get(host, path, { ca = ctx.emu.proxy.caPem, apikey = API_KEY, proxyUrl } = {}) {
	const { status, socket } = await connect(`${host}:443`, proxyUrl);
	if (status !== 200) throw new Error(`CONNECT answered ${status}`);
	return await new Promise((resolve, reject) => {
		const request = https.request(
			{
				host,
				port: 443,
				defaultPort: 443,
				path,
				headers: { apikey },
				createConnection: () => tls.connect({ socket, servername: host, ca }),
			},
			(response) => {
				let text = '';
				response.on('data', (chunk) => (text += chunk));
				response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }));
			},
		);
		request.on('error', reject);
		request.end();
	});
}

/** An HTTP server on 127.0.0.1 that is not CometChat: records what reaches it, answers `hello`. */
async function otherServer() {
	const seen = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			seen.push({ method: req.method, url: req.url, headers: req.headers, body });
			// setHeader, not writeHead: the answer then has a Content-Length, so its bytes end with the text.
			res.setHeader('content-type', 'text/plain');
			res.setHeader('x-other', 'yes');
			res.end(`hello from ${req.headers.host}`);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { seen, port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A plain-HTTP request sent to the proxy in absolute form, as a client with HTTP_PROXY sends it. */
function viaProxy(url, { method = 'GET', headers = {}, body } = {}) {
	const proxy = new URL(ctx.emu.proxy.url);
	return new Promise((resolve, reject) => {
		const request = http.request(
			{ host: proxy.hostname, port: proxy.port, method, path: url, headers: { host: new URL(url).host, ...headers } },
			(response) => {
				let text = '';
				response.on('data', (chunk) => (text += chunk));
				response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text }));
			},
		);
		request.on('error', reject);
		request.end(body);
	});
}

/** Runs openssl, as the proxy does, for the certificates a test makes by hand. */
function openssl(...args) {
	execFileSync('openssl', args, { stdio: 'ignore' });
}

/** A port on 127.0.0.1 nothing listens on: one the system gave out and that was closed again. */
const closedPort = freePort;

beforeEach(() => {
	ctx.emu.store.reset();
	ctx.emu.clearRequests();
});

describe("the proxy of CometChat's hosts", () => {
	it("serves the app's chat host and call host, each from its own emulator host", async () => {
		const chat = await get('e2e-app.api-us.cometchat.io', '/v3/users');
		expect(chat.status).toBe(200);
		expect(chat.body.data).toEqual([]);
		const call = await get('e2e-app.call-us.cometchat.io', '/v3/calls');
		expect(call.status).toBe(200);
		expect(Array.isArray(call.body.data)).toBe(true);
		const routes = ctx.emu.requests.map((request) => [request.host, request.headers.host]);
		expect(routes).toEqual([
			['chat', 'e2e-app.api-us.cometchat.io'],
			['call', 'e2e-app.call-us.cometchat.io'],
		]);
	});

	it('answers AUTH_ERR_INVALID_APPID for another app, or the app in another region, before checking the key', async () => {
		for (const host of ['other-app.api-us.cometchat.io', 'e2e-app.api-eu.cometchat.io', 'e2e-app.call-in.cometchat.io']) {
			const answer = await get(host, '/v3/users', { apikey: 'not-the-key' });
			expect([host, answer.status, answer.body.error.code]).toEqual([host, 401, 'AUTH_ERR_INVALID_APPID']);
		}
	});

	it('still checks the key on the right host', async () => {
		const answer = await get('e2e-app.api-us.cometchat.io', '/v3/users', { apikey: 'not-the-key' });
		expect(answer.body.error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
	});

	it('is real TLS: without the authority the certificate is refused', async () => {
		await expect(get('e2e-app.api-us.cometchat.io', '/v3/users', { ca: tls.rootCertificates })).rejects.toThrow(/certificate/i);
	});

	it('refuses a CometChat app host on another port than 443, and a request sent to it as to a server', async () => {
		const otherPort = await connect('e2e-app.api-us.cometchat.io:80');
		expect(otherPort).toEqual({ status: 502, text: 'The CometChat emulator serves CometChat app hosts on port 443 only.\n' });
		const plain = await fetch(`${ctx.emu.proxy.url}/v3/users`);
		expect(plain.status).toBe(400);
		expect(await plain.text()).toMatch(/^This is the CometChat emulator's proxy: set it as HTTPS_PROXY\./);
		expect(ctx.emu.requests).toEqual([]);
	});
});

describe('every other destination, as if there were no proxy', () => {
	it('tunnels a CONNECT to another host: its bytes reach that host unchanged, and its answer comes back', async () => {
		const other = await otherServer();
		try {
			const { status, socket } = await connect(`127.0.0.1:${other.port}`);
			expect(status).toBe(200);
			// HTTP spoken by hand inside the tunnel: the proxy must pass it on as bytes, not read it.
			socket.write(`POST /anything?x=1 HTTP/1.1\r\nHost: elsewhere.example\r\nContent-Length: 4\r\nConnection: close\r\n\r\nping`);
			let answer = '';
			socket.on('data', (chunk) => (answer += chunk));
			await new Promise((resolve) => socket.on('end', resolve));
			expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
			expect(answer).toMatch(/\r\nx-other: yes\r\n/);
			expect(answer.endsWith('\r\n\r\nhello from elsewhere.example')).toBe(true);
			expect(other.seen).toEqual([
				{ method: 'POST', url: '/anything?x=1', headers: expect.objectContaining({ host: 'elsewhere.example' }), body: 'ping' },
			]);
			expect(ctx.emu.requests).toEqual([]);
		} finally {
			await other.close();
		}
	});

	it('tunnels to a host name as well, resolved by the proxy as the client would without one', async () => {
		const other = await otherServer();
		try {
			const { status, socket } = await connect(`localhost:${other.port}`);
			expect(status).toBe(200);
			socket.end('GET / HTTP/1.1\r\nHost: by-name\r\nConnection: close\r\n\r\n');
			let answer = '';
			socket.on('data', (chunk) => (answer += chunk));
			await new Promise((resolve) => socket.on('close', resolve));
			expect(answer.endsWith('hello from by-name')).toBe(true);
		} finally {
			await other.close();
		}
	});

	it('answers 502 naming the destination when it cannot be reached', async () => {
		const port = await closedPort();
		const answer = await connect(`127.0.0.1:${port}`);
		expect(answer).toEqual({ status: 502, text: `The CometChat emulator's proxy could not reach 127.0.0.1:${port} (ECONNREFUSED).\n` });
	});

	it('forwards a plain-HTTP request to another host, without the headers of the hop to the proxy', async () => {
		const other = await otherServer();
		try {
			const answer = await viaProxy(`http://127.0.0.1:${other.port}/path?q=1`, {
				method: 'PUT',
				headers: { 'proxy-connection': 'keep-alive', 'x-kept': 'yes', 'content-type': 'text/plain' },
				body: 'the body',
			});
			expect(answer).toMatchObject({ status: 200, text: `hello from 127.0.0.1:${other.port}` });
			expect(answer.headers['x-other']).toBe('yes');
			expect(other.seen).toHaveLength(1);
			expect(other.seen[0]).toMatchObject({ method: 'PUT', url: '/path?q=1', body: 'the body' });
			expect(other.seen[0].headers['x-kept']).toBe('yes');
			expect(other.seen[0].headers['proxy-connection']).toBeUndefined();
		} finally {
			await other.close();
		}
	});

	it('sends a plain-HTTP request for a CometChat app host to the emulator, never to the service', async () => {
		const answer = await viaProxy('http://e2e-app.api-us.cometchat.io/v3/users', { headers: { apikey: API_KEY } });
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.text).data).toEqual([]);
		expect(ctx.emu.requests.map((request) => [request.host, request.headers.host])).toEqual([['chat', 'e2e-app.api-us.cometchat.io']]);
	});

	it('answers 502 naming the host when a plain-HTTP destination cannot be reached', async () => {
		const port = await closedPort();
		const answer = await viaProxy(`http://127.0.0.1:${port}/`);
		expect(answer).toMatchObject({
			status: 502,
			text: `The CometChat emulator's proxy could not reach 127.0.0.1:${port} (ECONNREFUSED).\n`,
		});
	});
});

describe('a fixed port and an authority kept across starts', () => {
	let caDir;
	beforeEach(() => {
		caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-ca-test-'));
	});
	afterEach(() => fs.rmSync(caDir, { recursive: true, force: true }));

	it('listens on the port asked for, and a second start with the same folder and port has the same authority and URL', async () => {
		const port = await freePort();
		const first = await start({ appId: 'e2e-app', proxy: { port, caDir } });
		let firstProxy;
		try {
			firstProxy = { ...first.emu.proxy };
			expect(firstProxy).toMatchObject({ url: `http://127.0.0.1:${port}`, caFile: path.join(caDir, 'ca.pem'), caReused: false });
			expect(fs.readFileSync(path.join(caDir, 'ca.pem'), 'utf8')).toBe(firstProxy.caPem);
			expect(fs.statSync(path.join(caDir, 'ca.key')).mode & 0o777).toBe(0o600);
			expect((await get('e2e-app.api-us.cometchat.io', '/v3/users', { proxyUrl: firstProxy.url, ca: firstProxy.caPem })).status).toBe(200);
		} finally {
			await first.emu.close();
		}
		// The folder outlives the emulator: an n8n started with NODE_EXTRA_CA_CERTS keeps its file.
		expect(fs.readdirSync(caDir).sort()).toEqual(['ca.key', 'ca.pem']);

		const second = await start({ appId: 'e2e-app', proxy: { port, caDir } });
		try {
			expect(second.emu.proxy).toMatchObject({ url: firstProxy.url, caFile: firstProxy.caFile, caPem: firstProxy.caPem, caReused: true });
			// A client that trusts only the first start's authority (n8n, started once) reaches the app.
			const answer = await get('e2e-app.api-us.cometchat.io', '/v3/users', { proxyUrl: firstProxy.url, ca: firstProxy.caPem });
			expect(answer.status).toBe(200);
			expect(second.emu.requests.map((request) => request.headers.host)).toEqual(['e2e-app.api-us.cometchat.io']);
		} finally {
			await second.emu.close();
		}
	});

	it('makes a new authority when the kept one expires within a day, or its key is not its own', async () => {
		// An authority with a day to live (openssl's shortest), which would end during a session.
		const key = path.join(caDir, 'ca.key');
		const pem = path.join(caDir, 'ca.pem');
		openssl(
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-days',
			'1',
			'-subj',
			'/CN=short',
			'-keyout',
			key,
			'-out',
			pem,
			'-addext',
			'basicConstraints=critical,CA:TRUE',
		);
		const short = fs.readFileSync(pem, 'utf8');
		const emu = (await start({ proxy: { caDir } })).emu;
		let made;
		try {
			made = emu.proxy.caPem;
			expect(emu.proxy.caReused).toBe(false);
			expect(made).not.toBe(short);
			expect(fs.readFileSync(pem, 'utf8')).toBe(made);
		} finally {
			await emu.close();
		}

		// The key of another authority beside the certificate: made anew too.
		const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-ca-other-'));
		try {
			await (await start({ proxy: { caDir: otherDir } })).emu.close();
			fs.copyFileSync(path.join(otherDir, 'ca.key'), key);
		} finally {
			fs.rmSync(otherDir, { recursive: true, force: true });
		}
		const again = (await start({ proxy: { caDir } })).emu;
		try {
			expect(again.proxy.caReused).toBe(false);
			expect(again.proxy.caPem).not.toBe(made);
		} finally {
			await again.close();
		}
	});

	it('keeps an authority that may sign cometchat.io names only', async () => {
		await (await start({ proxy: { caDir } })).emu.close();
		// A certificate signed with the kept key, for a CometChat name and for another: a client
		// trusting the authority accepts the first and refuses the second.
		const outcome = async (name) => {
			const file = (suffix) => path.join(caDir, `${name}.${suffix}`);
			openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${name}`, '-keyout', file('key'), '-out', file('csr'));
			fs.writeFileSync(file('ext'), `subjectAltName=DNS:${name}\n`);
			const ca = ['-CA', path.join(caDir, 'ca.pem'), '-CAkey', path.join(caDir, 'ca.key')];
			openssl('x509', '-req', '-in', file('csr'), ...ca, '-set_serial', '7', '-days', '1', '-extfile', file('ext'), '-out', file('pem'));
			const server = tls.createServer({ key: fs.readFileSync(file('key')), cert: fs.readFileSync(file('pem')) }, (socket) => socket.end());
			await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
			try {
				return await new Promise((resolve) => {
					const socket = tls.connect({
						host: '127.0.0.1',
						port: server.address().port,
						servername: name,
						ca: fs.readFileSync(path.join(caDir, 'ca.pem')),
					});
					socket.on('secureConnect', () => {
						socket.destroy();
						resolve('trusted');
					});
					socket.on('error', (error) => resolve(error.message));
				});
			} finally {
				await new Promise((resolve) => server.close(resolve));
			}
		};
		expect(await outcome('app.api-eu.cometchat.io')).toBe('trusted');
		expect(await outcome('bank.example')).toBe('permitted subtree violation');
	});

	it('says so, and changes no file, when the port is taken', async () => {
		const taken = net.createServer();
		await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve));
		try {
			const port = taken.address().port;
			await expect(start({ proxy: { port, caDir } })).rejects.toThrow(
				`The emulator's proxy cannot listen on 127.0.0.1:${port}: the port is in use`,
			);
			expect(fs.readdirSync(caDir)).toEqual([]);
		} finally {
			await new Promise((resolve) => taken.close(resolve));
		}
	});
});
