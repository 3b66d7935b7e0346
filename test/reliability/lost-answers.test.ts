/**
 * Writes tell the truth: a PUT or DELETE that the service applied, whose answer was lost (cut off
 * after the service did the work), is retried; the retry finds the work done ("not found" after a
 * delete, the same scope after a scope change) and the item reports it done, with
 * `appliedByEarlierAttempt`. The same answer on a first attempt stays the item's error. A POST that
 * can look for its own result (a send by its muid, a create by its ID) looks instead of resending,
 * and reports the write found the same way.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, useEmulator } from '../harness/suite';
import { report } from './report';

const emulator = useEmulator();

beforeEach(() => {
	const store = emulator().store;
	for (const uid of ['ada', 'bob', 'cy', 'helpbot']) store.addUser({ uid, name: uid });
	const group = store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob', 'cy'] } });
	store.banFromGroup(group, 'helpbot');
	store.addAuthToken('bob', { authToken: 'bob-token-1' });
	store.addBot({ uid: 'helpbot', webhookURL: 'https://example.com/bot' });
	store.addRule({
		id: 'no-spam',
		name: 'No spam',
		conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['spam'] }],
		action: ['blockMessage'],
	});
});

interface Write {
	name: string;
	parameters: INodeParameters;
	/** The request to cut off: method and path. */
	method: string;
	path: string;
	/** What the output says besides appliedByEarlierAttempt. */
	output: IDataObject;
	/** The service's state shows the write applied. */
	applied: () => boolean;
	/** The error code the same write gets on a target where there is nothing to do. */
	code: string;
}

const writes = (): Write[] => {
	const store = emulator().store;
	const group = () => store.groups.get('crew');
	const messageId = () => String([...store.messages.keys()][0]);
	return [
		{
			name: 'User → Delete (permanent)',
			parameters: { resource: 'user', operation: 'delete', uid: byId('cy'), permanent: true },
			method: 'DELETE',
			path: '/v3/users/cy',
			output: { deleted: true, uid: 'cy', permanent: true },
			applied: () => !store.users.has('cy'),
			code: 'ERR_UID_NOT_FOUND',
		},
		{
			name: 'Group → Delete',
			parameters: { resource: 'group', operation: 'delete', guid: byId('crew') },
			method: 'DELETE',
			path: '/v3/groups/crew',
			output: { deleted: true, guid: 'crew' },
			applied: () => group() === undefined,
			code: 'ERR_GUID_NOT_FOUND',
		},
		{
			name: 'Group Member → Remove',
			parameters: { resource: 'groupMember', operation: 'remove', guid: byId('crew'), uid: byId('bob') },
			method: 'DELETE',
			path: '/v3/groups/crew/members/bob',
			output: { removed: true, guid: 'crew', uid: 'bob' },
			applied: () => !group()!.members.has('bob'),
			code: 'ERR_NOT_A_MEMBER',
		},
		{
			name: 'Group Member → Unban',
			parameters: { resource: 'groupMember', operation: 'unban', guid: byId('crew'), uid: byId('helpbot') },
			method: 'DELETE',
			path: '/v3/groups/crew/bannedusers/helpbot',
			output: { unbanned: true, guid: 'crew', uid: 'helpbot' },
			applied: () => !group()!.banned.has('helpbot'),
			code: 'ERR_NOT_A_BANNED_USER',
		},
		{
			name: 'Group Member → Change Scope',
			parameters: { resource: 'groupMember', operation: 'changeScope', guid: byId('crew'), uid: byId('bob'), scope: 'admin' },
			method: 'PUT',
			path: '/v3/groups/crew/members/bob',
			output: { uid: 'bob', scope: 'admin' },
			applied: () => group()!.members.get('bob')?.scope === 'admin',
			code: 'ERR_SAME_SCOPE',
		},
		{
			name: 'Auth Token → Delete',
			parameters: { resource: 'authToken', operation: 'delete', uid: byId('bob'), authToken: 'bob-token-1' },
			method: 'DELETE',
			path: '/v3/users/bob/auth_tokens/bob-token-1',
			output: { deleted: true, uid: 'bob' },
			applied: () => !JSON.stringify(store.users.get('bob')).includes('bob-token-1'),
			code: 'ERR_AUTH_TOKEN_NOT_FOUND',
		},
		{
			name: 'Bot → Delete',
			parameters: { resource: 'bot', operation: 'delete', botUid: byId('helpbot') },
			method: 'DELETE',
			path: '/v3/bots/helpbot',
			output: { deleted: true, uid: 'helpbot' },
			applied: () => !store.bots.has('helpbot'),
			code: 'ERR_BOT_NOT_FOUND',
		},
		{
			name: 'Message → Delete (permanent)',
			parameters: { resource: 'message', operation: 'delete', messageId: byId(messageId()), permanent: true },
			method: 'DELETE',
			path: `/v3/messages/${messageId()}`,
			output: { deleted: true, id: messageId(), permanent: true },
			applied: () => store.messages.size === 0,
			code: 'ERR_MESSAGE_ID_NOT_FOUND',
		},
		{
			name: 'Blocked Message → Approve',
			parameters: { resource: 'blockedMessage', operation: 'approve', messageId: byId(messageId()) },
			method: 'PATCH',
			path: `/v3/moderation/blocked-messages/${messageId()}`,
			output: { id: messageId(), status: 'approved' },
			applied: () => store.blockedMessages.size === 0,
			code: 'ERR_MESSAGE_ID_NOT_FOUND',
		},
		{
			name: 'Moderation Rule → Delete',
			parameters: { resource: 'moderationRule', operation: 'delete', ruleId: byId('no-spam') },
			method: 'DELETE',
			path: '/v3/moderation/rules/no-spam',
			output: { deleted: true, id: 'no-spam' },
			applied: () => !store.rules.has('no-spam'),
			code: 'ERR_RULE_NOT_FOUND',
		},
	];
};

