/** Notification Preference: preferences, muted conversations and time zone of a user, through n8n's engine against the emulator. */
import { readFileSync } from 'fs';
import { join } from 'path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const notifications = () => emulator().store.areas.notifications;

const seedUsers = () => {
	const { store } = emulator();
	store.addUser({ uid: 'ada', name: 'Ada' });
	store.addUser({ uid: 'alan', name: 'Alan' });
};
const run = (parameters: Record<string, unknown>, items?: IDataObject[], onError?: 'continueRegularOutput') =>
	runNode(
		credentialsFor(emulator()),
		{ resource: 'notificationPreference', ...parameters } as INodeParameters,
		items,
		onError ? { onError } : undefined,
	);
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe('Notification Preference → Get, Update, Reset', () => {
	it('gets the app defaults, updates some settings from fields, and resets them', async () => {
		seedUsers();
		const got = await run({ operation: 'get', uid: byId('ada') });
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).toMatchObject({ uid: 'ada', groupPreferences: { groupMessages: 2 }, mutePreferences: { dnd: 1 } });
		const [sentGet] = apiRequests(emulator());
		expect(sentGet).toMatchObject({ method: 'GET', path: '/v3/notifications/v1/preferences', query: { uid: 'ada' } });
		expect(sentGet.headers.apikey).toBe(TEST_API_KEY);

		emulator().clearRequests();
		const updated = await run({
			operation: 'update',
			uid: byId('ada'),
			updateFields: {
				groupMessages: 3,
				oneOnOneReactions: 1,
				dnd: true,
				schedule: { day: [{ weekday: 'monday', from: 900, to: 1730, dnd: false }] },
				usePrivacyTemplate: false,
			},
		});
		expect(updated.error).toBeUndefined();
		const [sentPatch] = apiRequests(emulator());
		expect(sentPatch).toMatchObject({ method: 'PATCH', path: '/v3/notifications/v1/preferences', query: { uid: 'ada' } });
		expect(sentPatch.body).toEqual({
			groupPreferences: { groupMessages: 3 },
			oneOnOnePreferences: { oneOnOneReactions: 1 },
			mutePreferences: { dnd: 2, schedule: { monday: { from: 900, to: 1730, dnd: false } } },
			usePrivacyTemplate: false,
		});
		expect(updated.items[0].json).toMatchObject({ uid: 'ada', groupPreferences: { groupMessages: 3, groupReplies: 2 } });
		expect(notifications().preferencesOf('ada').mutePreferences.schedule.monday).toEqual({ from: 900, to: 1730, dnd: false });
		expect(notifications().preferencesOf('alan').groupPreferences.groupMessages).toBe(2);

		const reset = await run({ operation: 'reset', uid: byId('ada') });
		expect(reset.items[0].json).toEqual(got.items[0].json);
		expect(notifications().preferencesOf('ada').groupPreferences.groupMessages).toBe(2);
		expect(apiRequests(emulator()).at(-1)).toMatchObject({
			method: 'DELETE',
			path: '/v3/notifications/v1/preferences',
			query: { uid: 'ada' },
		});
	});

	it('updates from Preferences (JSON) as written', async () => {
		seedUsers();
		const json = { oneOnOnePreferences: { oneOnOneMessages: 3 }, usePrivacyTemplate: false };
		const { items } = await run({ operation: 'update', uid: byId('ada'), specifyBody: 'json', preferencesJson: JSON.stringify(json) });
		expect(apiRequests(emulator())[0].body).toEqual(json);
		expect(items[0].json).toMatchObject({ oneOnOnePreferences: { oneOnOneMessages: 3 }, usePrivacyTemplate: false });
	});

	it('refuses nothing to update, an unknown JSON section, a time that is no HHMM and a weekday twice, before sending', async () => {
		seedUsers();
		expectInputError(await run({ operation: 'update', uid: byId('ada') }), /nothing to update/, /Update Fields/);
		expectInputError(
			await run({ operation: 'update', uid: byId('ada'), specifyBody: 'json', preferencesJson: '{"sound": {"chat": "ping"}}' }),
			/'Preferences \(JSON\)' has "sound"/,
			/groupPreferences/,
		);
		expectInputError(
			await run({ operation: 'update', uid: byId('ada'), updateFields: { schedule: { day: [{ weekday: 'friday', from: 975 }] } } }),
			/'From of day 1 of 'Do Not Disturb Schedule'' is the number 975/,
			/HHMM/,
		);
		expectInputError(
			await run({
				operation: 'update',
				uid: byId('ada'),
				updateFields: { schedule: { day: [{ weekday: 'friday' }, { weekday: 'friday' }] } },
			}),
			/has friday more than once/,
			/each weekday once/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('reports an unknown user with the service code; Continue On Fail goes on', async () => {
		seedUsers();
		const parameters = { operation: 'get', uid: byId('={{ $json.uid }}') };
		expectServiceError(await run(parameters, [{ uid: 'nobody' }]), 'ERR_UID_NOT_FOUND', '404');
		const carriedOn = await run(parameters, [{ uid: 'nobody' }, { uid: 'ada' }], 'continueRegularOutput');
		expectErrorItem(carriedOn.items[0], 0, 'ERR_UID_NOT_FOUND');
		expect(carriedOn.items[1].json).toMatchObject({ uid: 'ada', usePrivacyTemplate: true });
	});
});

describe('Notification Preference → Mute, Unmute and Get Muted Conversations', () => {
	it('mutes users and groups of one item in one request, lists them, unmutes some', async () => {
		seedUsers();
		const until = inHours(8);
		const muted = await run({ operation: 'mute', uid: byId('ada'), uids: '={{ $json.people }}', guids: 'crew, support', until }, [
			{ people: ['alan', 'grace'] },
		]);
		expect(muted.error).toBeUndefined();
		const ms = Date.parse(until);
		const expected = [
			{ id: 'alan', type: 'oneOnOne', until: ms },
			{ id: 'grace', type: 'oneOnOne', until: ms },
			{ id: 'crew', type: 'group', until: ms },
			{ id: 'support', type: 'group', until: ms },
		];
		const sent = apiRequests(emulator());
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({ method: 'PUT', path: '/v3/notifications/v1/preferences/mute', query: { uid: 'ada' } });
		expect(sent[0].body).toEqual({ conversations: expected });
		expect(muted.items[0].json).toEqual({ uid: 'ada', muted: true, until: new Date(ms).toISOString(), conversations: expected });
		expect(notifications().mutedOf('ada')).toEqual(expected);

		const listed = await run({ operation: 'getMuted', uid: byId('ada'), returnAll: true });
		expect(listed.items.map((item) => item.json)).toEqual(expected.map((c) => ({ ...c, untilDate: new Date(ms).toISOString() })));
		const limited = await run({ operation: 'getMuted', uid: byId('ada'), limit: 2 });
		expect(limited.items.map((item) => item.json.id)).toEqual(['alan', 'grace']);

		emulator().clearRequests();
		const unmuted = await run({ operation: 'unmute', uid: byId('ada'), uids: 'grace', guids: 'crew' });
		expect(unmuted.items[0].json).toEqual({
			uid: 'ada',
			unmuted: true,
			conversations: [
				{ id: 'grace', type: 'oneOnOne' },
				{ id: 'crew', type: 'group' },
			],
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'DELETE',
			path: '/v3/notifications/v1/preferences/mute',
			body: {
				conversations: [
					{ id: 'grace', type: 'oneOnOne' },
					{ id: 'crew', type: 'group' },
				],
			},
		});
		expect(
			notifications()
				.mutedOf('ada')
				.map((c: { id: string }) => c.id),
		).toEqual(['alan', 'support']);
	});

	it('refuses an Until in the past, no conversation, a UID twice, before sending', async () => {
		seedUsers();
		expectInputError(
			await run({ operation: 'mute', uid: byId('ada'), uids: 'alan', until: inHours(-1) }),
			/'Until' is .* which has passed/,
			/later date/,
		);
		expectInputError(
			await run({ operation: 'mute', uid: byId('ada'), until: inHours(1) }),
			/'Users' and 'Groups' are both empty/,
			/at least one UID/,
		);
		expectInputError(
			await run({ operation: 'unmute', uid: byId('ada'), uids: 'alan, alan' }),
			/'Users' holds "alan" more than once/,
			/once/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('reports an unknown user with the service code', async () => {
		expectServiceError(await run({ operation: 'getMuted', uid: byId('nobody'), returnAll: true }), 'ERR_UID_NOT_FOUND', '404');
	});
});

describe('Notification Preference → Get Timezone, Update Timezone', () => {
	it('sets an IANA time zone and reads it back', async () => {
		seedUsers();
		const set = await run({ operation: 'updateTimezone', uid: byId('ada'), timezone: 'Asia/Tokyo' });
		expect(set.items[0].json).toEqual({ uid: 'ada', timezone: 'Asia/Tokyo' });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PATCH',
			path: '/v3/notifications/v1/preferences/timezone',
			query: { uid: 'ada' },
			body: { timezone: 'Asia/Tokyo' },
		});
		expect(notifications().timezoneOf('ada')).toBe('Asia/Tokyo');
		const got = await run({ operation: 'getTimezone', uid: byId('ada') });
		expect(got.items[0].json).toEqual({ uid: 'ada', timezone: 'Asia/Tokyo' });
		expect((await run({ operation: 'getTimezone', uid: byId('alan') })).items[0].json).toEqual({ uid: 'alan', timezone: 'UTC' });
	});

	it('refuses what is no IANA time zone name before sending', async () => {
		seedUsers();
		for (const timezone of ['Mars/Olympus', '+02:00', 'Tokyo time']) {
			expectInputError(
				await run({ operation: 'updateTimezone', uid: byId('ada'), timezone }),
				/'Timezone' holds .* not an IANA time zone name/,
				/Europe\/Berlin/,
			);
		}
		expectInputError(await run({ operation: 'updateTimezone', uid: byId('ada'), timezone: ' ' }), /'Timezone' is blank/, /IANA/);
		expect(apiRequests(emulator())).toHaveLength(0);
		expect(notifications().timezoneOf('ada')).toBe('UTC');
	});
});

describe('the onboarding example (examples/onboarding.json)', () => {
	/** A step of the example, with its New user step played by the test's input items. */
	const step = (name: string): INodeParameters => {
		const workflow = JSON.parse(readFileSync(join(__dirname, '../../examples/onboarding.json'), 'utf8')) as {
			nodes: Array<{ name: string; parameters: INodeParameters }>;
		};
		const node = workflow.nodes.find((candidate) => candidate.name === name);
		if (!node) throw new Error(`the onboarding example has no "${name}" step`);
		return JSON.parse(JSON.stringify(node.parameters).replaceAll("$('New user')", "$('Test Items')")) as INodeParameters;
	};

	it("sets the new user's time zone and a quiet start of notifications; a wrong time zone fails its item before any request", async () => {
		seedUsers();
		const people = [
			{ uid: 'ada', timezone: 'Europe/Berlin' },
			{ uid: 'alan', timezone: 'Europe/Atlantis' },
		];
		const zones = await runNode(credentialsFor(emulator()), step('Set time zone'), people, { onError: 'continueRegularOutput' });
		expect(zones.items[0].json).toEqual({ uid: 'ada', timezone: 'Europe/Berlin' });
		expectErrorItem(zones.items[1], 1, 'Timezone');
		expect(notifications().timezoneOf('ada')).toBe('Europe/Berlin');
		expect(apiRequests(emulator()).map((request) => [request.method, request.path, request.query.uid])).toEqual([
			['PATCH', '/v3/notifications/v1/preferences/timezone', 'ada'],
		]);

		const quiet = await runNode(credentialsFor(emulator()), step('Notification preferences'), people.slice(0, 1));
		expect(quiet.error).toBeUndefined();
		expect(notifications().preferencesOf('ada')).toMatchObject({
			groupPreferences: { groupMessages: 3, groupReplies: 3, groupMemberAdded: 1, groupMemberJoined: 1, groupMemberLeft: 1 },
			oneOnOnePreferences: { oneOnOneMessages: 2 },
		});
		expect(notifications().preferencesOf('alan')).toMatchObject({ groupPreferences: { groupMessages: 2 } });
	});
});
