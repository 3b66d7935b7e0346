/**
 * A CometChat error that refuses a value names the field that held it, as the node's own checks
 * name theirs ("The UID nobody-here does not exist ('Receiver User' field) [item 0]"), through
 * n8n's engine against the emulator. Only the field's label is added: never a value, and never a
 * secret (an auth token is an ID too).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { refusedLabels } from '../../nodes/CometChat/actions/refusedField';
import type { IdRead } from '../../nodes/CometChat/readers/idsRead';
import { credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = async (parameters: INodeParameters, input?: IDataObject[], options = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, options);

const TOKEN = 'ada_1700000001aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1111';

beforeEach(() => {
	const store = emulator().store;
	for (const uid of ['ada', 'bob', 'owner']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addGroup({ guid: 'crew', name: 'Crew', owner: 'owner', members: { admins: ['ada'], participants: ['bob'] } });
	store.addAuthToken('ada', { authToken: TOKEN });
});

const send = (extra: INodeParameters): INodeParameters => ({
	resource: 'message',
	operation: 'send',
	onBehalfOf: byId('ada'),
	receiverType: 'user',
	receiverUid: byId('bob'),
	text: 'Hi',
	...extra,
});

describe('a refused value names its field', () => {
	it('the receiver, the sender, or both when both hold it', async () => {
		const receiver = await run(send({ receiverUid: byId('nobody-here') }));
		expectServiceError(receiver, 'ERR_UID_NOT_FOUND', '404');
		expect(receiver.error?.message).toBe("The UID nobody-here does not exist ('Receiver User' field) [item 0]");

		const sender = await run(send({ onBehalfOf: byId('ghost') }));
		expect(sender.error?.message).toBe("The UID ghost does not exist ('Sender' field) [item 0]");

		const both = await run(send({ onBehalfOf: byId('ghost'), receiverUid: byId('ghost') }));
		expect(both.error?.message).toBe("The UID ghost does not exist ('Sender' or 'Receiver User' field) [item 0]");
	});

	it('names the field of the item that failed, in the Continue On Fail item too', async () => {
		const parameters = send({ receiverUid: byId('={{ $json.to }}') });
		const { items, error } = await run(parameters, [{ to: 'bob' }, { to: 'nobody-here' }], { onError: 'continueRegularOutput' });
		expect(error).toBeUndefined();
		expect(items[0].json.receiver).toBe('bob');
		expectErrorItem(items[1], 1, 'ERR_UID_NOT_FOUND');
		expect(items[1].json.error).toBe("The UID nobody-here does not exist ('Receiver User' field) [item 1]");
	});

	it('a GUID, a message ID and an option of Additional Fields', async () => {
		const group = await run({ resource: 'group', operation: 'get', guid: byId('nowhere') });
		expect(group.error?.message).toBe("The GUID nowhere does not exist ('Group' field) [item 0]");

		const message = await run({ resource: 'message', operation: 'get', messageId: byId('404404') });
		expect(message.error?.message).toBe("The message with id 404404 does not exist ('Message' field) [item 0]");

		const quoted = await run(send({ additionalFields: { quotedMessageId: '404404' } }));
		expectServiceError(quoted, 'ERR_MESSAGE_ID_NOT_FOUND', '404');
		expect(quoted.error?.message).toContain("('Quoted Message ID' field) [item 0]");
	});

	it('the one of two UIDs the message names: the member, not the admin acting', async () => {
		const result = await run({
			resource: 'groupMember',
			operation: 'remove',
			guid: byId('crew'),
			uid: byId('owner'),
			onBehalfOf: byId('ada'),
		});
		expectServiceError(result, 'ERR_GROUP_NO_CLEARANCE', '403');
		// Not a refused value: the message stays CometChat's own.
		expect(result.error?.message).not.toContain('field)');

		emulator().store.addUser({ uid: 'cy', name: 'Cy' });
		const stranger = await run({
			resource: 'groupMember',
			operation: 'remove',
			guid: byId('crew'),
			uid: byId('cy'),
			onBehalfOf: byId('ada'),
		});
		expectServiceError(stranger, 'ERR_NOT_A_MEMBER', '404');
		expect(stranger.error?.message).toMatch(/uid cy is not a member .* \('Member' field\) \[item 0\]$/);
	});

	it('a UID read as a plain ID (Owner UID)', async () => {
		const result = await run({ resource: 'group', operation: 'update', guid: byId('crew'), updateFields: { owner: 'ghost' } });
		expect(result.error?.message).toBe("The UID ghost does not exist ('Owner UID' field) [item 0]");
	});

	it('a secret refused: the field is named by the code, the token is in neither message nor description', async () => {
		const result = await run({ resource: 'authToken', operation: 'get', uid: byId('bob'), authToken: TOKEN });
		expectServiceError(result, 'ERR_AUTH_TOKEN_NOT_FOUND', '404');
		expect(result.error?.message).toMatch(/\('Auth Token' field\) \[item 0\]$/);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(TOKEN);
	});

	it('a message without the value: the code names the field', async () => {
		const unknown = 'ffffffffffffffffffffffffffffffffffffffff';
		const result = await run({ resource: 'apiKey', operation: 'get', apiKey: unknown });
		expectServiceError(result, 'ERR_APIKEY_NOT_FOUND', '404');
		expect(result.error?.message).toBe("The API key requested does not exist ('API Key' field) [item 0]");
	});

	it('Send and Wait names the receiver too', async () => {
		const result = await run({
			resource: 'message',
			operation: 'sendAndWait',
			onBehalfOf: byId('ada'),
			receiverType: 'user',
			receiverUid: byId('nobody-here'),
			message: 'May I?',
		});
		expect(result.error?.message).toBe("The UID nobody-here does not exist ('Receiver User' field) [item 0]");
	});
});

describe('which field, when the node cannot be sure', () => {
	const ids: IdRead[] = [
		{ label: 'Act As', value: 'ada', kind: 'uid' },
		{ label: 'Owner UID', value: 'bob', kind: 'id' },
		{ label: 'Group', value: 'crew', kind: 'guid' },
		{ label: 'Rule ID', value: 'r1', kind: 'id' },
	];
	it.each([
		['the value named, of a plain ID', 'ERR_UID_NOT_FOUND', 'uid', 'The UID bob does not exist.', ['Owner UID']],
		['a value only inside another word', 'ERR_UID_NOT_FOUND', 'uid', 'The UID bobby does not exist.', []],
		['no value, one field of the kind', 'ERR_GUID_NOT_FOUND', 'guid', 'The group does not exist.', ['Group']],
		['no value, a UID field and a plain one naming UIDs', 'ERR_UID_NOT_FOUND', 'uid', 'The user does not exist.', []],
		['a value no field held (e.g. from a JSON field)', 'ERR_KEYWORD_NOT_FOUND', 'id', 'The keyword list k9 does not exist.', []],
		['the code names a plain field', 'ERR_RULE_NOT_FOUND', 'id', 'The rule does not exist.', ['Rule ID']],
	] as const)('%s', (_case, code, kind, message, labels) => {
		expect(refusedLabels(ids, code, kind, message)).toEqual(labels);
	});

	// Push Token → Delete reads both tokens (secrets, cut from the message), Call → Get a session.
	const tokens: IdRead[] = [
		{ label: 'Auth Token', value: 'secret-1', kind: 'id' },
		{ label: 'Push Token', value: 'secret-2', kind: 'id' },
		{ label: 'Session ID', value: 's1', kind: 'id' },
	];
	it.each([
		['the whole noun first: AUTH_TOKEN is Auth Token, not Push Token', 'ERR_AUTH_TOKEN_NOT_FOUND', ['Auth Token']],
		['PUSH_TOKEN is Push Token', 'ERR_PUSH_TOKEN_NOT_FOUND', ['Push Token']],
		['else its last word: CALL_SESSION is Session ID', 'ERR_CALL_SESSION_NOT_FOUND', ['Session ID']],
		['a noun no label holds', 'ERR_WEBHOOK_NOT_FOUND', []],
	] as const)('%s', (_case, code, labels) => {
		expect(refusedLabels(tokens, code, 'id', 'The token [redacted] does not exist.')).toEqual(labels);
	});
});
