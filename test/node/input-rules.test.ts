/**
 * The input rules every operation applies before sending, shown where a focused test reads better
 * than the bad-input matrix (test/reliability/bad-inputs.test.ts): types of text, IDs, lists,
 * Limit and Return All; CometChat's documented limits at their boundaries; and fields whose display
 * depends on a value an expression may set.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);
const CONTINUE = { onError: 'continueRegularOutput' };

const seedPeople = () => {
	for (const uid of ['ada', 'bob']) emulator().store.addUser({ uid, name: uid.toUpperCase() });
};

describe('fields shown by a value an expression may set', () => {
	const properties = new CometChat().description.properties;

	it('are never required, so n8n does not refuse to start a workflow over them', () => {
		// n8n counts a field as shown when a condition it depends on holds an expression, and refuses
		// to start the workflow while a shown required field is empty. Only conditions on parameters
		// that cannot be expressions (noDataExpression) may decide whether a required field is shown.
		const fixed = new Set(properties.filter((property) => property.noDataExpression).map((property) => property.name));
		const offending = properties
			.filter((property: INodeProperties) => property.required)
			.flatMap((property) =>
				Object.keys(property.displayOptions?.show ?? {})
					// `@tool` is n8n's own condition (the node runs as an AI tool), never a parameter value.
					.filter((name) => !fixed.has(name) && !name.startsWith('@'))
					.map((name) => `${property.displayName} (shown by ${name})`),
			);
		expect(offending).toEqual([]);
	});

	it('Group → Create with Type from an expression runs, and checks the type and password per item', async () => {
		const parameters = { resource: 'group', operation: 'create', guid: '={{ $json.guid }}', name: 'G', type: '={{ $json.type }}' };
		const input = [
			{ guid: 'g1', type: 'public' },
			{ guid: 'g2', type: 'private' },
			{ guid: 'g3', type: 'password' },
			{ guid: 'g4', type: 'Secret' },
		];
		const { items, error } = await run(parameters, input, CONTINUE);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.type ?? null)).toEqual(['public', 'private', null, null]);
		expectErrorItem(items[2], 2, /A group of type Password needs a password/);
		expectErrorItem(items[3], 3, /'Type' holds the text "Secret", which is not one of public, password, private/);
		expect(apiRequests(emulator()).map((request) => (request.body as IDataObject).guid)).toEqual(['g1', 'g2']);
	});

	it('Message → Send with Receiver Type and Category from expressions runs', async () => {
		seedPeople();
		emulator().store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
		const { items, error } = await run(
			{
				resource: 'message',
				operation: 'send',
				onBehalfOf: byId('ada'),
				receiverType: '={{ $json.to }}',
				receiverUid: byId('={{ $json.uid }}'),
				receiverGuid: byId('={{ $json.guid }}'),
				category: '={{ $json.category }}',
				customType: '={{ $json.customType }}',
				text: '={{ $json.text }}',
			},
			[
				{ to: 'user', uid: 'bob', category: 'message', text: 'Hi Bob' },
				{ to: 'group', guid: 'crew', category: 'custom', customType: 'location' },
			],
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.receiverType, item.json.receiver, item.json.type])).toEqual([
			['user', 'bob', 'text'],
			['group', 'crew', 'location'],
		]);
	});
});

describe('types', () => {
	beforeEach(seedPeople);

	it('sends a number given as Text or Name as its string', async () => {
		const sent = await run(
			{ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverUid: byId('bob'), text: '={{ $json.text }}' },
			[{ text: 42 }],
		);
		expect(sent.error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toMatchObject({ data: { text: '42' } });

		const created = await run({ resource: 'user', operation: 'create', uid: 'cy', name: '={{ $json.name }}' }, [{ name: 2024 }]);
		expect(created.error).toBeUndefined();
		expect(apiRequests(emulator())[1].body).toEqual({ uid: 'cy', name: '2024' });
	});

	it.each([
		['an object', { id: 1 }, /'UID' must be one ID, not an object/],
		['a list', ['a', 'b'], /'UID' must be one ID, not a list/],
		['a boolean', true, /'UID' must be one ID, not the boolean true/],
	])('refuses a UID given as %s, instead of creating "[object Object]" or "a,b"', async (_what, uid, message) => {
		const result = await run({ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: 'X' }, [{ uid }]);
		expectInputError(result, message, /single ID/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('refuses objects in lists (Tags, Receiver UIDs, members) and a list as Sender', async () => {
		const send = (extra: INodeParameters) =>
			run({ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverUid: byId('bob'), text: 'Hi', ...extra }, [
				{ tags: ['ok', { tag: 'x' }], uids: [{ uid: 'bob' }], who: ['ada', 'bob'] },
			]);
		expectInputError(
			await send({ additionalFields: { tags: '={{ $json.tags }}' } }),
			/'Tags' has an object .* at position 2/,
			/list of texts/,
		);
		expectInputError(
			await send({ receiverType: 'multiple', receiverUids: '={{ $json.uids }}' }),
			/'Receiver UIDs' has an object .* at position 1/,
			/list of texts/,
		);
		expectInputError(await send({ onBehalfOf: byId('={{ $json.who }}') }), /'Sender' must be one ID, not a list/, /single ID/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('sends an http(s) URL trimmed, and refuses anything else in a URL field (Avatar URL, Link, Media URL)', async () => {
		const create = (additionalFields: IDataObject) =>
			run({ resource: 'user', operation: 'create', uid: 'cy', name: 'Cy', additionalFields } as INodeParameters);
		expect((await create({ avatar: ' https://example.com/cy.png ', link: 'http://127.0.0.1:8080/people/cy' })).error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toMatchObject({
			avatar: 'https://example.com/cy.png',
			link: 'http://127.0.0.1:8080/people/cy',
		});
		expectInputError(
			await create({ avatar: 'example.com/cy.png' }),
			/'Avatar URL' must be an http\(s\) URL, not the text "example.com\/cy.png"/,
			/https:\/\//,
		);
		expectInputError(await create({ link: 'ftp://example.com/cy' }), /'Link' must be an http\(s\) URL/, /https:\/\//);
		const media = await run({
			resource: 'message',
			operation: 'send',
			onBehalfOf: byId('ada'),
			receiverUid: byId('bob'),
			messageType: 'image',
			url: 'https://exa mple.com/cat.jpg',
		});
		expectInputError(media, /'Media URL' must be an http\(s\) URL/, /https:\/\//);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('refuses a blank Name, and a Text given as an object, naming the field', async () => {
		expectInputError(await run({ resource: 'user', operation: 'create', uid: 'cy', name: '  ' }), /'Name' is blank/, /display name/);
		const text = await run(
			{ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverUid: byId('bob'), text: '={{ $json.text }}' },
			[{ text: { body: 'Hi' } }],
		);
		expectInputError(text, /'Text' must be text, not an object/, /single value/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Limit and Return All', () => {
	const list = { resource: 'user', operation: 'getAll', returnAll: '={{ $json.returnAll }}', limit: '={{ $json.limit }}' };

	it.each([
		[-5, /'Limit' must be a whole number of at least 1, not the number -5/],
		[0, /'Limit' must be a whole number of at least 1, not the number 0/],
		[null, /'Limit' must be a whole number of at least 1, not null/],
		['abc', /'Limit' must be a whole number of at least 1, not the text "abc"/],
		[2.5, /'Limit' must be a whole number of at least 1, not the number 2.5/],
	])('refuses a Limit of %p naming Limit and the item, and sends nothing', async (limit, message) => {
		const result = await run(
			list,
			[
				{ returnAll: false, limit: 3 },
				{ returnAll: false, limit },
			],
			CONTINUE,
		);
		// No users exist, so the valid item's list is empty: the only output item is item 1's error.
		expect(result.items).toHaveLength(1);
		expectErrorItem(result.items[0], 1, message);
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([{ perPage: '3', page: '1' }]);
	});

	it('refuses a Return All of "false" instead of returning everything', async () => {
		const result = await run(list, [{ returnAll: 'false', limit: 3 }]);
		expectInputError(result, /'Return All' must be true or false, not the text "false"/, /Turn 'Return All' on or off/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('CometChat limits, at their boundaries', () => {
	beforeEach(seedPeople);
	const create = (item: IDataObject) =>
		run(
			{
				resource: 'user',
				operation: 'create',
				uid: '={{ $json.uid }}',
				name: 'N',
				additionalFields: { tags: '={{ $json.tags ?? "" }}', metadata: '={{ $json.metadata ?? "{}" }}' },
			},
			[item],
		);

	it('a UID of 100 letters, digits, _ and - is sent; 101 characters are refused', async () => {
		const ok = `a_-1${'b'.repeat(96)}`;
		expect((await create({ uid: ok })).error).toBeUndefined();
		expectInputError(await create({ uid: `${ok}c` }), /'UID' has 101 characters; a CometChat UID has at most 100/, /at most 100/);
		expectInputError(await create({ uid: 'a.b' }), /characters a CometChat UID cannot have: "\."/, /letters, digits, _ and -/);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('a mixed-case UID is refused wherever a UID is given, with its lower-case form', async () => {
		expectInputError(await create({ uid: 'Ada-2' }), /'UID' holds "Ada-2", which has capital letters/, /Use "ada-2"/);
		const get = await run({ resource: 'user', operation: 'get', uid: byId('Ada') });
		expectInputError(get, /'User' holds "Ada", which has capital letters/, /Use "ada"/);
		const send = await run({ resource: 'message', operation: 'send', onBehalfOf: byId('ADA'), receiverUid: byId('bob'), text: 'Hi' });
		expectInputError(send, /'Sender' holds "ADA"/, /Use "ada"/);
		const group = await run({
			resource: 'group',
			operation: 'create',
			guid: 'g',
			name: 'G',
			type: 'public',
			members: { admins: 'ada, Bob' },
		});
		expectInputError(group, /'Admins' holds "Bob"/, /Use "bob"/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('25 tags of 100 characters are sent; a 26th tag, or a tag of 101 characters, is refused', async () => {
		const tags = Array.from({ length: 25 }, (_, index) => `${index}`.padEnd(100, 't'));
		expect((await create({ uid: 'u1', tags })).error).toBeUndefined();
		expect((apiRequests(emulator())[0].body as IDataObject).tags).toEqual(tags);
		expectInputError(
			await create({ uid: 'u2', tags: [...tags, 'one more'] }),
			/'Tags' has 26 tags; CometChat allows at most 25/,
			/at most 25/,
		);
		expectInputError(await create({ uid: 'u3', tags: ['x'.repeat(101)] }), /'Tags' has a tag of 101 characters/, /at most 100/);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('metadata of 5 KB as JSON is sent; one byte more is refused', async () => {
		const padding = 5 * 1024 - JSON.stringify({ note: '' }).length;
		expect((await create({ uid: 'u1', metadata: { note: 'm'.repeat(padding) } })).error).toBeUndefined();
		expectInputError(
			await create({ uid: 'u2', metadata: { note: 'm'.repeat(padding + 1) } }),
			/'Metadata \(JSON\)' is 5121 bytes as JSON; CometChat allows at most 5120 \(5 KB\)/,
			/under 5 KB/,
		);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('a message text under 65 KB is sent; 65 KB is refused', async () => {
		const send = (text: string) =>
			run({ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverUid: byId('bob'), text: '={{ $json.text }}' }, [
				{ text },
			]);
		expect((await send('x'.repeat(65 * 1024 - 1))).error).toBeUndefined();
		expectInputError(
			await send('x'.repeat(65 * 1024)),
			/'Text' is 66560 bytes; a CometChat message must be under 66560 \(65 KB\)/,
			/Shorten/,
		);
		expect(apiRequests(emulator())).toHaveLength(1);
	});
});

describe('lists: one rule for every list field (docs/cometchat-api.md, List fields)', () => {
	beforeEach(() => {
		seedPeople();
		emulator().store.addUser({ uid: 'helpbot', name: 'Help Bot' });
		emulator().store.addBot({ uid: 'helpbot', webhookURL: 'http://127.0.0.1:9/hook' });
		emulator().store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada' });
	});
	const thousand = (extra = 0) => Array.from({ length: 1000 + extra }, (_, index) => `u${index}`);

	it('an entry given twice is refused in every list: UIDs, receivers, tags, Clear Fields', async () => {
		const twice: Array<[INodeParameters, RegExp]> = [
			[{ resource: 'user', operation: 'deactivate', uids: 'bob, bob' }, /'UIDs' holds "bob" more than once/],
			[
				{ resource: 'blockedUser', operation: 'block', uid: byId('ada'), blockedUids: 'bob,bob' },
				/'Users to Block' holds "bob" more than once/,
			],
			[
				{ resource: 'user', operation: 'create', uid: 'cy', name: 'Cy', additionalFields: { tags: 'vip, vip' } },
				/'Tags' holds "vip" more than once/,
			],
			[
				{ resource: 'user', operation: 'update', uid: byId('ada'), updateFields: { unset: '={{ ["avatar", "avatar"] }}' } },
				/'Clear Fields' holds "avatar" more than once/,
			],
			[
				{ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverType: 'multiple', receiverUids: 'bob, bob', text: 'Hi' },
				/'Receiver UIDs' holds "bob" more than once/,
			],
			[
				{
					resource: 'message',
					operation: 'sendAsBot',
					botUid: byId('helpbot'),
					receiverType: 'multiple',
					receiverGuids: 'crew, crew',
					text: 'Hi',
				},
				/'Receiver GUIDs' holds "crew" more than once/,
			],
			[
				{ resource: 'groupMember', operation: 'add', guid: byId('crew'), members: { participants: 'bob, bob' } },
				/'Participants' holds "bob" more than once/,
			],
		];
		for (const [parameters, message] of twice) expectInputError(await run(parameters), message, /once/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('a list sent in one request holds at most 1,000 UIDs or GUIDs: Group Member Add, Send, Send as Bot, Block', async () => {
		const over: Array<[INodeParameters, RegExp]> = [
			[
				{ resource: 'groupMember', operation: 'add', guid: byId('crew'), members: { participants: '={{ $json.uids }}' } },
				/'Participants' has 1001 entries; at most 1000/,
			],
			[
				{
					resource: 'groupMember',
					operation: 'add',
					guid: byId('crew'),
					members: { admins: '={{ $json.uids.slice(0, 500) }}', participants: '={{ $json.uids.slice(500) }}' },
				},
				/'Members' has 1001 entries; at most 1000/,
			],
			[
				{
					resource: 'message',
					operation: 'sendAsBot',
					botUid: byId('helpbot'),
					receiverType: 'multiple',
					receiverUids: '={{ $json.uids }}',
					text: 'Hi',
				},
				/'Receiver UIDs' has 1001 entries/,
			],
			[
				{
					resource: 'message',
					operation: 'send',
					onBehalfOf: byId('ada'),
					receiverType: 'multiple',
					receiverGuids: '={{ $json.uids }}',
					text: 'Hi',
				},
				/'Receiver GUIDs' has 1001 entries/,
			],
			[
				{ resource: 'blockedUser', operation: 'block', uid: byId('ada'), blockedUids: '={{ $json.uids }}' },
				/'Users to Block' has 1001 entries/,
			],
		];
		for (const [parameters, message] of over)
			expectInputError(await run(parameters, [{ uids: thousand(1) }]), message, /Split the list over several items of at most 1000/);
		expect(apiRequests(emulator())).toHaveLength(0);
		// 1,000 is sent.
		const added = await run(
			{
				resource: 'groupMember',
				operation: 'add',
				guid: byId('crew'),
				members: { participants: '={{ $json.uids }}' },
				options: { onPartialFailure: 'output' },
			},
			[{ uids: thousand() }],
		);
		expect(added.error).toBeUndefined();
		expect(((apiRequests(emulator())[0].body as IDataObject).participants as string[]).length).toBe(1000);
	});
});

describe('what users paste: IDs, ranges, time zones, addresses, patterns and JSON', () => {
	beforeEach(seedPeople);

	it('one rule for every ID: a slash, a backslash or a line break is refused in any ID field, before sending, without quoting the ID', async () => {
		const cases: Array<[INodeParameters, string]> = [
			[{ resource: 'moderationReason', operation: 'get', reasonId: byId('spam/eu') }, 'Reason'],
			[{ resource: 'keywordList', operation: 'delete', keywordListId: byId('kw/2') }, 'Keyword List'],
			[{ resource: 'moderationRule', operation: 'get', ruleId: byId('r1\\x') }, 'Rule'],
			[{ resource: 'pushToken', operation: 'deleteByValue', authToken: 'tok-1', pushToken: 'secret-push\ntoken' }, 'Push Token'],
		];
		for (const [parameters, label] of cases) {
			const result = await run(parameters);
			expectInputError(result, new RegExp(`'${label}' has characters no CometChat ID can have`), /without slashes, line breaks or tabs/);
			expect(result.error?.message).not.toMatch(/spam\/eu|kw\/2|secret-push/);
		}
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it("a GUID is letters, digits, _ and - (CometChat's rule), wherever one is given; any case is sent", async () => {
		const pinned = await run({
			resource: 'conversation',
			operation: 'setPinned',
			pinnedConversations: { conversation: [{ type: 'group', guid: 'a/b' }] },
		});
		expectInputError(pinned, /'Group GUID of conversation 1' has characters no CometChat ID can have: "\/"/, /slashes/);
		const spaced = await run({ resource: 'group', operation: 'get', guid: byId('my group') });
		expectInputError(
			spaced,
			/'Group' holds "my group", which has characters a CometChat GUID cannot have: " "/,
			/letters, digits, _ and -/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		emulator().store.addGroup({ guid: 'Crew_EU-1', name: 'Crew', owner: 'ada' });
		expect((await run({ resource: 'group', operation: 'get', guid: byId('Crew_EU-1') })).error).toBeUndefined();
		expect(apiRequests(emulator())[0].path).toBe('/v3/groups/Crew_EU-1');
	});

	it('a message ID is a whole number: 1.5 is refused in Pin, a number from an expression is sent as its digits', async () => {
		const pin = (messageId: string | number) =>
			run({ resource: 'message', operation: 'pin', messageId: byId('={{ $json.id }}'), onBehalfOf: byId('ada') }, [{ id: messageId }]);
		expectInputError(await pin('1.5'), /'Message' holds "1.5", which is not a message ID/, /the message's ID/);
		expectInputError(await pin(1.5), /'Message' holds "1.5", which is not a message ID/, /the message's ID/);
		expect(apiRequests(emulator())).toHaveLength(0);
		emulator().store.addMessage({ id: '101', sender: 'ada', receiver: 'bob', data: { text: 'hi' } });
		expect((await pin(101)).error).toBeUndefined();
		expect(apiRequests(emulator())[0].path).toBe('/v3/messages/101/pin');
	});

	it('a range whose end is before its start is refused, naming both; the same instant is sent', async () => {
		const calls = (startedAt: string, endedAt: string) =>
			run({ resource: 'call', operation: 'getAll', returnAll: true, filters: { startedAt, endedAt } });
		expectInputError(
			await calls('2024-06-01', '2024-05-01'),
			/'Ended At or Before' \(2024-05-01T00:00:00Z\) is before 'Started At or After' \(2024-06-01T00:00:00Z\)/,
			/or swap the two/,
		);
		const logs = await run({
			resource: 'notificationLog',
			operation: 'getAll',
			returnAll: true,
			filters: { from: '2024-02-01T10:00:00Z', to: '2024-02-01T09:59:59.500Z' },
		});
		expectInputError(logs, /'To' \(2024-02-01T09:59:59.500Z\) is before 'From' \(2024-02-01T10:00:00Z\)/, /swap/);
		expect(apiRequests(emulator())).toHaveLength(0);
		expect((await calls('2024-06-01', '2024-06-01')).error).toBeUndefined();
		expect(apiRequests(emulator())[0].query).toMatchObject({ startedAt: '1717200000', endedAt: '1717200000' });
	});

	it('usage for a period that has not begun is refused; one that ends later than now is sent (the service reports what has happened)', async () => {
		const usage = (fromDate: string, toDate: string) => run({ resource: 'metric', operation: 'getUsage', fromDate, toDate });
		const now = Math.floor(Date.now() / 1000);
		const later = new Date((now + 3600) * 1000).toISOString();
		expectInputError(
			await usage(later, '2099-01-01'),
			/'From' \(.*\) is in the future; CometChat reports only what has already happened/,
			/in the past/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		expect((await usage(new Date((now - 86_400) * 1000).toISOString(), later)).error).toBeUndefined();
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('a time zone name in another case is refused with its spelling; an alias is sent as given', async () => {
		const timezone = (name: string) =>
			run({ resource: 'notificationPreference', operation: 'updateTimezone', uid: byId('ada'), timezone: name });
		expectInputError(
			await timezone('europe/paris'),
			/'Timezone' holds "europe\/paris"; time zone names are case-sensitive, and this one is spelt "Europe\/Paris"/,
			/Enter "Europe\/Paris"/,
		);
		expectInputError(await timezone('utc'), /spelt "UTC"/, /Enter "UTC"/);
		expect(apiRequests(emulator())).toHaveLength(0);
		expect((await timezone('US/Pacific')).error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({ timezone: 'US/Pacific' });
	});

	it('an e-mail address of 254 characters is sent; 255 or 100,000 are refused without quoting it', async () => {
		const contact = (email: string) => run({ resource: 'contactDetail', operation: 'update', onBehalfOf: byId('ada'), email });
		const longest = `${'a'.repeat(64)}@${'b'.repeat(177)}.example.com`;
		expect(longest).toHaveLength(254);
		for (const email of [`${longest}x`, `${'a'.repeat(99_988)}@example.com`]) {
			const result = await contact(email);
			expectInputError(
				result,
				new RegExp(`'Email' has ${email.length} characters; an e-mail address has at most 254`),
				/nathan@example.com/,
			);
			expect(result.error?.message).not.toContain('aaaa');
		}
		expect(apiRequests(emulator())).toHaveLength(0);
		expect((await contact(longest)).error).toBeUndefined();
	});

	it("a moderation rule's pattern is compiled before sending, in the fields and in Rule (JSON); a keyword list's ID is no pattern", async () => {
		const condition = (value: string, extra: IDataObject = {}): INodeParameters => ({
			condition: [{ category: 'pattern', operand: 'text', operator: 'contains', value, ...extra }],
		});
		const create = (conditions: INodeParameters) =>
			run({ resource: 'moderationRule', operation: 'create', ruleId: 'r-new', name: 'R', action: ['blockMessage'], conditions });
		expectInputError(
			await create(condition('(unclosed')),
			/'Value of condition 1' holds "\(unclosed", which is not a valid regular expression: Unterminated group/,
			/Word category/,
		);
		const fromJson = await run({
			resource: 'moderationRule',
			operation: 'update',
			ruleId: byId('r1'),
			specifyBody: 'json',
			ruleJson: JSON.stringify({
				conditions: [
					{ category: 'word', value: 'ok' },
					{ category: 'pattern', value: ['ok', '[z-a]'] },
				],
			}),
		});
		expectInputError(
			fromJson,
			/'Rule \(JSON\)' condition 2 holds "\[z-a\]", which is not a valid regular expression: Range out of order in character class/,
			/Fix the expression/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		expect((await create(condition('^\\d{4}-\\d{4}$'))).error).toBeUndefined();
		// A keyword list reference is an ID: not compiled; here the service finds no such list.
		const reference = await create(condition('(kw', { isKeywordReferencePresent: true }));
		expect(reference.error?.message).not.toMatch(/regular expression/);
		expect(apiRequests(emulator())).toHaveLength(2);
	});

	it("a notification preference's JSON is checked value by value, as the fields are", async () => {
		const update = (body: IDataObject) =>
			run({
				resource: 'notificationPreference',
				operation: 'update',
				uid: byId('ada'),
				specifyBody: 'json',
				preferencesJson: JSON.stringify(body),
			});
		expectInputError(
			await update({ groupPreferences: { groupMessages: 7 } }),
			/'Preferences \(JSON\) → groupPreferences.groupMessages' holds the number 7, which is not one of 1 \(Don't Notify\), 2 \(All Messages\), 3 \(Only Mentions\)/,
			/one of the numbers 1, 2, 3/,
		);
		expectInputError(
			await update({ mutePreferences: { schedule: { monday: { from: 975 } } } }),
			/'Preferences \(JSON\) → mutePreferences.schedule.monday.from' is the number 975, not a time as HHMM/,
			/HHMM/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		const sent = await update({
			groupPreferences: { groupMessages: 3 },
			mutePreferences: { dnd: 2, schedule: { friday: { from: 900, to: 1730, dnd: false } } },
		});
		expect(sent.error).toBeUndefined();
	});

	it('a tag given as a number is the text of its digits, as in every text field (a sheet gives 2024 as a number)', async () => {
		emulator().store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada' });
		emulator().store.addMessage({ id: '1', sender: 'ada', receiverType: 'group', receiver: 'crew', data: { text: 'hi' } });
		const tagged = await run(
			{
				resource: 'conversation',
				operation: 'updateTags',
				conversationWith: 'group',
				guid: byId('crew'),
				onBehalfOf: byId('ada'),
				tags: '={{ $json.year }}',
			},
			[{ year: 2024 }],
		);
		expect(tagged.error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({ tags: ['2024'] });
	});
});
