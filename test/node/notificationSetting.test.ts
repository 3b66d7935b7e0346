/** Notification Setting: Get, Update and Reset, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const settings = () => emulator().store.areas.notificationSettings.get() as Record<string, Record<string, unknown>>;

describe('Notification Setting', () => {
	it('Get: GET /notifications/v1/settings, the one record of the app', async () => {
		const run = await runNode(credentialsFor(emulator()), { resource: 'notificationSetting', operation: 'get' });
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'GET', path: '/v3/notifications/v1/settings' });
		expect(run.items.map((item) => item.json)).toEqual([settings()]);
		expect(run.items[0].json).toMatchObject({ sound: { chat: 'default', call: 'default' } });
	});

	it('Update: PATCHes the parts given; the others stay; Get shows the change', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'notificationSetting',
			operation: 'update',
			settings: JSON.stringify({ sound: { chat: 'chime' }, preferences: { group: { messagesSetting: 3 } } }),
		});
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PATCH',
			path: '/v3/notifications/v1/settings',
			body: { sound: { chat: 'chime' }, preferences: { group: { messagesSetting: 3 } } },
		});
		expect(run.items[0].json).toEqual({ updated: true, parts: ['sound', 'preferences'] });
		expect(settings().sound).toEqual({ chat: 'chime', call: 'default' });
		expect(settings().preferences.group).toMatchObject({ messagesSetting: 3, repliesSetting: 2 });
		expect(settings().templates).toMatchObject({ usePrivacyTemplate: 3 });
	});

	it('Reset: DELETE puts the defaults back', async () => {
		emulator().store.areas.notificationSettings.update({ sound: { chat: 'chime' } });
		const run = await runNode(credentialsFor(emulator()), { resource: 'notificationSetting', operation: 'reset' });
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/notifications/v1/settings' });
		expect(run.items[0].json).toEqual({ reset: true });
		expect(settings().sound).toEqual({ chat: 'default', call: 'default' });
	});

	it('Update checks the JSON before sending', async () => {
		const parameters = { resource: 'notificationSetting', operation: 'update' };
		const unknown = await runNode(credentialsFor(emulator()), { ...parameters, settings: '{"colors": {}}' });
		expectInputError(unknown, /'Settings \(JSON\)' holds "colors", which is not a part of the settings/, /preferences, sound, templates/);
		const notObject = await runNode(credentialsFor(emulator()), { ...parameters, settings: '{"sound": "loud"}' });
		expectInputError(notObject, /holds "sound" that is not an object/, /as Get outputs it/);
		const empty = await runNode(credentialsFor(emulator()), { ...parameters, settings: '{}' });
		expectInputError(empty, /'Settings \(JSON\)' is empty/, /at least one/);
		const invalid = await runNode(credentialsFor(emulator()), { ...parameters, settings: '{nope' });
		expectInputError(invalid, /not valid JSON/, /Fix the JSON/);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('a service error with Continue On Fail: the item fails with its code, the next goes on', async () => {
		// A PATCH is not retried: one 500 fails the item.
		emulator().injectNext([{ kind: '500' }], { method: 'PATCH' });
		const run = await runNode(
			credentialsFor(emulator()),
			{ resource: 'notificationSetting', operation: 'update', settings: '={{ JSON.stringify($json.settings) }}' },
			[{ settings: { sound: { chat: 'a' } } }, { settings: { sound: { chat: 'b' } } }],
			{ continueOnFail: true },
		);
		expectErrorItem(run.items[0], 0, 'ERR_INTERNAL_SERVER_ERROR');
		expect(run.items[1].json).toEqual({ updated: true, parts: ['sound'] });
		expect(settings().sound).toMatchObject({ chat: 'b' });
	});
});
