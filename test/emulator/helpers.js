// Shared helpers for the emulator tests: start an emulator and get axios clients for both hosts.
const axios = require('axios');
const { startEmulator } = require('../../emulator');

const API_KEY = 'test-api-key';

/**
 * @param {object} [options] startEmulator options
 */
async function start(options = {}) {
	const emu = await startEmulator({ apiKey: API_KEY, appId: 'test-app', ...options });
	const client = (base, extraHeaders = {}) =>
		axios.create({
			baseURL: `${base}/v3`,
			headers: { apikey: API_KEY, ...extraHeaders },
			validateStatus: () => true,
		});
	const api = client(emu.baseUrl);
	const callApi = client(emu.callUrl);
	const control = axios.create({ baseURL: `${emu.baseUrl}/__emulator`, validateStatus: () => true });
	/** api with an onBehalfOf header */
	const as = (uid) => client(emu.baseUrl, { onBehalfOf: uid });
	return { emu, api, callApi, control, as, client };
}

/** @param {string} s */
const enc = (s) => encodeURIComponent(s);

/**
 * One emulator for a test file: started before its tests, closed after them. The returned object
 * is filled in place (emu, api, callApi, control, as, client), so tests can hold on to it.
 * @param {object} [options] startEmulator options
 */
function useStarted(options = {}) {
	const ctx = /** @type {Awaited<ReturnType<typeof start>>} */ ({});
	beforeAll(async () => {
		Object.assign(ctx, await start(options));
	});
	afterAll(() => ctx.emu.close());
	return ctx;
}

module.exports = {
	useStarted,
	start,
	API_KEY,
	enc,
};
