/** Contact Detail: a user's e-mail address and phone number for notifications, through n8n's engine against the emulator. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const contacts = () => emulator().store.areas.notifications;
const EMAIL = 'ada.lovelace@example.com';
const PHONE = '+14155550100';

const seedUsers = () => {
	emulator().store.addUser({ uid: 'ada', name: 'Ada' });
	emulator().store.addUser({ uid: 'alan', name: 'Alan' });
};
const run = (parameters: Record<string, unknown>, items?: IDataObject[], onError?: 'continueRegularOutput') =>
	runNode(
		credentialsFor(emulator()),
		{ resource: 'contactDetail', ...parameters } as INodeParameters,
		items,
		onError ? { onError } : undefined,
	);

describe('Contact Detail → Update, Get, Delete', () => {
	it('sets the e-mail and phone number; the outputs mask them unless Reveal is on for Get', async () => {
		seedUsers();
		const updated = await run({ operation: 'update', onBehalfOf: byId('ada'), email: EMAIL, phno: '+1 (415) 555-0100' });
		expect(updated.error).toBeUndefined();
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'PATCH', path: '/v3/notifications/v1/contact-details', body: { email: EMAIL, phno: PHONE } });
		expect(sent.headers.onbehalfof).toBe('ada');
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(updated.items[0].json).toEqual({ uid: 'ada', email: 'a***@example.com', phno: '****0100' });
		expect(contacts().contactOf('ada')).toEqual({ email: EMAIL, phno: PHONE });

		const masked = await run({ operation: 'get', onBehalfOf: byId('ada') });
		expect(masked.items[0].json).toEqual({ uid: 'ada', email: 'a***@example.com', phno: '****0100' });
		expect(JSON.stringify(masked.items)).not.toContain('5550100');
		const revealed = await run({ operation: 'get', onBehalfOf: byId('ada'), options: { reveal: true } });
		expect(revealed.items[0].json).toEqual({ uid: 'ada', email: EMAIL, phno: PHONE });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'GET', path: '/v3/notifications/v1/contact-details' });

		const deleted = await run({ operation: 'delete', onBehalfOf: byId('ada') });
		expect(deleted.items[0].json).toEqual({ uid: 'ada', deleted: true });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'DELETE', path: '/v3/notifications/v1/contact-details' });
		expect(contacts().contactOf('ada')).toEqual({});
		expect((await run({ operation: 'get', onBehalfOf: byId('ada') })).items[0].json).toEqual({ uid: 'ada' });
	});

	it('updates one of the two, keeping the other', async () => {
		seedUsers();
		contacts().contacts.set('alan', { email: 'alan@example.com', phno: PHONE });
		await run({ operation: 'update', onBehalfOf: byId('alan'), phno: '+441632960961' });
		expect(apiRequests(emulator())[0].body).toEqual({ phno: '+441632960961' });
		expect(contacts().contactOf('alan')).toEqual({ email: 'alan@example.com', phno: '+441632960961' });
	});

	it('refuses a malformed e-mail or phone number and nothing to update, without the value in the error, before sending', async () => {
		seedUsers();
		const badEmail = await run({ operation: 'update', onBehalfOf: byId('ada'), email: 'ada-at-example' });
		expectInputError(badEmail, /'Email' is not an e-mail address/, /nathan@example.com/);
		// The error's message and description; its `node` is the workflow as typed, not something the node put out.
		expect(`${badEmail.error?.message} ${badEmail.error?.description}`).not.toContain('ada-at-example');
		const badPhone = await run({ operation: 'update', onBehalfOf: byId('ada'), phno: '555-0100' });
		expectInputError(badPhone, /'Phone Number' is not a phone number with its country code/, /\+14155550100/);
		expect(`${badPhone.error?.message} ${badPhone.error?.description}`).not.toContain('555-0100');
		expectInputError(await run({ operation: 'update', onBehalfOf: byId('ada') }), /nothing to update/, /'Email', 'Phone Number' or both/);
		expectInputError(
			await run({ operation: 'get', onBehalfOf: byId('={{ $json.uid }}') }, [{ uid: ' ' }]),
			/'User' is empty/,
			/Choose the user/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('reports an unknown user with the service code; Continue On Fail goes on; the e-mail is in no error', async () => {
		seedUsers();
		const parameters = { operation: 'update', onBehalfOf: byId('={{ $json.uid }}'), email: EMAIL };
		expectServiceError(await run(parameters, [{ uid: 'nobody' }]), 'ERR_UID_NOT_FOUND', '404');
		const carriedOn = await run(parameters, [{ uid: 'nobody' }, { uid: 'ada' }], 'continueRegularOutput');
		expectErrorItem(carriedOn.items[0], 0, 'ERR_UID_NOT_FOUND');
		expect(carriedOn.items[1].json).toEqual({ uid: 'ada', email: 'a***@example.com' });
		expect(JSON.stringify(carriedOn.items)).not.toContain(EMAIL);
	});
});
