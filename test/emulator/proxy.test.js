// The emulator's proxy of CometChat's hosts (emulator/proxy.ts): CONNECT to an app host, TLS with
// the certificate of the authority made at start, routed by Host to the chat or call host, which
// knows only its own app in its own region.
const http = require('node:http');
const https = require('node:https');
const tls = require('node:tls');

const { useStarted, API_KEY } = require('./helpers');

const ctx = useStarted({ appId: 'e2e-app', region: 'us', proxy: true });

/** Answers the proxy's reply to CONNECT `target`: its status, and the tunnel when it is 200. */
function connect(target) {
	const { hostname, port } = new URL(ctx.emu.proxy.url);
	return new Promise((resolve, reject) => {
		const request = http.request({ host: hostname, port, method: 'CONNECT', path: target });
		request.on('connect', (response, socket) => resolve({ status: response.statusCode, socket }));
		request.on('error', reject);
		request.end();
	});
}

/** GET `path` on `host` through the proxy, trusting `ca` (the proxy's authority by default). */
async function get(host, path, { ca = ctx.emu.proxy.caPem, apikey = API_KEY } = {}) {
	const { status, socket } = await connect(`${host}:443`);
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

beforeEach(() => ctx.emu.store.reset());

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

	it('refuses any other destination, and requests that are not CONNECT', async () => {
		expect((await connect('example.com:443')).status).toBe(502);
		expect((await connect('e2e-app.api-us.cometchat.io:80')).status).toBe(502);
		expect((await connect('e2e-app.api-us.cometchat.io.example.com:443')).status).toBe(502);
		const plain = await fetch(`${ctx.emu.proxy.url}/v3/users`);
		expect(plain.status).toBe(502);
	});
});
