const { useStarted } = require('./helpers');

const ctx = useStarted();
const FCM = '/notifications/push/v1/providers/fcm';
const creds = (project) => ({ project_id: project, client_email: `a@${project}.iam`, private_key: 'pk', private_key_id: 'kid' });

beforeEach(() => ctx.emu.store.reset());

describe('FCM providers', () => {
	it('adds providers (the first is the default), lists them with their key, updates, sets the default and deletes', async () => {
		expect((await ctx.api.get(FCM)).data).toEqual({ data: { pushProviders: [] } });
		expect((await ctx.api.post(FCM, { providerId: 'one', serviceAccountCreds: creds('p1') })).data).toEqual({ data: { success: true } });
		const generated = await ctx.api.post(FCM, {
			serviceAccountCreds: creds('p2'),
			notificationInPayload: { ios: { chat: true, call: false } },
		});
		expect(generated.status).toBe(200);
		let list = (await ctx.api.get(FCM)).data.data.pushProviders;
		expect(list).toEqual([
			{ providerId: 'one', serviceAccountCreds: creds('p1'), isDefault: true },
			{
				providerId: expect.stringMatching(/^fcm-/),
				serviceAccountCreds: creds('p2'),
				notificationInPayload: { ios: { chat: true, call: false } },
				isDefault: false,
			},
		]);
		const two = list[1].providerId;

		expect((await ctx.api.put(FCM, { providerId: two, serviceAccountFilename: 'two.json' })).status).toBe(200);
		expect((await ctx.api.put(`${FCM}/default/${two}`)).status).toBe(200);
		list = (await ctx.api.get(FCM)).data.data.pushProviders;
		expect(list.map((p) => [p.providerId, p.isDefault, p.serviceAccountFilename])).toEqual([
			['one', false, undefined],
			[two, true, 'two.json'],
		]);

		expect((await ctx.api.delete(`${FCM}/${two}`)).data).toEqual({ data: { success: true } });
		expect((await ctx.api.get(FCM)).data.data.pushProviders.map((p) => [p.providerId, p.isDefault])).toEqual([['one', false]]);
	});

	it('refuses a missing or partial key, a taken ID, a bad payload setting and an unknown provider', async () => {
		expect((await ctx.api.post(FCM, {})).data.error.code).toBe('ERR_BAD_REQUEST');
		expect((await ctx.api.post(FCM, { serviceAccountCreds: { project_id: 'x' } })).data.error.code).toBe('ERR_BAD_REQUEST');
		await ctx.api.post(FCM, { providerId: 'one', serviceAccountCreds: creds('p1') });
		expect((await ctx.api.post(FCM, { providerId: 'one', serviceAccountCreds: creds('p1') })).data.error.code).toBe('ERR_BAD_REQUEST');
		expect((await ctx.api.put(FCM, { providerId: 'one', notificationInPayload: { tv: { chat: true } } })).data.error.code).toBe(
			'ERR_BAD_REQUEST',
		);
		for (const r of [
			await ctx.api.put(FCM, { providerId: 'nope' }),
			await ctx.api.delete(`${FCM}/nope`),
			await ctx.api.put(`${FCM}/default/nope`),
		]) {
			expect([r.status, r.data.error.code]).toEqual([404, 'ERR_PROVIDER_NOT_FOUND']);
		}
	});
});

describe('APNs providers', () => {
	const APNS = '/notifications/push/v1/providers/apns';
	const key = { p8Key: 'p8', keyId: 'KID', teamId: 'TID', bundleId: 'com.example' };

	it('keeps its own list and default, apart from the FCM providers', async () => {
		await ctx.api.post(FCM, { providerId: 'f', serviceAccountCreds: creds('p1') });
		expect((await ctx.api.post(APNS, { providerId: 'a', ...key, productionMode: true })).data).toEqual({ data: { success: true } });
		await ctx.api.post(APNS, { providerId: 'b', ...key });
		expect((await ctx.api.put(APNS, { providerId: 'b', teamId: 'T2', includeMutableContent: true })).status).toBe(200);
		expect((await ctx.api.put(`${APNS}/default/b`)).status).toBe(200);
		const list = (await ctx.api.get(APNS)).data.data.pushProviders;
		expect(list).toEqual([
			{ providerId: 'a', ...key, productionMode: true, isDefault: false },
			{ providerId: 'b', ...key, teamId: 'T2', includeMutableContent: true, isDefault: true },
		]);
		expect((await ctx.api.get(FCM)).data.data.pushProviders.map((p) => [p.providerId, p.isDefault])).toEqual([['f', true]]);
		expect((await ctx.api.delete(`${APNS}/a`)).status).toBe(200);
		expect((await ctx.api.delete(`${APNS}/a`)).data.error.code).toBe('ERR_PROVIDER_NOT_FOUND');
	});

	it('refuses a provider without its key, IDs or bundle, and a flag that is not a boolean', async () => {
		expect((await ctx.api.post(APNS, { keyId: 'KID', teamId: 'TID', bundleId: 'b' })).data.error.details).toHaveProperty('p8Key');
		expect((await ctx.api.post(APNS, { ...key, productionMode: 'yes' })).data.error.code).toBe('ERR_BAD_REQUEST');
	});
});
