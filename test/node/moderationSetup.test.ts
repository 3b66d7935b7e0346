/**
 * The moderation set-up: Moderation Reason (create, get, update, delete), Moderation Rule (create,
 * get), Keyword List (create, update, delete; multipart bodies), Moderated Message (submit, get, get
 * many, delete) and Reviewed Message (get many), through n8n's engine against the emulator.
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
				json: {
					id: 'scam',
					name: 'Scam',
					description: 'Tries to trick people out of money',
					createdAt: 1_800_000_000,
					updatedAt: 1_800_000_000,
				},
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
		const { items } = await run(
			parameters,
			[
				{ id: 'spam', name: 'Spam again' },
				{ id: 'fraud', name: 'Fraud' },
			],
			{
				onError: 'continueRegularOutput',
			},
		);
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
		expectInputError(await run({ ...create, conditions: {} }, [valid]), /The rule has no condition/, /Add a condition under 'Conditions'/);
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
		expect(request.body).toEqual({
			id: 'profanity',
			name: 'Profanity',
			description: 'Mild words',
			category: 'word',
			searchTerms: 'darn,heck',
		});
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
		expect(items[0].json).toMatchObject({
			id: 'profanity',
			name: 'Profanity',
			searchTerms: ['heck', 'drat'],
			revisionId: expect.stringMatching(/_2$/),
		});
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

	it('Update is retried after a 503 with the same multipart body', async () => {
		store().addKeywordList({ id: 'profanity', name: 'Profanity', searchTerms: ['darn'] });
		emulator().injectNext(['503'], { method: 'PUT', pathPrefix: '/v3/moderation/keywords/profanity' });
		const { items, error } = await run({
			resource: 'keywordList',
			operation: 'update',
			keywordListId: byId('profanity'),
			searchTerms: 'heck',
		});
		expect(error).toBeUndefined();
		const puts = apiRequests(emulator()).filter((request) => request.method === 'PUT');
		expect(puts.map((request) => [request.status, request.body])).toEqual([
			[503, { category: 'word', searchTerms: 'heck' }],
			[200, { category: 'word', searchTerms: 'heck' }],
		]);
		expect(items[0].json).toMatchObject({ searchTerms: ['heck'] });
	});

	it("Update from a CSV file saved as UTF-16 (Excel's Unicode Text) replaces the terms; Get reads them back exactly", async () => {
		store().addKeywordList({ id: 'profanity', name: 'Profanity', searchTerms: ['darn'] });
		// UTF-16 LE with its byte order mark, one term per line, as Excel saves "Unicode Text".
		const bytes = Buffer.from('\ufeffcafé\r\nnaïve\r\n日本\r\n', 'utf16le');
		const { error } = await run({ resource: 'keywordList', operation: 'update', keywordListId: byId('profanity'), termsFrom: 'binary' }, [
			{ $binary: { data: { base64: bytes.toString('base64'), fileName: 'unicode.txt', mimeType: 'text/plain' } } },
		]);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request.body).toEqual({ category: 'word', searchTerms: '', file: 'café\r\nnaïve\r\n日本\r\n' });
		expect(request.fileParts).toEqual({ file: { fileName: 'unicode.txt', mimeType: 'text/csv' } });
		const { items } = await run({ resource: 'keywordList', operation: 'get', keywordListId: byId('profanity') });
		expect(items[0].json).toMatchObject({ id: 'profanity', name: 'Profanity', searchTerms: ['café', 'naïve', '日本'], isCSV: true });

		// A file of separators only is refused before sending; the list keeps its terms.
		emulator().clearRequests();
		expectInputError(
			await run({ resource: 'keywordList', operation: 'update', keywordListId: byId('profanity'), termsFrom: 'binary' }, [
				{ $binary: { data: { text: ',,\n,', fileName: 'blank.csv' } } },
			]),
			/'Input Binary Field' names the binary property "data", whose file "blank\.csv" holds no term/,
			/Put the terms in the file/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		expect(store().keywordLists.get('profanity')?.searchTerms).toEqual(['café', 'naïve', '日本']);
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
		expect(items[0].json).toMatchObject({
			category: 'sentence-similarity',
			disallowedSentences: ["Let's move to WhatsApp", 'Call me, here is my number'],
		});
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
		expectInputError(
			await run(create, [{ ...valid, category: 'sentence-similarity', sentences: ' \n ' }]),
			/'Disallowed Sentences' is empty/,
			/at least one/,
		);
		expectInputError(
			await run(create, [{ ...valid, category: 'sentence-similarity', sentences: ['ok', 3] }]),
			/'Disallowed Sentences' has the number 3/,
			/list of texts/,
		);
		expectInputError(await run(create, [{ ...valid, category: 'phrase' }]), /'Category'/, /.+/);
		expect(apiRequests(emulator())).toHaveLength(0);

		store().addKeywordList({ id: 'taken', searchTerms: ['x'] });
		const { items } = await run(create, [{ ...valid, id: 'taken' }, valid], { onError: 'continueRegularOutput' });
		expectErrorItem(items[0], 0, 'ERR_KEYWORD_ALREADY_EXISTS');
		expect(items[1].json).toMatchObject({ id: 'l', searchTerms: ['a', 'b'] });
		expect(store().keywordLists.get('taken')?.searchTerms).toEqual(['x']);
	});
});

describe('Moderated Message', () => {
	beforeEach(() => {
		for (const uid of ['ada', 'bob', 'cy']) store().addUser({ uid, name: uid.toUpperCase() });
		store().addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
		store().addRule({
			id: 'no-spam',
			name: 'No spam',
			conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['spam'] }],
			action: ['blockMessage'],
		});
	});
	const submit = (extra: INodeParameters) =>
		run({
			resource: 'moderatedMessage',
			operation: 'submit',
			sender: byId('ada'),
			receiverType: 'user',
			receiverUid: byId('bob'),
			...extra,
		});

	it('Submit sends the message for moderation: a clean one is approved, one a rule holds is pending and blocked', async () => {
		const clean = await submit({
			text: 'Hello Bob',
			additionalFields: { metadata: '{"ticket": 7}', tags: 'support', muid: 'm-1', sentAt: 1_800_000_000 },
		});
		expect(clean.error).toBeUndefined();
		expect(sent()).toEqual([
			{
				method: 'POST',
				path: '/v3/moderation/messages',
				body: {
					sender: 'ada',
					receiver: 'bob',
					receiverType: 'user',
					category: 'message',
					type: 'text',
					data: { text: 'Hello Bob', metadata: { ticket: 7 } },
					muid: 'm-1',
					tags: ['support'],
					sentAt: 1_800_000_000,
				},
			},
		]);
		expect(clean.items[0].json).toMatchObject({
			sender: 'ada',
			receiver: 'bob',
			sentAt: 1_800_000_000,
			data: { text: 'Hello Bob', moderation: { status: 'approved' } },
		});
		const held = await submit({ receiverType: 'group', receiverGuid: byId('crew'), text: 'buy spam now' });
		expect(apiRequests(emulator()).at(-1)?.body).toMatchObject({ receiver: 'crew', receiverType: 'group' });
		expect(held.items[0].json).toMatchObject({ receiver: 'crew', data: { moderation: { status: 'pending' } } });
		expect(store().blockedMessages.has(held.items[0].json.id as string)).toBe(true);
	});

	it('Get Many lists the submitted messages (not the others), with the filters, following meta.next', async () => {
		store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'sent the usual way' } });
		for (let i = 1; i <= 3; i++) await submit({ text: `note ${i}` });
		await submit({ text: 'spam spam' });
		await submit({ sender: byId('cy'), text: 'from cy' });
		emulator().clearRequests();

		const all = await run({ resource: 'moderatedMessage', operation: 'getAll', returnAll: true });
		expect(all.items.map((item) => item.json.text)).toEqual(['note 1', 'note 2', 'note 3', 'spam spam', 'from cy']);
		expect(all.items[3].json).toMatchObject({ sender: 'ada', status: 'pending' });
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/moderation/messages', query: { limit: '100' } });

		emulator().clearRequests();
		const pending = await run({
			resource: 'moderatedMessage',
			operation: 'getAll',
			returnAll: true,
			filters: { sender: 'ada', receiverUID: 'bob', moderationStatus: 'pending', category: 'message', type: 'text' },
		});
		expect(pending.items.map((item) => item.json.text)).toEqual(['spam spam']);
		expect(apiRequests(emulator())[0].query).toEqual({
			sender: 'ada',
			receiverUID: 'bob',
			category: 'message',
			type: 'text',
			moderationStatus: 'pending',
			limit: '100',
		});
	});

	it('Return All follows the cursor over 150 submitted messages, each once', async () => {
		for (let i = 0; i < 150; i++) await submit({ text: `n${i}`, additionalFields: { sentAt: 1_700_000_000 + i } });
		emulator().clearRequests();
		const { items } = await run({ resource: 'moderatedMessage', operation: 'getAll', returnAll: true });
		expect(items).toHaveLength(150);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(150);
		const queries = apiRequests(emulator()).map((request) => request.query);
		expect(queries).toHaveLength(2);
		expect(queries[1]).toEqual({ limit: '100', affix: 'append', sentAt: String(1_700_000_100), id: items[100].json.id });
	});

	it('Get reads a message with its status; Delete removes it and its blocked record; an unknown ID fails', async () => {
		const held = await submit({ text: 'more spam' });
		const id = held.items[0].json.id as string;
		const got = await run({ resource: 'moderatedMessage', operation: 'get', messageId: byId(id) });
		expect(got.items[0].json).toMatchObject({ id, data: { text: 'more spam', moderation: { status: 'pending' } } });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'GET', path: `/v3/moderation/messages/${id}` });

		emulator().clearRequests();
		const deleted = await run({ resource: 'moderatedMessage', operation: 'delete', messageId: byId(id) });
		expect(deleted.items).toEqual([{ json: { id, deleted: true }, pairedItem: { item: 0 } }]);
		expect(sent()).toEqual([{ method: 'DELETE', path: `/v3/moderation/messages/${id}`, body: undefined }]);
		expect(store().messages.has(id)).toBe(false);
		expect(store().blockedMessages.has(id)).toBe(false);
		expectServiceError(
			await run({ resource: 'moderatedMessage', operation: 'get', messageId: byId(id) }),
			'ERR_MESSAGE_ID_NOT_FOUND',
			'404',
		);
	});

	it('Submit refuses an empty text, a missing receiver or a bad sender before sending; an unknown receiver fails with Continue On Fail', async () => {
		const parameters = {
			resource: 'moderatedMessage',
			operation: 'submit',
			sender: byId('={{ $json.sender }}'),
			receiverType: '={{ $json.type }}',
			receiverUid: byId('={{ $json.uid }}'),
			receiverGuid: byId('={{ $json.guid }}'),
			text: '={{ $json.text }}',
		};
		const valid = { sender: 'ada', type: 'user', uid: 'bob', guid: 'crew', text: 'hi' };
		expectInputError(await run(parameters, [{ ...valid, text: '' }]), /'Text' is empty/, /Enter the text of the message/);
		expectInputError(await run(parameters, [{ ...valid, sender: 'Ada' }]), /'Sender'/, /.+/);
		expectInputError(await run(parameters, [{ ...valid, uid: '' }]), /'Receiver User' is empty/, /.+/);
		expectInputError(await run(parameters, [{ ...valid, type: 'group', guid: ' ' }]), /'Receiver Group' is empty/, /.+/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const { items } = await run(parameters, [{ ...valid, uid: 'nobody' }, valid], { onError: 'continueRegularOutput' });
		expectErrorItem(items[0], 0, 'ERR_UID_NOT_FOUND');
		expect(items[1].json).toMatchObject({ receiver: 'bob' });
	});
});

describe('Reviewed Message → Get Many', () => {
	beforeEach(() => {
		for (const uid of ['ada', 'bob']) store().addUser({ uid, name: uid.toUpperCase() });
		store().addRule({ id: 'no-spam', name: 'No spam', conditions: [{ value: ['spam'] }], action: ['blockMessage'] });
	});

	it('lists the messages reviewed through Blocked and Flagged Message, the latest review first', async () => {
		const blocked = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'spam offer' } });
		store().addBlocked({ messageId: blocked.id, ruleId: 'no-spam' });
		const flagged = store().addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'rude words' } });
		store().addFlag({ messageId: flagged.id, uid: 'ada', reasonId: 'harassment' });
		const untouched = store().addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'other' } });
		store().addFlag({ messageId: untouched.id, uid: 'ada', reasonId: 'spam' });

		expect((await run({ resource: 'reviewedMessage', operation: 'getAll' })).items).toEqual([]);

		store().setClock(1_800_000_000);
		await run({ resource: 'blockedMessage', operation: 'reject', messageId: blocked.id });
		store().setClock(1_800_000_100);
		await run({ resource: 'flaggedMessage', operation: 'disapprove', messageId: flagged.id });
		emulator().clearRequests();

		const { items, error } = await run({ resource: 'reviewedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ id: flagged.id, sender: 'bob', receiver: 'ada', text: 'rude words', status: 'disapproved', reason: 'Harassment', flaggedCount: 1 },
			{
				id: blocked.id,
				sender: 'ada',
				receiver: 'bob',
				text: 'spam offer',
				status: 'disapproved',
				ruleId: 'no-spam',
				ruleName: 'No spam',
				createdAt: expect.any(Number),
				createdAtIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
			},
		]);
		expect(apiRequests(emulator())).toHaveLength(1);
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/moderation/reviewed-messages', query: { limit: '100', page: '1' } });

		const raw = await run({ resource: 'reviewedMessage', operation: 'getAll', limit: 1, options: { simplify: false } });
		expect(raw.items).toHaveLength(1);
		expect(raw.items[0].json).toMatchObject({
			id: flagged.id,
			appId: expect.any(String),
			flaggedBy: [expect.objectContaining({ uid: 'ada' })],
		});
		expect(apiRequests(emulator()).at(-1)?.query).toEqual({ limit: '1', page: '1' });
	});

	it('a wrong API key fails with the service code', async () => {
		const result = await runNode(credentialsFor(emulator(), { apiKey: 'wrong' }), { resource: 'reviewedMessage', operation: 'getAll' });
		expectServiceError(result, 'AUTH_ERR_APIKEY_NOT_FOUND', '401');
	});
});

describe('the set-up deletes, their answer lost after the service applied them', () => {
	it.each([
		[
			'Moderation Reason → Delete',
			{ resource: 'moderationReason', reasonId: byId('violence') },
			'/v3/moderation/reasons/violence',
			'violence',
		],
		['Keyword List → Delete', { resource: 'keywordList', keywordListId: byId('words') }, '/v3/moderation/keywords/words', 'words'],
		['Moderated Message → Delete', { resource: 'moderatedMessage', messageId: byId('7') }, '/v3/moderation/messages/7', '7'],
	])('%s: retried, and the "not found" of the retry is the delete done', async (_name, parameters, path, id) => {
		store().addUser({ uid: 'ada', name: 'Ada' });
		store().addUser({ uid: 'bob', name: 'Bob' });
		store().addKeywordList({ id: 'words', searchTerms: ['x'] });
		store().addMessage({ id: '7', sender: 'ada', receiver: 'bob', data: { text: 'hi' } });
		emulator().injectNext(['truncated'], { method: 'DELETE', pathPrefix: path });
		const { items, error } = await run({ ...parameters, operation: 'delete' } as INodeParameters);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ id, deleted: true, appliedByEarlierAttempt: true }]);
		expect(apiRequests(emulator()).filter((request) => request.path === path)).toHaveLength(2);
	});
});