/** Each write by its name, built once the store of the test is set up. */
const names = [
	'User → Delete (permanent)',
	'Group → Delete',
	'Group Member → Remove',
	'Group Member → Unban',
	'Group Member → Change Scope',
	'Auth Token → Delete',
	'Bot → Delete',
	'Message → Delete (permanent)',
	'Blocked Message → Approve',
	'Moderation Rule → Delete',
];

function writeNamed(name: string): Write {
	if (name.startsWith('Message') || name.startsWith('Blocked')) emulator().store.addMessages(1, { sender: 'ada', receiver: 'bob' });
	if (name.startsWith('Blocked'))
		emulator().store.addBlocked({ messageId: String([...emulator().store.messages.keys()][0]), ruleId: 'no-spam' });
	return writes().find((write) => write.name === name)!;
}

const figures: string[] = [];
afterAll(() =>
	report('lost answers', {
		writes: names.length + postNames.length + sentAgainNames.length,
		reportedDone: figures.length,
		figures: figures.join('; '),
	}),
);

describe.each(names)('%s', (name) => {
	test('its answer cut off after the service applied it: retried, reported done, with appliedByEarlierAttempt', async () => {
		const write = writeNamed(name);
		emulator().injectNext(['truncated'], { method: write.method, pathPrefix: write.path });
		const { items, error } = await runNode(credentialsFor(emulator()), write.parameters);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ ...write.output, appliedByEarlierAttempt: true })]);
		expect(write.applied()).toBe(true);
		// The first attempt was applied and cut off; the retry found the work done.
		expect(apiRequests(emulator()).filter((r) => r.method === write.method && r.path === write.path)).toHaveLength(2);
		figures.push(name);
	});

	test('with nothing lost, the same answer on a first attempt stays an error (Continue On Fail: the item carries it)', async () => {
		const write = writeNamed(name);
		const first = await runNode(credentialsFor(emulator()), write.parameters);
		expect(first.error).toBeUndefined();
		expect(first.items[0].json.appliedByEarlierAttempt).toBeUndefined();
		const again = await runNode(credentialsFor(emulator()), write.parameters);
		expect(again.error?.description).toContain(write.code);
		const carriedOn = await runNode(credentialsFor(emulator()), write.parameters, [{}], { continueOnFail: true });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items.map((item) => [typeof item.json.error, item.json.appliedByEarlierAttempt])).toEqual([['string', undefined]]);
	});
});

