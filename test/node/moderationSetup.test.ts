/**
 * The moderation set-up: Moderation Reason (create, get, update, delete), Moderation Rule (create,
 * get), through n8n's engine against the emulator.
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
