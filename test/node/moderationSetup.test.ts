/**
 * The moderation set-up: Moderation Reason (create, get, update, delete), Moderation Rule (create,
 * get), Keyword List (create, update, delete; multipart bodies), through n8n's engine against the
 * emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);
const sent = () => apiRequests(emulator()).map((request) => ({ method: request.method, path: request.path, body: request.body }));

describe('Moderation Reason', () => {
	it('Create sends the id, name and description; the reason is then listed first and gettable', async () => {
		store().setClock(1_800_000_000);
		const { items, error } = await run({
			resource: 'moderationReason',
			operation: 'create',
			reasonId: 'scam',
			name: 'Scam',
			description: 'Tries to trick people out of money',
		});
		expect(error).toBeUndefined();
		expect(sent()).toEqual([
			{
				method: 'POST',
				path: '/v3/moderation/reasons',
				body: { id: 'scam', name: 'Scam', description: 'Tries to trick people out of money' },
			},
		]);
		expect(items).toEqual([
			{
				json: { id: 'scam', name: 'Scam', description: 'Tries to trick people out of money', createdAt: 1_800_000_000, updatedAt: 1_800_000_000 },
				pairedItem: { item: 0 },
			},
		]);

		const listed = await run({ resource: 'moderationReason', operation: 'getAll', limit: 2 });
		expect(listed.items.map((item) => item.json.id)).toEqual(['scam', 'spam']);
		const got = await run({ resource: 'moderationReason', operation: 'get', reasonId: byId('scam') });
		expect(got.items[0].json).toMatchObject({ id: 'scam', name: 'Scam' });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'GET', path: '/v3/moderation/reasons/scam' });
	});

	it('Create without a description leaves it out; a taken ID fails with the service code, Continue On Fail goes on', async () => {
		const parameters = { resource: 'moderationReason', operation: 'create', reasonId: '={{ $json.id }}', name: '={{ $json.name }}' };
		const { items } = await run(parameters, [{ id: 'spam', name: 'Spam again' }, { id: 'fraud', name: 'Fraud' }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(items[0], 0, 'ERR_REASON_ALREADY_EXISTS');
		expect(items[1].json).toMatchObject({ id: 'fraud', name: 'Fraud' });
		expect(sent()[1].body).toEqual({ id: 'fraud', name: 'Fraud' });
		expect(store().reasons.get('spam')?.name).toBe('Spam');
		expectServiceError(await run(parameters, [{ id: 'spam', name: 'Spam again' }]), 'ERR_REASON_ALREADY_EXISTS', '409');
	});

	it('Create and Update refuse an empty ID or name before sending', async () => {
		const create = {
			resource: 'moderationReason',
			operation: 'create',
			reasonId: '={{ $json.id }}',
			name: '={{ $json.name }}',
			description: '={{ $json.description }}',
		};
		expectInputError(await run(create, [{ id: ' ', name: 'X' }]), /'Reason ID' is empty/, /new reason's ID/);
		expectInputError(await run(create, [{ id: 'x', name: '' }]), /'Name' is empty/, /name users see/);
		expectInputError(await run(create, [{ id: 'x', name: 'X', description: '  ' }]), /'Description' is blank/, /Fill in 'Description'/);
		const update = { resource: 'moderationReason', operation: 'update', reasonId: byId('={{ $json.id }}'), name: '={{ $json.name }}' };
		expectInputError(await run(update, [{ id: 'spam', name: ' ' }]), /'Name' is blank/, /new name of the reason/);
		expectInputError(await run(update, [{ id: '', name: 'X' }]), /'Reason' is empty/, /Choose a reason/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('Update renames the reason; the emulator keeps the new name', async () => {
		store().setClock(1_800_000_500);
		const { items } = await run({ resource: 'moderationReason', operation: 'update', reasonId: byId('harassment'), name: 'Bullying' });
		expect(sent()).toEqual([{ method: 'PUT', path: '/v3/moderation/reasons/harassment', body: { name: 'Bullying' } }]);
		expect(items[0].json).toMatchObject({ id: 'harassment', name: 'Bullying', updatedAt: 1_800_000_500 });
		expect(store().reasons.get('harassment')?.name).toBe('Bullying');
		expectServiceError(
			await run({ resource: 'moderationReason', operation: 'update', reasonId: byId('nope'), name: 'X' }),
			'ERR_REASON_NOT_FOUND',
			'404',
		);
	});

	it('Delete removes the reason (answer without a data wrapper); Get of it then fails', async () => {
		const { items, error } = await run({ resource: 'moderationReason', operation: 'delete', reasonId: byId('violence') });
		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { id: 'violence', deleted: true }, pairedItem: { item: 0 } }]);
		expect(sent()).toEqual([{ method: 'DELETE', path: '/v3/moderation/reasons/violence', body: undefined }]);
		expect(store().reasons.has('violence')).toBe(false);
		expectServiceError(
			await run({ resource: 'moderationReason', operation: 'get', reasonId: byId('violence') }),
			'ERR_REASON_NOT_FOUND',
			'404',
		);
		expectServiceError(
			await run({ resource: 'moderationReason', operation: 'delete', reasonId: byId('violence') }),
			'ERR_REASON_NOT_FOUND',
			'404',
		);
	});
});

describe('Moderation Rule → Create / Get', () => {
	beforeEach(() => {
		store().addUser({ uid: 'ada', name: 'Ada' });
		store().addUser({ uid: 'bob', name: 'Bob' });
	});
	const sendText = (text: string) =>
		run({ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverType: 'user', receiverUid: byId('bob'), text });

	it('Create from the fields sends the rule; it is listed, gettable and holds the messages sent after it', async () => {
		store().setClock(1_800_000_000);
		const { items, error } = await run({
			resource: 'moderationRule',
			operation: 'create',
			ruleId: 'no-scams',
			name: 'No scams',
			action: ['blockMessage'],
			conditions: { condition: [{ operand: 'text', category: 'word', operator: 'contains', value: 'giveaway' }] },
			additionalFields: {
				description: 'Holds giveaway scams',
				filters: { filter: [{ type: 'receiver', entity: 'user', operand: 'uid', operator: 'equals', value: 'bob' }] },
			},
		});
		expect(error).toBeUndefined();
		expect(sent()).toEqual([
			{
				method: 'POST',
				path: '/v3/moderation/rules',
				body: {
					id: 'no-scams',
					name: 'No scams',
					description: 'Holds giveaway scams',
					action: ['blockMessage'],
					conditions: [
						{
							entity: 'message',
							operand: 'text',
							category: 'word',
							operator: 'contains',
							value: 'giveaway',
							isKeywordReferencePresent: false,
							isMediaPresent: false,
						},
					],
					filters: [{ type: 'receiver', entity: 'user', operand: 'uid', operator: 'equals', value: 'bob' }],
				},
			},
		]);
		expect(items[0].json).toMatchObject({
			id: 'no-scams',
			name: 'No scams',
			enabled: true,
			active: true,
			action: ['blockMessage'],
			conditions: [expect.objectContaining({ value: ['giveaway'] })],
			revisionId: expect.stringMatching(/_no-scams_1$/),
			createdAt: 1_800_000_000,
		});

		const listed = await run({ resource: 'moderationRule', operation: 'getAll' });
		expect(listed.items.map((item) => item.json.id)).toEqual(['no-scams']);
		const got = await run({ resource: 'moderationRule', operation: 'get', ruleId: byId('no-scams') });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'GET', path: '/v3/moderation/rules/no-scams' });
		expect(got.items[0].json).toMatchObject({ id: 'no-scams', description: 'Holds giveaway scams', filters: [expect.any(Object)] });

		const held = await sendText('Free giveaway, click here');
		expect((held.items[0].json.data as IDataObject).moderation).toEqual({ status: 'pending' });
		expect(store().blockedMessages.size).toBe(1);
		const clean = await sendText('See you at lunch');
		expect((clean.items[0].json.data as IDataObject).moderation).toEqual({ status: 'approved' });
	});

	it('Create in JSON mode sends the JSON with the Rule ID; a rule that drops stops the message', async () => {
		const { items } = await run({
			resource: 'moderationRule',
			operation: 'create',
			ruleId: 'no-links',
			specifyBody: 'json',
			ruleJson: JSON.stringify({
				name: 'No links',
				action: ['dropMessage'],
				conditions: [{ entity: 'message', operand: 'text', category: 'pattern', operator: 'contains', value: 'https?://' }],
			}),
		});
		expect(sent()[0].body).toEqual({
			id: 'no-links',
			name: 'No links',
			action: ['dropMessage'],
			conditions: [{ entity: 'message', operand: 'text', category: 'pattern', operator: 'contains', value: 'https?://' }],
		});
		expect(items[0].json).toMatchObject({ id: 'no-links', action: ['dropMessage'] });
		expect(store().rules.has('no-links')).toBe(true);
	});

	it('Create refuses a rule without an ID, name, action or condition, or a JSON id that differs, before sending', async () => {
		const create = {
			resource: 'moderationRule',
			operation: 'create',
			ruleId: '={{ $json.id }}',
			name: '={{ $json.name }}',
			action: '={{ $json.action }}',
			conditions: { condition: [{ operand: 'text', value: '={{ $json.value }}' }] },
		};
		const valid = { id: 'r', name: 'R', action: ['blockMessage'], value: 'spam' };
		expectInputError(await run(create, [{ ...valid, id: '' }]), /'Rule ID' is empty/, /new rule's ID/);
		expectInputError(await run(create, [{ ...valid, name: '' }]), /'Name' is empty/, /name of the rule/);
		expectInputError(await run(create, [{ ...valid, action: [] }]), /'Action' is empty/, /Block Message or Drop Message/);
		expectInputError(await run(create, [{ ...valid, action: ['banUser'] }]), /'Action'/, /.+/);
		expectInputError(await run(create, [{ ...valid, value: ' ' }]), /'Value of condition 1' is blank/, /Fill in the Value/);
		expectInputError(
			await run({ ...create, conditions: {} }, [valid]),
			/The rule has no condition/,
			/Add a condition under 'Conditions'/,
		);
		expectInputError(
			await run({ resource: 'moderationRule', operation: 'create', ruleId: 'a', specifyBody: 'json', ruleJson: '{"id": "b"}' }),
			/The id in 'Rule \(JSON\)' is not the Rule ID "a"/,
			/Leave the id out/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('a taken ID fails with the service code and Continue On Fail goes on; Get of an unknown rule fails', async () => {
		store().addRule({ id: 'taken', name: 'Taken', conditions: [{ value: ['x'] }] });
		const parameters = {
			resource: 'moderationRule',
			operation: 'create',
			ruleId: '={{ $json.id }}',
			name: 'Rule',
			conditions: { condition: [{ value: 'spam' }] },
		};
		const { items } = await run(parameters, [{ id: 'taken' }, { id: 'fresh' }], { onError: 'continueRegularOutput' });
		expectErrorItem(items[0], 0, 'ERR_RULE_ALREADY_EXISTS');
		expect(items[1].json).toMatchObject({ id: 'fresh', action: ['blockMessage'] });
		expect(store().rules.get('taken')?.current.name).toBe('Taken');
		expectServiceError(await run({ resource: 'moderationRule', operation: 'get', ruleId: byId('nope') }), 'ERR_RULE_NOT_FOUND', '404');
	});
});

describe('Keyword List → Create / Update / Delete', () => {
	beforeEach(() => {
		store().addUser({ uid: 'ada', name: 'Ada' });
		store().addUser({ uid: 'bob', name: 'Bob' });
	});
	const statusOf = async (text: string) => {
		const { items } = await run({
			resource: 'message',
			operation: 'send',
			onBehalfOf: byId('ada'),
			receiverType: 'user',
			receiverUid: byId('bob'),
			text,
		});
		return ((items[0].json.data as IDataObject).moderation as IDataObject).status;
	};

	it('Create sends a multipart body; a rule referring to the list then holds messages with its words', async () => {
		store().setClock(1_800_000_000);
		const { items, error } = await run({
			resource: 'keywordList',
			operation: 'create',
			keywordListId: 'profanity',
			searchTerms: 'darn, heck',
			additionalFields: { name: 'Profanity', description: 'Mild words' },
		});
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'POST', path: '/v3/moderation/keywords' });
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.body).toEqual({ id: 'profanity', name: 'Profanity', description: 'Mild words', category: 'word', searchTerms: 'darn,heck' });
		expect(items[0].json).toMatchObject({
			id: 'profanity',
			name: 'Profanity',
			category: 'word',
			searchTerms: ['darn', 'heck'],
			revisionId: expect.stringMatching(/_profanity_1$/),
			createdAt: 1_800_000_000,
		});
		expect(store().keywordLists.get('profanity')?.searchTerms).toEqual(['darn', 'heck']);

		await run({
			resource: 'moderationRule',
			operation: 'create',
			ruleId: 'no-profanity',
			name: 'No profanity',
			conditions: { condition: [{ isKeywordReferencePresent: true, value: 'profanity' }] },
		});
		expect(await statusOf('oh heck')).toBe('pending');
		expect(await statusOf('oh well')).toBe('approved');
	});

	it('Update replaces the entries (a new revision) and keeps the name; Delete removes the list', async () => {
		store().addKeywordList({ id: 'profanity', name: 'Profanity', searchTerms: ['darn'], createdAt: 1_700_000_000 });
		store().addRule({ id: 'r', name: 'R', conditions: [{ value: ['profanity'], isKeywordsReferencePresent: true }] });
		const { items } = await run({
			resource: 'keywordList',
			operation: 'update',
			keywordListId: byId('profanity'),
			category: 'word',
			searchTerms: '={{ ["heck", "drat"] }}',
		});
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'PUT', path: '/v3/moderation/keywords/profanity' });
		expect(request.body).toEqual({ category: 'word', searchTerms: 'heck,drat' });
		expect(items[0].json).toMatchObject({ id: 'profanity', name: 'Profanity', searchTerms: ['heck', 'drat'], revisionId: expect.stringMatching(/_2$/) });
		expect(await statusOf('darn it')).toBe('approved');
		expect(await statusOf('drat it')).toBe('pending');

		emulator().clearRequests();
		const deleted = await run({ resource: 'keywordList', operation: 'delete', keywordListId: byId('profanity') });
		expect(deleted.items).toEqual([{ json: { id: 'profanity', deleted: true }, pairedItem: { item: 0 } }]);
		expect(sent()).toEqual([{ method: 'DELETE', path: '/v3/moderation/keywords/profanity', body: undefined }]);
		expect(store().keywordLists.has('profanity')).toBe(false);
		expectServiceError(
			await run({ resource: 'keywordList', operation: 'update', keywordListId: byId('profanity'), searchTerms: 'x' }),
			'ERR_KEYWORD_NOT_FOUND',
			'404',
		);
	});

	it('a sentence-similarity list sends one disallowedSentences[] part per line', async () => {
		const { items } = await run({
			resource: 'keywordList',
			operation: 'create',
			keywordListId: 'off-platform',
			category: 'sentence-similarity',
			disallowedSentences: "Let's move to WhatsApp\n\n  Call me, here is my number  ",
		});
		expect(apiRequests(emulator())[0].body).toEqual({
			id: 'off-platform',
			category: 'sentence-similarity',
			disallowedSentences: ["Let's move to WhatsApp", 'Call me, here is my number'],
		});
		expect(items[0].json).toMatchObject({ category: 'sentence-similarity', disallowedSentences: ["Let's move to WhatsApp", 'Call me, here is my number'] });
	});

	it('refuses no terms, a term with a comma, no sentence and an empty ID before sending; a taken ID fails with Continue On Fail', async () => {
		const create = {
			resource: 'keywordList',
			operation: 'create',
			keywordListId: '={{ $json.id }}',
			category: '={{ $json.category }}',
			searchTerms: '={{ $json.terms }}',
			disallowedSentences: '={{ $json.sentences }}',
		};
		const valid = { id: 'l', category: 'word', terms: 'a, b', sentences: 'One' };
		expectInputError(await run(create, [{ ...valid, id: '' }]), /'Keyword List ID' is empty/, /new list's ID/);
		expectInputError(await run(create, [{ ...valid, terms: ' , ' }]), /'Search Terms' is empty/, /words, separated by commas/);
		expectInputError(await run(create, [{ ...valid, terms: ['a,b'] }]), /'Search Terms' has a comma inside "a,b"/, /cannot hold one/);
		expectInputError(await run(create, [{ ...valid, category: 'pattern', terms: [] }]), /'Search Terms' is empty/, /patterns/);
		expectInputError(await run(create, [{ ...valid, category: 'sentence-similarity', sentences: ' \n ' }]), /'Disallowed Sentences' is empty/, /at least one/);
		expectInputError(await run(create, [{ ...valid, category: 'sentence-similarity', sentences: ['ok', 3] }]), /'Disallowed Sentences' has the number 3/, /list of texts/);
		expectInputError(await run(create, [{ ...valid, category: 'phrase' }]), /'Category'/, /.+/);
		expect(apiRequests(emulator())).toHaveLength(0);

		store().addKeywordList({ id: 'taken', searchTerms: ['x'] });
		const { items } = await run(create, [{ ...valid, id: 'taken' }, valid], { onError: 'continueRegularOutput' });
		expectErrorItem(items[0], 0, 'ERR_KEYWORD_ALREADY_EXISTS');
		expect(items[1].json).toMatchObject({ id: 'l', searchTerms: ['a', 'b'] });
		expect(store().keywordLists.get('taken')?.searchTerms).toEqual(['x']);
	});
});
