/**
 * Moderation: Flagged Message, Blocked Message, Moderation Reason, Moderation Rule and Keyword List,
 * through n8n's engine against the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MODERATION_MAX_LIMIT } from '../../nodes/CometChat/transport/paginate';
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const emulatorModeration = require('../../emulator');

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

function seedPeople() {
	store().addUser({ uid: 'ada', name: 'Ada' });
	store().addUser({ uid: 'bob', name: 'Bob' });
	store().addUser({ uid: 'cy', name: 'Cy' });
}

const textRule = (id: string, word: string, extra: IDataObject = {}) => ({
	id,
	name: `No ${word}`,
	description: `Blocks ${word}`,
	conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: [word] }],
	action: ['blockMessage'],
	...extra,
});

it('the node pages moderation lists with the largest limit the emulator serves', () => {
	expect(MODERATION_MAX_LIMIT).toBe(emulatorModeration.MODERATION_MAX_LIMIT);
});

describe('Flagged Message → Get Many', () => {
	beforeEach(seedPeople);

	it('Return All over 120 flagged messages returns each exactly once, in two pages', async () => {
		store().addFlaggedMessages(120, { reasonId: 'spam', flagger: 'cy' });
		const { items, error } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(120);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(120);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		// Newest flag first: the last bulk message was flagged last.
		expect(items[0].json).toEqual({
			id: expect.any(String),
			sender: 'bulk-sender',
			receiver: 'bulk-receiver',
			text: 'Flagged message 120',
			flaggedCount: 1,
			reasonId: 'spam',
			reason: 'Spam',
			flaggedBy: 'cy',
			flaggedAt: expect.any(Number),
			flaggedAtIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
		});
		const sent = apiRequests(emulator());
		expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(Array(2).fill('GET /v3/moderation/flagged-messages'));
		expect(sent.map((request) => request.query)).toEqual([
			{ limit: '100', page: '1' },
			{ limit: '100', page: '2' },
		]);
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
	});

	it('simplified, a message flagged twice shows the latest reason and flagger; Simplify off gives the raw record', async () => {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'you fool' } });
		store().addFlag({ messageId: message.id, uid: 'bob', reasonId: 'spam', remark: 'first', flaggedAt: 1_700_000_000 });
		store().addFlag({ messageId: message.id, uid: 'cy', reasonId: 'harassment', remark: 'insult', flaggedAt: 1_700_000_500 });

		const simple = await run({ resource: 'flaggedMessage', operation: 'getAll', limit: 5 });
		expect(simple.items).toEqual([
			{
				json: {
					id: message.id,
					sender: 'ada',
					receiver: 'bob',
					text: 'you fool',
					flaggedCount: 2,
					reasonId: 'harassment',
					reason: 'Harassment',
					flaggedBy: 'cy',
					flaggedAt: 1_700_000_500,
					flaggedAtIso: '2023-11-14T22:21:40.000Z',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(apiRequests(emulator())[0].query).toEqual({ limit: '5', page: '1' });

		const raw = await run({ resource: 'flaggedMessage', operation: 'getAll', options: { simplify: false } });
		expect(raw.items[0].json).toMatchObject({ appId: expect.any(String), category: 'message', flaggedCount: 2 });
		expect((raw.items[0].json.flaggedBy as IDataObject[]).map((flag) => flag.uid)).toEqual(['bob', 'cy']);
	});

	it('a wrong API key fails with the service code', async () => {
		const result = await runNode(credentialsFor(emulator(), { apiKey: 'wrong' }), {
			resource: 'flaggedMessage',
			operation: 'getAll',
		});
		expectServiceError(result, 'AUTH_ERR_APIKEY_NOT_FOUND', '401');
	});
});

describe('Flagged Message → Approve / Disapprove', () => {
	beforeEach(seedPeople);

	function flaggedMessage(text: string): string {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text } });
		store().addFlag({ messageId: message.id, uid: 'bob', reasonId: 'spam' });
		return message.id as string;
	}

	it('approves a flagged message: it leaves the list and keeps its status', async () => {
		const id = flaggedMessage('fine after all');
		const { items, error } = await run({ resource: 'flaggedMessage', operation: 'approve', messageId: id });
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: { id, status: 'approved', success: true, message: `Message with ID ${id} has been approved.` },
				pairedItem: { item: 0 },
			},
		]);
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PATCH',
			path: `/v3/moderation/flagged-messages/${id}`,
			body: { status: 'approved' },
		});
		expect(store().pageFlagged('pending', 1, 10)).toHaveLength(0);
		expect(store().messages.get(id)?.moderationStatus).toBe('approved');
	});

	it('disapproves a flagged message: its status becomes disapproved', async () => {
		const id = flaggedMessage('not fine');
		const { items } = await run({ resource: 'flaggedMessage', operation: 'disapprove', messageId: id });
		expect(items[0].json).toMatchObject({ id, status: 'disapproved', success: true });
		expect(apiRequests(emulator())[0].body).toEqual({ status: 'disapproved' });
		expect(store().messages.get(id)?.moderationStatus).toBe('disapproved');
	});

	it('a message that is not flagged fails with its code; Continue On Fail reviews the others', async () => {
		const first = flaggedMessage('one');
		const second = flaggedMessage('two');
		const parameters = { resource: 'flaggedMessage', operation: 'approve', messageId: '={{ $json.id }}' };
		const input = [{ id: first }, { id: '424242' }, { id: second }];

		expectServiceError(await run(parameters, input), 'ERR_MESSAGE_ID_NOT_FOUND', '404', 1);
		const carriedOn = await run(parameters, [{ id: '424242' }, { id: second }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_MESSAGE_ID_NOT_FOUND');
		expect(carriedOn.items[1].json).toMatchObject({ id: second, success: true });
		expectInputError(await run(parameters, [{ id: ' ' }]), /'Message' is empty/, /Enter the ID of the message/);
	});
});

describe('Blocked Message', () => {
	beforeEach(seedPeople);

	/** `count` messages from ada to bob, each held by the rule "no-spam". */
	function seedBlocked(count: number): string[] {
		store().addRule(textRule('no-spam', 'spam'));
		const ids: string[] = [];
		for (let i = 1; i <= count; i++) {
			const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: `spam ${i}` }, sentAt: 1_700_000_000 + i });
			store().addBlocked({ messageId: message.id, ruleId: 'no-spam', createdAt: 1_700_000_000 + i });
			ids.push(message.id as string);
		}
		return ids;
	}

	it('Get Many: Return All over 105 blocked messages returns each once, simplified', async () => {
		const ids = seedBlocked(105);
		const { items, error } = await run({ resource: 'blockedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(105);
		expect(new Set(items.map((item) => item.json.id))).toEqual(new Set(ids));
		expect(items[0].json).toEqual({
			id: ids[104],
			sender: 'ada',
			receiver: 'bob',
			text: 'spam 105',
			status: 'pending',
			ruleId: 'no-spam',
			ruleName: 'No spam',
			action: ['blockMessage'],
			createdAt: 1_700_000_105,
			createdAtIso: '2023-11-14T22:15:05.000Z',
		});
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([
			{ limit: '100', page: '1' },
			{ limit: '100', page: '2' },
		]);
	});

	it('Get Many with Simplify off gives the raw record with its message and condition', async () => {
		seedBlocked(3);
		const { items } = await run({ resource: 'blockedMessage', operation: 'getAll', limit: 1, options: { simplify: false } });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			ruleId: 'no-spam',
			revisionId: expect.stringMatching(/_no-spam_1$/),
			condition: { operand: 'text', weight: 1 },
			message: { data: { text: 'spam 3', moderation: { status: 'pending' } } },
		});
		expect(apiRequests(emulator())[0].query).toEqual({ limit: '1', page: '1' });
	});

	it('Approve releases a blocked message; Reject disapproves it', async () => {
		const [first, second] = seedBlocked(2);
		const approved = await run({ resource: 'blockedMessage', operation: 'approve', messageId: first });
		expect(approved.items[0].json).toMatchObject({ id: first, status: 'approved', success: true });
		const rejected = await run({ resource: 'blockedMessage', operation: 'reject', messageId: second });
		expect(rejected.items[0].json).toMatchObject({ id: second, status: 'rejected', success: true });
		expect(apiRequests(emulator()).map((request) => [request.method, request.path, request.body])).toEqual([
			['PATCH', `/v3/moderation/blocked-messages/${first}`, { status: 'approved', reviewed: true }],
			['PATCH', `/v3/moderation/blocked-messages/${second}`, { status: 'rejected', reviewed: true }],
		]);
		expect(store().messages.get(first)?.moderationStatus).toBe('approved');
		expect(store().messages.get(second)?.moderationStatus).toBe('disapproved');
		expect(store().blockedMessages.size).toBe(0);
	});

	it('a message that is not blocked fails with ERR_MESSAGE_ID_NOT_FOUND', async () => {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'clean' } });
		expectServiceError(
			await run({ resource: 'blockedMessage', operation: 'reject', messageId: message.id }),
			'ERR_MESSAGE_ID_NOT_FOUND',
			'404',
		);
	});
});

