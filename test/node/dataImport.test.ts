/**
 * Data Import → Import Users, Import Groups, Import Group Members, Import Messages through n8n's
 * engine against the emulator: one item an entity, sent 50 to a request in item order; each item's
 * outcome (imported, already imported, or CometChat's error for its entity); Continue On Fail; a
 * second run imports nothing and says so; bad inputs fail before any request.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { expectErrorItem, expectInputError, useEmulator, useShortBackoff } from '../harness/suite';

const emulator = useEmulator();
useShortBackoff();

const SENT_AT = 1_600_000_000;

const importUsers = { resource: 'dataImport', operation: 'importUsers', uid: '={{ $json.uid }}', name: '={{ $json.name }}' };
const importMessages = {
	resource: 'dataImport',
	operation: 'importMessages',
	muid: '={{ $json.muid }}',
	sender: '={{ $json.sender }}',
	receiverType: 'user',
	receiver: '={{ $json.receiver }}',
	sentAt: '={{ $json.sentAt }}',
	additionalFields: { text: '={{ $json.text }}' },
};

const messagesInput = (count: number) =>
	Array.from({ length: count }, (_, index) => ({
		muid: `m${index}`,
		sender: 'ada',
		receiver: 'bob',
		sentAt: SENT_AT + index,
		text: `Message ${index}`,
	}));

const importRequests = () => apiRequests(emulator()).filter((request) => request.path.startsWith('/v3/data_import/'));

describe('Data Import → Import Messages', () => {
	beforeEach(() => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		emulator().store.addUser({ uid: 'bob', name: 'Bob' });
	});

	it('120 items are 3 requests of 50, 50 and 20, in item order; each item is told its message; a second run imports nothing', async () => {
		const input = messagesInput(120);
		const { items, error } = await runNode(credentialsFor(emulator()), importMessages, input);
		expect(error).toBeUndefined();
		const sent = importRequests();
		expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(Array(3).fill('POST /v3/data_import/messages'));
		const keys = sent.map((request) => Object.keys((request.body as { messages: IDataObject }).messages));
		expect(keys.map((batch) => batch.length)).toEqual([50, 50, 20]);
		expect(keys.flat()).toEqual(input.map(({ muid }) => muid));
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
		expect((sent[0].body as { messages: IDataObject }).messages.m0).toEqual({
			muid: 'm0',
			sender: 'ada',
			receiverType: 'user',
			receiver: 'bob',
			category: 'message',
			type: 'text',
			data: { text: 'Message 0' },
			sentAt: SENT_AT,
		});
		expect(items).toHaveLength(120);
		expect(items.map((item) => [item.json.outcome, item.json.key, (item.pairedItem as { item: number }).item])).toEqual(
			input.map(({ muid }, index) => ['imported', muid, index]),
		);
		expect(items[7].json.record).toEqual(expect.objectContaining({ muid: 'm7', sentAt: SENT_AT + 7, sender: 'ada' }));
		const stored = emulator().store.areas.messages.list();
		expect(stored.map((message) => message.muid)).toEqual(input.map(({ muid }) => muid));

		const again = await runNode(credentialsFor(emulator()), importMessages, input);
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json)).toEqual(
			input.map(({ muid }) => ({ outcome: 'alreadyImported', key: muid, code: 'ERR_IMPORT_MUID_ALREADY_EXISTS' })),
		);
		expect(emulator().store.areas.messages.list()).toHaveLength(120);
	});

	it("an entity CometChat refuses fails the run at its item, telling every item's outcome; the others of its request are imported", async () => {
		const input = messagesInput(60);
		input[55].sender = 'zed';
		const { items, error } = await runNode(credentialsFor(emulator()), importMessages, input);
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/CometChat did not import the message "m55": .*\(ERR_UID_NOT_FOUND\)/);
		expect(error?.message).toContain('[item 55]');
		expect(error?.message).toContain('59 done, 1 failed');
		expect(emulator().store.areas.messages.list()).toHaveLength(59);
	});

	it('with Continue On Fail the refused item carries its error and every other item its outcome', async () => {
		const input = messagesInput(3);
		input[1].sender = 'zed';
		const { items, error } = await runNode(credentialsFor(emulator()), importMessages, input, { onError: 'continueRegularOutput' });
		expect(error).toBeUndefined();
		expect(items[0].json.outcome).toBe('imported');
		expectErrorItem(items[1], 1, 'ERR_UID_NOT_FOUND');
		expect(items[2].json.outcome).toBe('imported');
	});

	it('a muid given twice in one run fails the later item before any request, naming the earlier', async () => {
		const input = messagesInput(3);
		input[2].muid = 'm0';
		const result = await runNode(credentialsFor(emulator()), importMessages, input);
		expectInputError(result, /The MUID "m0" is also item 0's/, /Remove the repeated message/, 2);
		expect(importRequests()).toHaveLength(0);
		const kept = await runNode(credentialsFor(emulator()), importMessages, input, { onError: 'continueRegularOutput' });
		expect(kept.items.map((item) => item.json.outcome ?? 'error')).toEqual(['imported', 'imported', 'error']);
		expect(importRequests()).toHaveLength(1);
	});

	it('bad inputs fail before any request: Sent At missing or in milliseconds, a mixed-case Receiver, Attachments without a url', async () => {
		const cases: Array<[IDataObject, IDataObject, RegExp]> = [
			[{ sentAt: '' }, {}, /'Sent At' is empty/],
			[{ sentAt: 1_600_000_000_000 }, {}, /'Sent At' is .*milliseconds/],
			[{ receiver: 'Bob' }, {}, /'Receiver' holds "Bob", which has capital letters/],
			[{}, { attachments: '[{"name": "a.png"}]' }, /'Attachments \(JSON\)' has an entry 1 without url/],
			[{}, { type: 'sticker' }, /'Type' holds the text "sticker", which is not one of text/],
		];
		for (const [item, fields, message] of cases) {
			const result = await runNode(credentialsFor(emulator()), { ...importMessages, additionalFields: { text: 'x', ...fields } }, [
				{ ...messagesInput(1)[0], ...item },
			]);
			expectInputError(result, message, /./);
		}
		expect(importRequests()).toHaveLength(0);
	});
});

describe('Data Import → Import Users, Import Groups, Import Group Members', () => {
	it('users, then a group, then its members: each stored as the rest of the API serves it; a re-run is all already imported', async () => {
		const users = [
			{ uid: 'ada', name: 'Ada' },
			{ uid: 'bob', name: 'Bob' },
		];
		const userRun = await runNode(
			credentialsFor(emulator()),
			{ ...importUsers, additionalFields: { createdAt: '2020-09-13T12:26:40Z', tags: 'legacy', metadata: '{"team": "x"}' } },
			users,
		);
		expect(userRun.items.map((item) => item.json.outcome)).toEqual(['imported', 'imported']);
		const sentUser = (importRequests()[0].body as { users: IDataObject }).users.ada;
		expect(sentUser).toEqual({ uid: 'ada', name: 'Ada', createdAt: 1_600_000_000, metadata: { team: 'x' }, tags: ['legacy'] });
		expect(emulator().store.areas.users.byId.get('ada')).toEqual(expect.objectContaining({ createdAt: 1_600_000_000, tags: ['legacy'] }));

		const groupRun = await runNode(
			credentialsFor(emulator()),
			{
				resource: 'dataImport',
				operation: 'importGroups',
				guid: 'crew',
				name: 'Crew',
				type: 'password',
				additionalFields: { owner: 'ada', password: 'hunter22', createdAt: 1_600_000_000 },
			},
			[{}],
		);
		expect(groupRun.items[0].json).toEqual(expect.objectContaining({ outcome: 'imported', key: 'crew' }));
		expect(JSON.stringify(groupRun.items)).not.toContain('hunter22');
		expect(emulator().store.areas.groups.byId.get('crew')).toEqual(expect.objectContaining({ owner: 'ada', type: 'password' }));

		const memberParameters = {
			resource: 'dataImport',
			operation: 'importMembers',
			guid: 'crew',
			uid: '={{ $json.uid }}',
			additionalFields: { scope: 'moderator', joinedAt: 1_650_000_000 },
		};
		const memberRun = await runNode(credentialsFor(emulator()), memberParameters, [{ uid: 'bob' }]);
		expect(memberRun.items[0].json).toEqual({
			outcome: 'imported',
			key: 'crew_member_bob',
			record: { guid: 'crew', uid: 'bob', scope: 'moderator', joinedAt: 1_650_000_000, isBanned: false },
		});
		const sentMember = importRequests().at(-1)!.body as { members: IDataObject };
		expect(Object.keys(sentMember.members)).toEqual(['crew_member_bob']);

		const before = importRequests().length;
		const reruns = await Promise.all([
			runNode(credentialsFor(emulator()), importUsers, users),
			runNode(credentialsFor(emulator()), memberParameters, [{ uid: 'bob' }]),
		]);
		expect(reruns.map(({ items }) => items.map((item) => [item.json.outcome, item.json.code]))).toEqual([
			[
				['alreadyImported', 'ERR_UID_ALREADY_EXISTS'],
				['alreadyImported', 'ERR_UID_ALREADY_EXISTS'],
			],
			[['alreadyImported', 'ERR_ALREADY_JOINED']],
		]);
		expect(importRequests().length - before).toBe(2);
		expect(emulator().store.areas.users.byId.size).toBe(2);
	});

	it('a group of type Password without one, or Owner Details without a name, fail before any request', async () => {
		const noPassword = await runNode(credentialsFor(emulator()), {
			resource: 'dataImport',
			operation: 'importGroups',
			guid: 'crew',
			name: 'Crew',
			type: 'password',
		});
		expectInputError(noPassword, /A group of type Password needs a password/, /Fill in Password/);
		const noName = await runNode(credentialsFor(emulator()), {
			resource: 'dataImport',
			operation: 'importGroups',
			guid: 'crew',
			name: 'Crew',
			type: 'public',
			additionalFields: { groupOwnerDetails: '{"uid": "ada"}' },
		});
		expectInputError(noName, /'Owner Details \(JSON\)' has no "name"/, /"uid", "name"/);
		expect(importRequests()).toHaveLength(0);
	});

	it('a rejected API key fails every item of the request, and the key is in no error or output', async () => {
		const result = await runNode(
			credentialsFor(emulator(), { apiKey: 'wrong-key-123' }),
			importUsers,
			[
				{ uid: 'ada', name: 'Ada' },
				{ uid: 'bob', name: 'Bob' },
			],
			{
				onError: 'continueRegularOutput',
			},
		);
		expectErrorItem(result.items[0], 0, 'AUTH_ERR_APIKEY_NOT_FOUND');
		expectErrorItem(result.items[1], 1, 'AUTH_ERR_APIKEY_NOT_FOUND');
		expect(result.items[1].error?.description).toContain('The request carried items 0–1');
		expect(JSON.stringify(result.items)).not.toContain('wrong-key-123');
		expect(`${result.items[0].error?.message} ${result.items[0].error?.description}`).not.toContain('wrong-key-123');
	});
});
