const { useStarted } = require('./helpers');

const ctx = useStarted();

beforeEach(() => ctx.emu.store.reset());

describe('notification settings', () => {
	it('answers the one record, merges a PATCH into it and resets it with DELETE', async () => {
		const before = (await ctx.api.get('/notifications/v1/settings')).data.data;
		expect(before).toMatchObject({ sound: { chat: 'default', call: 'default' }, templates: { usePrivacyTemplate: 3 } });

		const p = await ctx.api.patch('/notifications/v1/settings', {
			sound: { call: 'ring' },
			preferences: { oneOnOne: { repliesSetting: 1 } },
		});
		expect(p.data).toEqual({ data: { success: true } });
		const after = (await ctx.api.get('/notifications/v1/settings')).data.data;
		expect(after.sound).toEqual({ chat: 'default', call: 'ring' });
		expect(after.preferences.oneOnOne).toMatchObject({ repliesSetting: 1, messagesSetting: 2 });
		expect(after.templates).toEqual(before.templates);

		expect((await ctx.api.delete('/notifications/v1/settings')).data).toEqual({ data: { success: true } });
		expect((await ctx.api.get('/notifications/v1/settings')).data.data).toEqual(before);
	});

	it('refuses a part that is not an object, and a body that is not one', async () => {
		const r = await ctx.api.patch('/notifications/v1/settings', { sound: 'loud' });
		expect([r.status, r.data.error.code]).toEqual([400, 'ERR_BAD_REQUEST']);
		expect((await ctx.api.patch('/notifications/v1/settings', [1, 2])).status).toBe(400);
		expect((await ctx.api.get('/notifications/v1/settings')).data.data.sound).toEqual({ chat: 'default', call: 'default' });
	});
});
