/**
 * The moderation set-up: Moderation Reason (create, get, update, delete), through n8n's engine against
 * the emulator.
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