/** POSTs that look for their result before they resend: the request whose answer is cut off, the lookup, and the state. */
const lookingPosts = (): Array<[string, INodeParameters, string, string, () => number]> => {
	const store = emulator().store;
	return [
		[
			'Message → Send',
			{ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverType: 'user', receiverUid: byId('bob'), text: 'Hi' },
			'/v3/messages',
			'GET /v3/messages',
			() => store.messages.size,
		],
		[
			'User → Create',
			{ resource: 'user', operation: 'create', uid: 'neo', name: 'Neo', additionalFields: {} },
			'/v3/users',
			'GET /v3/users/neo',
			() => (store.users.has('neo') ? 1 : 0),
		],
		[
			'Group → Create',
			{ resource: 'group', operation: 'create', guid: 'club', name: 'Club', type: 'public' },
			'/v3/groups',
			'GET /v3/groups/club',
			() => (store.groups.has('club') ? 1 : 0),
		],
		[
			'Bot → Create',
			{ resource: 'bot', operation: 'create', uid: byId('cy'), webhookURL: 'https://example.com/cy' },
			'/v3/bots',
			'GET /v3/bots/cy',
			() => (store.bots.has('cy') ? 1 : 0),
		],
	];
};

const postNames = ['Message → Send', 'User → Create', 'Group → Create', 'Bot → Create'];

describe.each(postNames)('%s', (name) => {
	test('its answer cut off after the service applied it: looked up, not sent again, reported done with appliedByEarlierAttempt', async () => {
		const [, parameters, path, lookup, stored] = lookingPosts().find(([named]) => named === name)!;
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: path });
		const { items, error } = await runNode(credentialsFor(emulator()), parameters);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.appliedByEarlierAttempt)).toEqual([true]);
		expect(stored()).toBe(1);
		const requests = apiRequests(emulator()).map((r) => `${r.method} ${r.path}`);
		expect(requests).toEqual([`POST ${path}`, lookup]);
		figures.push(name);
	});
});

/** Writes safe to send again as they are (`retrySafe`): the request whose answer is cut off, and the state after. */
const sentAgain = (): Array<[string, INodeParameters, string, IDataObject, () => boolean]> => {
	const store = emulator().store;
	return [
		[
			'Flagged Message → Approve',
			{ resource: 'flaggedMessage', operation: 'approve', messageId: byId('9001') },
			'PATCH /v3/moderation/flagged-messages/9001',
			{ id: '9001', status: 'approved' },
			() => store.pageFlagged('pending', 1, 100).length === 0,
		],
		[
			'User → Create or Update',
			{ resource: 'user', operation: 'upsert', uid: 'neo', name: 'Neo', additionalFields: {} },
			'POST /v3/users',
			{ uid: 'neo', name: 'Neo' },
			() => store.users.get('neo')?.name === 'Neo',
		],
	];
};

const sentAgainNames = ['Flagged Message → Approve', 'User → Create or Update'];

describe.each(sentAgainNames)('%s', (name) => {
	test('its answer cut off after the service applied it: sent again, reported done, applied once', async () => {
		const store = emulator().store;
		store.addMessage({ id: '9001', sender: 'ada', receiver: 'bob', data: { text: 'buy now' } });
		store.addFlag({ messageId: '9001', uid: 'cy', reasonId: store.reasons.keys().next().value ?? 'spam', flaggedAt: 1_790_000_000 });
		const [, parameters, request, output, applied] = sentAgain().find(([named]) => named === name)!;
		const [method, path] = request.split(' ');
		emulator().injectNext(['truncated'], { method, pathPrefix: path });
		const { items, error } = await runNode(credentialsFor(emulator()), parameters);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining(output)]);
		expect(applied()).toBe(true);
		expect(apiRequests(emulator()).filter((r) => `${r.method} ${r.path}` === request)).toHaveLength(2);
		figures.push(name);
	});
});

test('Flagged Message → Approve applied, its answer cut off, every retry failing: the error says it may have been applied, and that running it again is safe', async () => {
	const store = emulator().store;
	store.addMessage({ id: '9001', sender: 'ada', receiver: 'bob', data: { text: 'buy now' } });
	store.addFlag({ messageId: '9001', uid: 'cy', reasonId: store.reasons.keys().next().value ?? 'spam', flaggedAt: 1_790_000_000 });
	emulator().injectNext(['truncated', '500', '500', '500', '500'], {
		method: 'PATCH',
		pathPrefix: '/v3/moderation/flagged-messages/9001',
	});
	const { items } = await runNode(
		credentialsFor(emulator()),
		{ resource: 'flaggedMessage', operation: 'approve', messageId: byId('9001') },
		[{}],
		{
			continueOnFail: true,
		},
	);
	expect(store.pageFlagged('pending', 1, 100)).toHaveLength(0);
	expect(items[0].error?.context?.mayHaveBeenApplied).toBe(true);
	expect(items[0].error?.description).toContain('may have been applied: running it again is safe');
});
