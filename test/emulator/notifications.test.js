const { useStarted } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
const NOW = 1700000000;
const later = (seconds) => (NOW + seconds) * 1000;
beforeEach(() => {
	s().reset();
	s().setClock(NOW);
	s().addUser({ uid: 'ann', name: 'Ann' });
	s().addUser({ uid: 'bob', name: 'Bob' });
});
const uid = (u) => ({ params: { uid: u } });

describe('preferences', () => {
	test('the defaults, an update of one section, and a reset back to the defaults', async () => {
		const first = (await ctx.api.get('/notifications/v1/preferences', uid('ann'))).data.data;
		expect(first.groupPreferences.groupMessages).toBe(2);
		expect(first.mutePreferences.dnd).toBe(1);
		const patched = await ctx.api.patch(
			'/notifications/v1/preferences',
			{ groupPreferences: { groupMessages: 3 }, mutePreferences: { dnd: 2, schedule: { monday: { from: 900, to: 1700, dnd: true } } } },
			uid('ann'),
		);
		expect(patched.status).toBe(200);
		expect(patched.data.data.groupPreferences).toMatchObject({ groupMessages: 3, groupReplies: 2 });
		expect(patched.data.data.mutePreferences.schedule.monday).toEqual({ from: 900, to: 1700, dnd: true });
		expect(patched.data.data.mutePreferences.schedule.tuesday).toEqual({ from: 0, to: 2359, dnd: false });
		expect((await ctx.api.get('/notifications/v1/preferences', uid('ann'))).data.data.mutePreferences.dnd).toBe(2);
		expect((await ctx.api.get('/notifications/v1/preferences', uid('bob'))).data.data.mutePreferences.dnd).toBe(1);
		const reset = await ctx.api.delete('/notifications/v1/preferences', uid('ann'));
		expect(reset.data.data).toEqual(first);
		expect((await ctx.api.get('/notifications/v1/preferences', uid('ann'))).data.data).toEqual(first);
	});
	test('refused: no uid, an unknown user, a value outside the published enum, an undeclared field', async () => {
		expect((await ctx.api.get('/notifications/v1/preferences')).status).toBe(400);
		expect((await ctx.api.get('/notifications/v1/preferences', uid('nobody'))).data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect((await ctx.api.patch('/notifications/v1/preferences', { groupPreferences: { groupMessages: 4 } }, uid('ann'))).status).toBe(400);
		expect((await ctx.api.patch('/notifications/v1/preferences', { sound: 'ping' }, uid('ann'))).status).toBe(400);
	});
});

describe('muted conversations', () => {
	test('mute several at once, list them with their until, mute one again, unmute some', async () => {
		const conversations = [
			{ id: 'bob', type: 'oneOnOne', until: later(3600) },
			{ id: 'crew', type: 'group', until: later(60) },
		];
		expect((await ctx.api.put('/notifications/v1/preferences/mute', { conversations }, uid('ann'))).data.data).toEqual({ success: true });
		const list = async (u) => (await ctx.api.get('/notifications/v1/preferences/mute', uid(u))).data.data.mutedConversations;
		expect(await list('ann')).toEqual(conversations);
		expect(await list('bob')).toEqual([]);
		await ctx.api.put(
			'/notifications/v1/preferences/mute',
			{ conversations: [{ id: 'crew', type: 'group', until: later(7200) }] },
			uid('ann'),
		);
		expect((await list('ann'))[1].until).toBe(later(7200));
		const unmuted = await ctx.api.delete('/notifications/v1/preferences/mute', {
			...uid('ann'),
			data: { conversations: [{ id: 'bob', type: 'oneOnOne' }] },
		});
		expect(unmuted.data.data).toEqual({ success: true });
		expect(await list('ann')).toEqual([{ id: 'crew', type: 'group', until: later(7200) }]);
	});
	test('a mute whose until has passed is no longer listed', async () => {
		await ctx.api.put(
			'/notifications/v1/preferences/mute',
			{ conversations: [{ id: 'bob', type: 'oneOnOne', until: later(10) }] },
			uid('ann'),
		);
		s().setClock(NOW + 11);
		expect((await ctx.api.get('/notifications/v1/preferences/mute', uid('ann'))).data.data.mutedConversations).toEqual([]);
	});
	test('refused: an until in the past or in seconds, a type outside the enum, no conversations', async () => {
		const put = (conversations) => ctx.api.put('/notifications/v1/preferences/mute', { conversations }, uid('ann'));
		expect((await put([{ id: 'bob', type: 'oneOnOne', until: later(-1) }])).data.error.details['conversations.0.until']).toBeDefined();
		expect((await put([{ id: 'bob', type: 'oneOnOne', until: NOW + 60 }])).status).toBe(400);
		expect((await put([{ id: 'bob', type: 'user', until: later(60) }])).status).toBe(400);
		expect((await put([])).status).toBe(400);
		expect(s().areas.notifications.mutedOf('ann')).toEqual([]);
	});
});

describe('timezone', () => {
	test('UTC until set; an IANA name is kept per user', async () => {
		expect((await ctx.api.get('/notifications/v1/preferences/timezone', uid('ann'))).data.data).toEqual({ timezone: 'UTC' });
		const set = await ctx.api.patch('/notifications/v1/preferences/timezone', { timezone: 'Asia/Tokyo' }, uid('ann'));
		expect(set.data.data).toEqual({ timezone: 'Asia/Tokyo' });
		expect((await ctx.api.get('/notifications/v1/preferences/timezone', uid('ann'))).data.data.timezone).toBe('Asia/Tokyo');
		expect((await ctx.api.get('/notifications/v1/preferences/timezone', uid('bob'))).data.data.timezone).toBe('UTC');
	});
	test('refused: a name that is no time zone, none at all', async () => {
		const bad = await ctx.api.patch('/notifications/v1/preferences/timezone', { timezone: 'Mars/Olympus' }, uid('ann'));
		expect(bad.status).toBe(400);
		expect(bad.data.error.details.timezone).toBeDefined();
		expect((await ctx.api.patch('/notifications/v1/preferences/timezone', {}, uid('ann'))).status).toBe(400);
		expect(s().areas.notifications.timezoneOf('ann')).toBe('UTC');
	});
});

describe('contact details', () => {
	const as = (u) => ({ headers: { onBehalfOf: u } });
	test('empty until set; an update merges; delete forgets them', async () => {
		expect((await ctx.api.get('/notifications/v1/contact-details', as('ann'))).data.data).toEqual({});
		await ctx.api.patch('/notifications/v1/contact-details', { email: 'ann@example.com' }, as('ann'));
		const both = await ctx.api.patch('/notifications/v1/contact-details', { phno: '+14155550100' }, as('ann'));
		expect(both.data.data).toEqual({ email: 'ann@example.com', phno: '+14155550100' });
		expect((await ctx.api.get('/notifications/v1/contact-details', as('bob'))).data.data).toEqual({});
		expect((await ctx.api.delete('/notifications/v1/contact-details', as('ann'))).data.data).toEqual({ success: true });
		expect((await ctx.api.get('/notifications/v1/contact-details', as('ann'))).data.data).toEqual({});
	});
	test('refused: no onBehalfOf, a malformed e-mail or phone number', async () => {
		expect((await ctx.api.get('/notifications/v1/contact-details')).status).toBe(400);
		expect((await ctx.api.patch('/notifications/v1/contact-details', { email: 'nope' }, as('ann'))).data.error.details.email).toBeDefined();
		expect(
			(await ctx.api.patch('/notifications/v1/contact-details', { phno: '555-0100' }, as('ann'))).data.error.details.phno,
		).toBeDefined();
		expect(s().areas.notifications.contactOf('ann')).toEqual({});
	});
});