describe('Moderation Reason → Get Many', () => {
	it('lists the reasons as they are; Limit makes one request', async () => {
		const all = await run({ resource: 'moderationReason', operation: 'getAll', returnAll: true });
		expect(all.items.map((item) => item.json.id)).toEqual(['spam', 'sexual', 'harassment', 'hate_speech', 'violence', 'other']);
		expect(all.items[0].json).toEqual({
			id: 'spam',
			name: 'Spam',
			description: expect.any(String),
			createdAt: expect.stringMatching(/^\d+$/),
			updatedAt: expect.stringMatching(/^\d+$/),
			default: true,
		});
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/moderation/reasons', query: { limit: '100', page: '1' } });

		emulator().clearRequests();
		const two = await run({ resource: 'moderationReason', operation: 'getAll', limit: 2 });
		expect(two.items.map((item) => item.json.id)).toEqual(['spam', 'sexual']);
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([{ limit: '2', page: '1' }]);
	});

	it('a wrong API key fails with the service code; an empty one is refused before sending', async () => {
		const result = await runNode(credentialsFor(emulator(), { apiKey: 'not-the-key' }), {
			resource: 'moderationReason',
			operation: 'getAll',
		});
		expectServiceError(result, 'AUTH_ERR', '401');
		emulator().clearRequests();
		const empty = await runNode(credentialsFor(emulator(), { apiKey: '' }), { resource: 'moderationReason', operation: 'getAll' });
		expect(empty.error?.message).toBe('The CometChat API credential has no API Key [item 0]');
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Moderation Rule', () => {
	beforeEach(() => {
		seedPeople();
		store().addRule(textRule('no-spam', 'spam', { createdAt: 1_700_000_000 }));
		store().addRule(textRule('no-scam', 'scam', { createdAt: 1_700_000_100 }));
	});

	it('Get Many lists the rules, newest first, simplified or raw', async () => {
		const { items } = await run({ resource: 'moderationRule', operation: 'getAll', returnAll: true });
		expect(items.map((item) => item.json.id)).toEqual(['no-scam', 'no-spam']);
		expect(items[0].json).toEqual({
			id: 'no-scam',
			name: 'No scam',
			description: 'Blocks scam',
			enabled: true,
			active: true,
			action: ['blockMessage'],
			conditions: [expect.objectContaining({ operand: 'text', value: ['scam'] })],
			revisionId: expect.stringMatching(/_no-scam_1$/),
			updatedAt: 1_700_000_100,
			updatedAtIso: '2023-11-14T22:15:00.000Z',
		});
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/moderation/rules', query: { limit: '100', page: '1' } });

		const raw = await run({ resource: 'moderationRule', operation: 'getAll', limit: 1, options: { simplify: false } });
		expect(raw.items[0].json).toMatchObject({ id: 'no-scam', createdAt: 1_700_000_100 });
	});

	it('Update from the fields sends the body, and the new revision shows in Get Revisions', async () => {
		store().setClock(1_800_000_000);
		const { items, error } = await run({
			resource: 'moderationRule',
			operation: 'update',
			ruleId: { __rl: true, mode: 'list', value: 'no-spam' },
			updateFields: {
				name: 'No spam, ever',
				enabled: true,
				action: ['dropMessage'],
				conditions: {
					condition: [
						{ operand: 'text', category: 'word', operator: 'contains', value: 'spam' },
						{ operand: 'text', category: 'pattern', operator: 'contains', value: 'buy\\s+now' },
					],
				},
				filters: { filter: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'bob' }] },
			},
		});
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'PUT', path: '/v3/moderation/rules/no-spam' });
		expect(request.body).toEqual({
			name: 'No spam, ever',
			enabled: true,
			action: ['dropMessage'],
			conditions: [
				{
					entity: 'message',
					operand: 'text',
					category: 'word',
					operator: 'contains',
					value: 'spam',
					isKeywordReferencePresent: false,
					isMediaPresent: false,
				},
				{
					entity: 'message',
					operand: 'text',
					category: 'pattern',
					operator: 'contains',
					value: 'buy\\s+now',
					isKeywordReferencePresent: false,
					isMediaPresent: false,
				},
			],
			filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'bob' }],
		});
		expect(items[0].json).toMatchObject({
			id: 'no-spam',
			name: 'No spam, ever',
			action: ['dropMessage'],
			revisionId: expect.stringMatching(/_no-spam_2$/),
			updatedAt: 1_800_000_000,
			active: true,
		});

		emulator().clearRequests();
		const revisions = await run({
			resource: 'moderationRule',
			operation: 'getRevisions',
			ruleId: byId('no-spam'),
			returnAll: true,
		});
		expect(revisions.items.map((item) => [item.json.revisionId, item.json.active, item.json.name])).toEqual([
			[expect.stringMatching(/_no-spam_2$/), true, 'No spam, ever'],
			[expect.stringMatching(/_no-spam_1$/), false, 'No spam'],
		]);
		expect(apiRequests(emulator())[0]).toMatchObject({
			path: '/v3/moderation/rules/no-spam/revisions',
			query: { limit: '100', page: '1' },
		});
	});

	it('Update in JSON mode sends the JSON as is, e.g. to disable a rule', async () => {
		const { items } = await run({
			resource: 'moderationRule',
			operation: 'update',
			ruleId: byId('no-scam'),
			specifyBody: 'json',
			ruleJson: '{"enabled": false, "description": "Paused"}',
		});
		expect(apiRequests(emulator())[0].body).toEqual({ enabled: false, description: 'Paused' });
		expect(items[0].json).toMatchObject({ id: 'no-scam', enabled: false, description: 'Paused' });
	});

	it('Update refuses an empty change, a condition without a value or a pattern that does not compile, and fails for an unknown rule', async () => {
		const update = (extra: INodeParameters) => ({ resource: 'moderationRule', operation: 'update', ruleId: byId('no-spam'), ...extra });
		expectInputError(await run(update({})), /nothing to update/, /Update Fields/);
		expectInputError(
			await run(update({ updateFields: { conditions: { condition: [{ operand: 'text', value: ' ' }] } } })),
			/'Value of condition 1' is blank/,
			/Fill in the Value of condition 1/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		const unknown = await run({ ...update({ updateFields: { enabled: false } }), ruleId: byId('nope') });
		expectServiceError(unknown, 'ERR_RULE_NOT_FOUND', '404');
		// A pattern that does not compile is refused before sending; one that compiles is the service's to judge.
		const badPattern = await run(update({ updateFields: { conditions: { condition: [{ category: 'pattern', value: '([' }] } } }));
		expectInputError(badPattern, /'Value of condition 1' holds "\(\[", which is not a valid regular expression/, /Fix the expression/);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('Delete removes the rule; Get Revisions of an unknown rule fails', async () => {
		const { items } = await run({ resource: 'moderationRule', operation: 'delete', ruleId: byId('no-spam') });
		expect(items[0].json).toEqual({ id: 'no-spam', deleted: true });
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/moderation/rules/no-spam' });
		const left = await run({ resource: 'moderationRule', operation: 'getAll' });
		expect(left.items.map((item) => item.json.id)).toEqual(['no-scam']);
		expectServiceError(
			await run({ resource: 'moderationRule', operation: 'getRevisions', ruleId: byId('no-spam') }),
			'ERR_RULE_NOT_FOUND',
			'404',
		);
	});

	it('the rule locator lists the rules', async () => {
		const result = await listSearch(credentialsFor(emulator()), 'searchRules', 'scam');
		expect(result.results).toEqual([{ name: 'No scam (no-scam)', value: 'no-scam' }]);
	});
});

describe('Keyword List', () => {
	beforeEach(() => {
		store().addKeywordList({
			id: 'profanity',
			name: 'Profanity',
			description: 'Bad words',
			searchTerms: ['darn', 'heck'],
			createdAt: 1_700_000_000,
		});
		store().addKeywordList({ id: 'scams', name: 'Scams', searchTerms: 'crypto giveaway, wire money', createdAt: 1_700_000_100 });
	});

	it('Get Many lists them newest first, simplified or raw', async () => {
		const { items } = await run({ resource: 'keywordList', operation: 'getAll', returnAll: true });
		expect(items.map((item) => item.json)).toEqual([
			{
				id: 'scams',
				name: 'Scams',
				category: 'word',
				searchTerms: ['crypto giveaway', 'wire money'],
				active: true,
				revisionId: expect.stringMatching(/_scams_1$/),
				updatedAt: 1_700_000_100,
				updatedAtIso: '2023-11-14T22:15:00.000Z',
			},
			expect.objectContaining({ id: 'profanity', description: 'Bad words', searchTerms: ['darn', 'heck'] }),
		]);
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/moderation/keywords', query: { limit: '100', page: '1' } });

		const raw = await run({ resource: 'keywordList', operation: 'getAll', limit: 1, options: { simplify: false } });
		expect(raw.items).toHaveLength(1);
		expect(raw.items[0].json).toMatchObject({ _id: expect.any(String), appId: expect.any(String), __v: 0, isCSV: false });
	});

	it('Get returns one list by its locator; an unknown one fails with ERR_KEYWORD_NOT_FOUND', async () => {
		const { items } = await run({ resource: 'keywordList', operation: 'get', keywordListId: byId('profanity') });
		expect(items[0].json).toMatchObject({ id: 'profanity', name: 'Profanity', searchTerms: ['darn', 'heck'] });
		expect(items[0].json._id).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'GET', path: '/v3/moderation/keywords/profanity' });
		expectServiceError(
			await run({ resource: 'keywordList', operation: 'get', keywordListId: byId('gone') }),
			'ERR_KEYWORD_NOT_FOUND',
			'404',
		);
	});
});
