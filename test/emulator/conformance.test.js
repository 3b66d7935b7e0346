// Conformance: for every example answer in CometChat's docs (kept in the repository as
// fixtures/openapi-examples.json; see docs/cometchat-api.md), build equivalent data in the emulator, call the endpoint and
// compare the SHAPE: the same keys with the same JSON types, recursively (arrays by their first
// element). Keys the emulator adds must be listed, with a reason, in `extra`; keys of the example
// the emulator leaves out must be listed, with a reason, in `skip`.
const fs = require('fs');
const { useStarted, enc } = require('./helpers');

const fixture = require('./fixtures/openapi-examples.json');
const EX = fixture.examples;

const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Compares the shape of `actual` with `example`. */
function diffShape(example, actual, at = '$', out = { missing: [], mismatched: [], extra: [] }) {
	const te = typeOf(example);
	const ta = typeOf(actual);
	if (te !== ta) {
		out.mismatched.push(`${at}: ${te} in the example, ${ta} in the emulator`);
		return out;
	}
	if (te === 'object') {
		for (const k of Object.keys(example)) {
			if (!(k in actual)) out.missing.push(`${at}.${k}`);
			else diffShape(example[k], actual[k], `${at}.${k}`, out);
		}
		for (const k of Object.keys(actual)) if (!(k in example)) out.extra.push(`${at}.${k}`);
	} else if (te === 'array' && example.length > 0) {
		if (actual.length === 0) out.missing.push(`${at}[0]`);
		else diffShape(example[0], actual[0], `${at}[0]`, out);
	}
	return out;
}

/**
 * @param {string} key fixture key
 * @param {import('axios').AxiosResponse} res
 * @param {{ skip?: Record<string, string>, extra?: Record<string, string> }} [allow] path → reason
 */
function expectConforms(key, res, allow = {}) {
	expect(res.status).toBe(200);
	const d = diffShape(EX[key], res.data);
	const skip = allow.skip ?? {};
	const extra = allow.extra ?? {};
	expect({ key, missing: d.missing.filter((p) => !(p in skip)), mismatched: d.mismatched }).toEqual({ key, missing: [], mismatched: [] });
	expect({ key, unexplainedExtra: d.extra.filter((p) => !(p in extra)) }).toEqual({ key, unexplainedExtra: [] });
	// every listed exception must still be needed (keeps the lists honest)
	for (const p of Object.keys(skip))
		expect({ key, skipNoLongerNeeded: p, needed: d.missing.includes(p) }).toEqual({ key, skipNoLongerNeeded: p, needed: true });
	for (const p of Object.keys(extra))
		expect({ key, extraNoLongerPresent: p, present: d.extra.includes(p) }).toEqual({ key, extraNoLongerPresent: p, present: true });
}

/** Reasons shared by several tests. */
const WHY = {
	moderation:
		'The docs give every message data.moderation.status (see docs/cometchat-api.md, Messages); the emulator always sends it, the older examples predate it.',
	createdAtEntity: 'Embedded user entities carry createdAt in every other example (send, thread, edit).',
};

const ctx = useStarted();
beforeEach(() => {
	ctx.emu.store.reset();
	ctx.emu.store.setClock(1700000000);
});

const s = () => ctx.emu.store;
/** users of the examples */
function heroes() {
	s().addRole({ role: 'manager', name: 'manager' });
	s().addUser({ uid: 'superhero4', name: 'Wolverine', avatar: 'https://x/4.png', createdAt: 1600000000 });
	s().addUser({
		uid: 'superhero3',
		name: 'Captain America',
		link: 'https://data-us.cometchat.io/assets',
		avatar: 'https://x/3.png',
		metadata: { contactNumber: '0123456789' },
		createdAt: 1629869270,
		updatedAt: 1638351060,
	});
	s().addUser({ uid: 'superhero2', name: 'Captain America', avatar: 'https://x/2.png', createdAt: 1629869270, updatedAt: 1630308676 });
	s().addUser({
		uid: 'superhero6',
		name: 'Barry Allen',
		link: 'http://placehold.it',
		avatar: 'http://placehold.it/120x120&text=image1',
		metadata: { email: 'user@email.com', contactNumber: '0123456789' },
		role: 'manager',
		createdAt: 1638354015,
		updatedAt: 1638354799,
	});
}

test('the fixture: one example answer per endpoint, lists in one of the three paging envelopes', () => {
	const keys = Object.keys(EX);
	expect(keys.length).toBeGreaterThan(0);
	for (const key of keys) {
		expect({ key, wellFormed: /^(GET|POST|PUT|PATCH|DELETE) \/\S+$/.test(key) }).toEqual({ key, wellFormed: true });
		const ex = EX[key];
		expect({ key, hasData: typeOf(ex) === 'object' && 'data' in ex }).toEqual({ key, hasData: true });
		if (ex.meta === undefined) continue;
		// page-numbered: meta.pagination; cursor and moderation lists: meta.current (see docs/cometchat-api.md, Paging)
		const envelope = 'pagination' in ex.meta ? 'pagination' : 'current' in ex.meta ? 'current' : 'unknown';
		expect({ key, envelope, listData: Array.isArray(ex.data) }).toEqual({
			key,
			envelope: expect.stringMatching(/^(pagination|current)$/),
			listData: true,
		});
	}
});

test('POST /users', async () => {
	s().addRole({ role: 'manager', name: 'manager' });
	const ex = EX['POST /users'].data;
	const res = await ctx.api.post('/users', {
		uid: ex.uid,
		name: ex.name,
		link: ex.link,
		avatar: ex.avatar,
		metadata: ex.metadata,
		role: ex.role,
		tags: ex.tags,
		withAuthToken: true,
	});
	expectConforms('POST /users', res);
});

test('PUT /users/{uid}', async () => {
	heroes();
	const ex = EX['PUT /users/{uid}'].data;
	const res = await ctx.api.put('/users/superhero6', {
		name: ex.name,
		link: ex.link,
		avatar: ex.avatar,
		metadata: ex.metadata,
		role: ex.role,
		tags: ex.tags,
	});
	expectConforms('PUT /users/{uid}', res);
});

test('GET /users', async () => {
	heroes();
	s().blockUser('superhero4', 'superhero3', 1638346853);
	const res = await ctx.as('superhero4').get('/users');
	expectConforms('GET /users', res);
	const third = res.data.data.find((u) => u.uid === 'superhero3');
	expect(diffShape(EX['GET /users'].data[2], third)).toEqual({ missing: [], mismatched: [], extra: [] });
});

test('GET /users/{uid}/friends', async () => {
	heroes();
	s().addFriends('superhero4', ['superhero6', 'superhero2', 'superhero3']);
	expectConforms('GET /users/{uid}/friends', await ctx.api.get('/users/superhero4/friends'));
});

test('PUT /users/{uid}/auth_tokens/{authToken}', async () => {
	s().addUser({ uid: 'superhero1', name: 'Iron Man', authTokens: ['superhero1_1630306819c3027ce530b2367f3c97b4106f0cb8'] });
	const res = await ctx.api.put(`/users/superhero1/auth_tokens/${enc('superhero1_1630306819c3027ce530b2367f3c97b4106f0cb8')}`, {
		platform: 'web',
		userAgent: 'jest',
		appInfo: { version: '1' },
	});
	expectConforms('PUT /users/{uid}/auth_tokens/{authToken}', res);
});

test('PUT /users and DELETE /users (reactivate, deactivate)', async () => {
	for (const uid of ['cometchat-uid-2', 'cometchat-uid-3']) s().addUser({ uid, name: uid });
	expectConforms('DELETE /users', await ctx.api.delete('/users', { data: { uidsToDeactivate: ['cometchat-uid-2', 'cometchat-uid-3'] } }));
	expectConforms('PUT /users', await ctx.api.put('/users', { uidsToActivate: ['cometchat-uid-2', 'cometchat-uid-3'] }));
});

test('DELETE /users/{uid}', async () => {
	s().addUser({ uid: 'cometchat-uid-5', name: 'John Paul' });
	expectConforms('DELETE /users/{uid}', await ctx.api.delete('/users/cometchat-uid-5', { data: { permanent: true } }));
});

test('auth tokens: POST, GET (list and one), DELETE (one and all)', async () => {
	const token = EX['GET /users/{uid}/auth_tokens/{authToken}'].data.authToken;
	s().addUser({ uid: 'cometchat-uid-1', name: 'Andrew Joseph' });
	expectConforms('POST /users/{uid}/auth_tokens', await ctx.api.post('/users/cometchat-uid-1/auth_tokens', { force: true }));
	s().reset();
	s().addUser({ uid: 'cometchat-uid-1', name: 'Andrew Joseph', authTokens: [token] });
	expectConforms('GET /users/{uid}/auth_tokens', await ctx.api.get('/users/cometchat-uid-1/auth_tokens'));
	expectConforms('GET /users/{uid}/auth_tokens/{authToken}', await ctx.api.get(`/users/cometchat-uid-1/auth_tokens/${enc(token)}`));
	expectConforms('DELETE /users/{uid}/auth_tokens/{authToken}', await ctx.api.delete(`/users/cometchat-uid-1/auth_tokens/${enc(token)}`));
	expectConforms('DELETE /users/{uid}/auth_tokens', await ctx.api.delete('/users/cometchat-uid-1/auth_tokens'));
});

test('blocked users: POST, DELETE, GET', async () => {
	s().addRole({ role: 'manager', name: 'manager' });
	s().addUser({ uid: 'cometchat-uid-1', name: 'Andrew Joseph' });
	for (const [uid, name] of [
		['cometchat-uid-4', 'Susan Marie'],
		['cometchat-uid-5', 'John Paul'],
	]) {
		s().addUser({
			uid,
			name,
			link: 'https://www.cometchat.com',
			avatar: `https://x/${uid}.webp`,
			metadata: { rawMetadata: '{}' },
			role: 'manager',
			createdAt: 1629869270,
			updatedAt: 1638351060,
		});
	}
	expectConforms(
		'POST /users/{uid}/blockedusers',
		await ctx.api.post('/users/cometchat-uid-1/blockedusers', { blockedUids: ['cometchat-uid-4'] }),
	);
	expectConforms(
		'DELETE /users/{uid}/blockedusers',
		await ctx.api.delete('/users/cometchat-uid-1/blockedusers', { data: { blockedUids: ['cometchat-uid-4'] } }),
	);
	s().blockUser('cometchat-uid-1', 'cometchat-uid-5', 1638346853);
	expectConforms('GET /users/{uid}/blockedusers', await ctx.api.get('/users/cometchat-uid-1/blockedusers'));
});

test('POST /groups', async () => {
	heroes();
	const ex = EX['POST /groups'].data;
	const res = await ctx
		.as('superhero4')
		.post('/groups', { guid: ex.guid, name: ex.name, description: ex.description, icon: ex.icon, type: ex.type, tags: ex.tags });
	expectConforms('POST /groups', res);
});

test('GET /groups/{guid}/bannedusers', async () => {
	heroes();
	s().addGroup({ guid: 'g', name: 'G', owner: 'superhero4', members: { usersToBan: ['superhero3', 'superhero2'] } });
	s().banFromGroup(s().groups.get('g'), 'superhero6');
	expectConforms('GET /groups/{guid}/bannedusers', await ctx.as('superhero4').get('/groups/g/bannedusers'));
});

/** The group of the group and member examples: cometchat-uid-4 owns project-group. */
function projectGroup() {
	for (const [uid, name] of [
		['cometchat-uid-1', 'Andrew Joseph'],
		['cometchat-uid-2', 'George Alan'],
		['cometchat-uid-3', 'Nancy Grace'],
		['cometchat-uid-4', 'Susan Marie'],
		['cometchat-uid-5', 'John Paul'],
	]) {
		s().addUser({ uid, name, avatar: `https://x/${uid}.webp`, createdAt: 1629869270 });
	}
	s().addGroup({
		guid: 'project-group',
		name: 'Project Group',
		description: 'd',
		icon: 'https://x/g.webp',
		owner: 'cometchat-uid-4',
		tags: ['friends', 'project'],
		members: { participants: ['cometchat-uid-2', 'cometchat-uid-3'] },
	});
}
const WHY_MEMBERS = {
	actionMessage: 'The emulator answers an added member without the "added" action message (docs/cometchat-api.md, Group members).',
	cursor: 'The example carries a top-level cursor beside meta; no list of the emulator answers one there.',
	updatedAt: 'The example user was updated; the seeded one was not.',
};

test('GET, PUT and DELETE /groups/{guid}', async () => {
	projectGroup();
	expectConforms('GET /groups/{guid}', await ctx.as('cometchat-uid-4').get('/groups/project-group'));
	expectConforms('PUT /groups/{guid}', await ctx.as('cometchat-uid-4').put('/groups/project-group', { name: 'Project Group' }), {
		extra: { '$.data.updatedAt': 'An updated group carries updatedAt, as the group of the add-members example does.' },
	});
	expectConforms('DELETE /groups/{guid}', await ctx.api.delete('/groups/project-group'));
});

test('POST /groups/{guid}/members', async () => {
	projectGroup();
	const added = await ctx.api.post('/groups/project-group/members', { usersToBan: ['cometchat-uid-5'], admins: ['cometchat-uid-1'] });
	expectConforms('POST /groups/{guid}/members', added, { skip: { '$.data.admins.cometchat-uid-1.data': WHY_MEMBERS.actionMessage } });
});

test('GET /groups/{guid}/members', async () => {
	projectGroup();
	expectConforms('GET /groups/{guid}/members', await ctx.api.get('/groups/project-group/members'), {
		skip: { '$.cursor': WHY_MEMBERS.cursor, '$.data[0].updatedAt': WHY_MEMBERS.updatedAt },
	});
});

test('PUT and DELETE /groups/{guid}/members/{uid}; POST and DELETE /groups/{guid}/bannedusers/{uid}', async () => {
	projectGroup();
	expectConforms(
		'PUT /groups/{guid}/members/{uid}',
		await ctx.api.put('/groups/project-group/members/cometchat-uid-2', { scope: 'moderator' }),
	);
	expectConforms('DELETE /groups/{guid}/members/{uid}', await ctx.api.delete('/groups/project-group/members/cometchat-uid-3'));
	expectConforms('POST /groups/{guid}/bannedusers/{uid}', await ctx.api.post('/groups/project-group/bannedusers/cometchat-uid-3'));
	expectConforms('DELETE /groups/{guid}/bannedusers/{uid}', await ctx.api.delete('/groups/project-group/bannedusers/cometchat-uid-3'));
});

test('POST /messages', async () => {
	s().addUser({ uid: 'superhero3', name: 'Spiderman', avatar: 'https://x/s.png' });
	s().addUser({ uid: 'superhero5', name: 'Cyclops', avatar: 'https://x/c.png' });
	const res = await ctx.as('superhero3').post('/messages', {
		receiver: 'superhero5',
		receiverType: 'user',
		category: 'message',
		type: 'text',
		data: { text: 'test     hello', metadata: { key1: 'val1' } },
	});
	expectConforms('POST /messages', res, { extra: { '$.data.data.moderation': WHY.moderation } });
});

test('GET /messages/{id}/thread', async () => {
	s().addUser({ uid: 'superhero3', name: 'Spiderman', avatar: 'https://x/s.png' });
	s().addUser({ uid: 'superhero5', name: 'Cyclops', avatar: 'https://x/c.png' });
	const parent = s().addMessage({ sender: 'superhero3', receiver: 'superhero5', data: { text: 'root' } });
	for (let i = 0; i < 3; i++)
		s().addMessage({
			sender: 'superhero3',
			receiver: 'superhero5',
			parentId: parent.id,
			data: { text: 'test     hello', metadata: { key1: 'val1' } },
		});
	const res = await ctx.as('superhero3').get(`/messages/${parent.id}/thread`, { params: { limit: 1 } });
	expectConforms('GET /messages/{id}/thread', res, { extra: { '$.data[0].data.moderation': WHY.moderation } });
});

/** The users of the message examples: Nancy Grace (uid-3) writes to John Paul (uid-5). */
function nancyAndJohn() {
	s().addUser({ uid: 'cometchat-uid-3', name: 'Nancy Grace', avatar: 'https://x/3.webp', createdAt: 1638361550 });
	s().addUser({ uid: 'cometchat-uid-5', name: 'John Paul', avatar: 'https://x/5.webp', createdAt: 1638361550 });
	return s().addMessage({
		sender: 'cometchat-uid-3',
		receiver: 'cometchat-uid-5',
		data: { text: 'test     hello', metadata: { key1: 'val1' } },
		sentAt: 1638423490,
	});
}

test('GET /messages', async () => {
	nancyAndJohn();
	s().addMessage({ sender: 'cometchat-uid-5', receiver: 'cometchat-uid-3', data: { text: 'second' } });
	const res = await ctx.api.get('/messages', { params: { limit: 1 } });
	expectConforms('GET /messages', res, { extra: { '$.data[0].data.moderation': WHY.moderation } });
});

test('GET /messages/{id}', async () => {
	const m = nancyAndJohn();
	expectConforms('GET /messages/{id}', await ctx.api.get(`/messages/${m.id}`), { extra: { '$.data.data.moderation': WHY.moderation } });
});

test('DELETE /messages/{id}', async () => {
	s().addUser({ uid: 'cometchat-uid-1', name: 'Andrew Joseph', avatar: 'https://x/1.webp', createdAt: 1639448370 });
	s().addUser({ uid: 'cometchat-uid-2', name: 'George Alan', avatar: 'https://x/2.webp', createdAt: 1639448370 });
	const m = s().addMessage({
		sender: 'cometchat-uid-1',
		receiver: 'cometchat-uid-2',
		data: { text: 'hello spider' },
		sentAt: 1640171302,
		editedAt: 1641477338,
		editedBy: 'app_system',
		updatedAt: 1641477338,
		tags: ['t6'],
	});
	const res = await ctx.as('cometchat-uid-1').delete(`/messages/${m.id}`);
	expectConforms('DELETE /messages/{id}', res, {
		extra: {
			'$.data.data.entities.by.entity.avatar':
				"The acting user is the message's sender, whose entity in the same example (data.entities.on) shows an avatar; the emulator shows a user entity alike wherever it appears.",
			'$.data.data.entities.on.entity.data.moderation': WHY.moderation,
			'$.data.data.entities.on.entity.deletedAt':
				'The example is a copy of the edit example (action "edited"); a deleted message carries deletedAt and deletedBy, as the list filters hideDeleted/onlyDeleted imply.',
			'$.data.data.entities.on.entity.deletedBy': 'See deletedAt.',
		},
	});
});

test('GET /messages/{id}/reactions', async () => {
	s().addUser({ uid: 'superhero1', name: 'Iron Man' });
	s().addUser({ uid: 'superhero2', name: 'Captain America' });
	const m = s().addMessage({ sender: 'superhero1', receiver: 'superhero2', data: { text: 'hi' } });
	s().addReaction({ messageId: m.id, uid: 'superhero1', reaction: ':reaction' });
	s().addReaction({ messageId: m.id, uid: 'superhero2', reaction: '😒' });
	const res = await ctx.as('superhero1').get(`/messages/${m.id}/reactions`, { params: { limit: 1 } });
	expectConforms('GET /messages/{id}/reactions', res);
});

test('GET /roles', async () => {
	s().addRole({
		role: 'manager',
		name: 'manager',
		description: 'This role gives an update access',
		metadata: { email: 'managers@gmail.com' },
		settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
		createdAt: 1638343994,
	});
	expectConforms('GET /roles', await ctx.api.get('/roles'));
});

test('DELETE /notifications/push/v1/tokens', async () => {
	s().addUser({ uid: 'superhero3', name: 'Spiderman', authTokens: ['tok-3'] });
	s().addPushToken({
		uid: 'superhero3',
		authToken: 'tok-3',
		platform: 'fcm_android',
		providerId: 'fcm-provider-2',
		pushToken: 'device-token-1',
	});
	expectConforms(
		'DELETE /notifications/push/v1/tokens',
		await ctx.api.delete('/notifications/push/v1/tokens', { params: { all: true }, data: { authToken: 'tok-3' } }),
	);
});

test('PUT /moderation/messages/{id}', async () => {
	s().addUser({ uid: 'cometchat-uid-1', name: 'Andrew Joseph', avatar: 'https://x/1.webp', lastActiveAt: 1751644824 });
	s().addUser({ uid: 'cometchat-uid-2', name: 'George Alan', avatar: 'https://x/2.webp', lastActiveAt: 1751644824 });
	const m = s().addMessage({ sender: 'cometchat-uid-2', receiver: 'cometchat-uid-1', data: { text: 'hey' } });
	const res = await ctx.as('cometchat-uid-1').put(`/moderation/messages/${m.id}`, { data: { text: "heyaya, I'm updated" } });
	expectConforms('PUT /moderation/messages/{id}', res, {
		skip: {
			'$.data.data.entities.sender.entity.conversationId':
				'The docs put conversationId on the sender entity here but on the receiver entity in the send, thread and blocked-message examples; the emulator follows the three.',
		},
		extra: {
			'$.data.data.entities.receiver.entity.conversationId':
				'See the skip: the emulator puts conversationId on the receiver entity, as the send, thread and blocked-message examples do.',
		},
	});
});

test('GET /moderation/blocked-messages', async () => {
	s().addUser({ uid: 'superhero1', name: 'Iron Man', avatar: 'https://x/i.png' });
	s().addUser({ uid: 'superhero2', name: 'Captain America', avatar: 'https://x/c.png' });
	const ex = EX['GET /moderation/blocked-messages'].data[0];
	s().addRule({ id: ex.ruleId, name: ex.ruleName, conditions: [{ ...ex.condition, weight: undefined }], action: ex.action });
	// The example's message came from an SDK client (data.url, resource, a numeric attachment size),
	// which the REST send's published body does not take: it is stored as is and blocked by the rule.
	const m = s().addMessage({
		sender: 'superhero1',
		receiver: 'superhero2',
		receiverType: 'user',
		category: 'message',
		type: 'image',
		muid: '_5zytzmceo',
		data: { ...ex.message.data, entities: undefined, moderation: undefined },
	});
	s().addBlocked({ messageId: m.id, ruleId: ex.ruleId });
	expectConforms('GET /moderation/blocked-messages', await ctx.api.get('/moderation/blocked-messages'), {
		extra: {
			'$.data[0].message.data.entities.sender.entity.createdAt': WHY.createdAtEntity,
			'$.data[0].message.data.entities.receiver.entity.createdAt': WHY.createdAtEntity,
		},
	});
});

test('GET /moderation/rules', async () => {
	const ex = EX['GET /moderation/rules'].data[0];
	s().addRule(ex);
	expectConforms('GET /moderation/rules', await ctx.api.get('/moderation/rules'));
});

test('GET /moderation/rules/{ruleId}/revisions', async () => {
	const [newest, oldest] = EX['GET /moderation/rules/{ruleId}/revisions'].data;
	s().addRule(oldest);
	await ctx.api.put(`/moderation/rules/${oldest.id}`, {
		conditions: [{ ...newest.conditions[0], value: 'paris', isKeywordReferencePresent: false, isKeywordsReferencePresent: undefined }],
	});
	const res = await ctx.api.get(`/moderation/rules/${oldest.id}/revisions`);
	expectConforms('GET /moderation/rules/{ruleId}/revisions', res);
	expect(res.data.data.map((r) => r.active)).toEqual([true, false]);
});

test('PUT /moderation/rules/{ruleId}', async () => {
	const ex = EX['PUT /moderation/rules/{ruleId}'].data;
	s().addRule(ex);
	// The published condition body: `isKeywordReferencePresent` (answered as isKeywordsReferencePresent), no `message`.
	const { message: _message, isKeywordsReferencePresent, ...condition } = ex.conditions[0];
	const res = await ctx.api.put(`/moderation/rules/${ex.id}`, {
		name: ex.name,
		enabled: true,
		description: ex.description,
		action: ex.action,
		conditions: [{ ...condition, isKeywordReferencePresent: isKeywordsReferencePresent, value: ex.conditions[0].value[0] }],
	});
	expectConforms('PUT /moderation/rules/{ruleId}', res, {
		skip: {
			'$.data.conditions[0].message':
				'The service words a message per condition; the emulator keeps only what was sent, and the published condition body has no message.',
		},
	});
});

test('GET /moderation/keywords', async () => {
	for (const k of [...EX['GET /moderation/keywords'].data].reverse()) s().addKeywordList(k);
	expectConforms('GET /moderation/keywords', await ctx.api.get('/moderation/keywords'));
});

test('GET /moderation/keywords/{keywordId}', async () => {
	const ex = EX['GET /moderation/keywords/{keywordId}'].data;
	s().addKeywordList(ex);
	expectConforms('GET /moderation/keywords/{keywordId}', await ctx.api.get(`/moderation/keywords/${ex.id}`));
});

test('GET /calls/{sessionId} (call host)', async () => {
	s().addUser({ uid: 'superhero8', name: 'Hulk' });
	s().addUser({ uid: 'superhero2', name: 'Captain America' });
	const c = s().addCallSession({
		initiator: 'superhero8',
		receiver: 'superhero2',
		initiatedAt: 1692368113,
		startedAt: 1692368127,
		endedAt: 1692368146,
	});
	const res = await ctx.callApi.get(`/calls/${enc(c.sessionId)}`, { headers: { onBehalfOf: 'superhero8' } });
	expectConforms('GET /calls/{sessionId}', res);
	expect(res.data.data.totalDuration).toBe('00:00:19');
});

/** The users and the message of the message action examples (edit, reactions, pin, save, threads): Andrew Joseph to George Alan. */
function andrewToGeorge() {
	s().addUser({
		uid: 'cometchat-uid-1',
		name: 'Andrew Joseph',
		avatar: 'https://x/1.webp',
		createdAt: 1639448370,
		lastActiveAt: 1700000000,
	});
	s().addUser({ uid: 'cometchat-uid-2', name: 'George Alan', avatar: 'https://x/2.webp', createdAt: 1639448370, lastActiveAt: 1700000000 });
	return s().addMessage({ sender: 'cometchat-uid-1', receiver: 'cometchat-uid-2', data: { text: 'Hi,' }, sentAt: 1700210266 });
}

/** Why the emulator's message answers hold more than the short examples of the message actions. */
const TRIMMED = {
	entities:
		'The example is cut down to data.text; every message the emulator answers carries data.entities, as the Get Message and send examples do.',
	avatar: 'The example trims its entities to uid, name, role and status; the send, thread and edit examples show avatar on a user entity.',
	lastActiveAt: 'The example shows lastActiveAt, which the edit and send examples leave out; the emulator shows it where the user has one.',
	entityTagsUpdated:
		"The emulator's embedded user entities hold uid, name, avatar, status, role, createdAt and lastActiveAt, as the send, thread and reaction examples do; only some examples add tags and updatedAt.",
};

test('PUT /messages/{id}', async () => {
	const m = andrewToGeorge();
	const res = await ctx.as('cometchat-uid-1').put(`/messages/${m.id}`, { data: { text: 'hello spider' }, tags: ['t6'] });
	expectConforms('PUT /messages/{id}', res, {
		skip: { '$.data.data.entities.by.entity.updatedAt': TRIMMED.entityTagsUpdated },
		extra: {
			'$.data.data.entities.by.entity.avatar':
				"The editor is the message's sender, whose entity in the same example (data.entities.on) shows an avatar.",
			'$.data.data.entities.by.entity.lastActiveAt': TRIMMED.lastActiveAt,
			'$.data.data.entities.for.entity.lastActiveAt': TRIMMED.lastActiveAt,
			'$.data.data.entities.on.entity.data.moderation': WHY.moderation,
			'$.data.data.entities.on.entity.data.entities.sender.entity.lastActiveAt': TRIMMED.lastActiveAt,
			'$.data.data.entities.on.entity.data.entities.receiver.entity.lastActiveAt': TRIMMED.lastActiveAt,
		},
	});
});

test('POST and DELETE /messages/{id}/reactions/{reaction}; GET /messages/{id}/reactions/{reaction}', async () => {
	const m = andrewToGeorge();
	s().addReaction({ messageId: m.id, uid: 'cometchat-uid-2', reaction: '😅' });
	const entityExtras = (at) => ({
		[`${at}.sender.entity.avatar`]: TRIMMED.avatar,
		[`${at}.sender.entity.createdAt`]: WHY.createdAtEntity,
		[`${at}.sender.entity.lastActiveAt`]: TRIMMED.lastActiveAt,
		[`${at}.receiver.entity.avatar`]: TRIMMED.avatar,
		[`${at}.receiver.entity.createdAt`]: WHY.createdAtEntity,
		[`${at}.receiver.entity.lastActiveAt`]: TRIMMED.lastActiveAt,
		'$.data.data.moderation': WHY.moderation,
	});
	const added = await ctx.as('cometchat-uid-1').post(`/messages/${m.id}/reactions/${enc('😒')}`);
	expectConforms('POST /messages/{id}/reactions/{reaction}', added, { extra: entityExtras('$.data.data.entities') });
	const removed = await ctx.as('cometchat-uid-1').delete(`/messages/${m.id}/reactions/${enc('😒')}`);
	expectConforms('DELETE /messages/{id}/reactions/{reaction}', removed, { extra: entityExtras('$.data.data.entities') });
	s().addReaction({ messageId: m.id, uid: 'cometchat-uid-1', reaction: '😅' });
	const listed = await ctx.as('cometchat-uid-2').get(`/messages/${m.id}/reactions/${enc('😅')}`, { params: { limit: 1 } });
	expectConforms('GET /messages/{id}/reactions/{reaction}', listed);
});

test('POST and DELETE /messages/{id}/pin; POST and DELETE /messages/{id}/save', async () => {
	const m = andrewToGeorge();
	const trimmed = { '$.data.data.entities': TRIMMED.entities, '$.data.data.moderation': WHY.moderation };
	expectConforms('POST /messages/{id}/pin', await ctx.api.post(`/messages/${m.id}/pin`), { extra: trimmed });
	expectConforms('DELETE /messages/{id}/pin', await ctx.api.delete(`/messages/${m.id}/pin`), { extra: trimmed });
	expectConforms('POST /messages/{id}/save', await ctx.as('cometchat-uid-2').post(`/messages/${m.id}/save`), { extra: trimmed });
	expectConforms('DELETE /messages/{id}/save', await ctx.as('cometchat-uid-2').delete(`/messages/${m.id}/save`), { extra: trimmed });
});

test('PATCH /messages/{id}/interacted; POST and DELETE /messages/{id}/thread/subscription', async () => {
	const m = andrewToGeorge();
	const form = s().addMessage({
		sender: 'cometchat-uid-2',
		receiver: 'cometchat-uid-1',
		category: 'interactive',
		type: 'form',
		data: { interactiveData: { formFields: [], submitElement: { elementId: 'submit' } } },
	});
	const interacted = await ctx.as('cometchat-uid-1').patch(`/messages/${form.id}/interacted`, { interactions: ['submit'] });
	expectConforms('PATCH /messages/{id}/interacted', interacted);
	expectConforms('POST /messages/{id}/thread/subscription', await ctx.as('cometchat-uid-1').post(`/messages/${m.id}/thread/subscription`));
	expectConforms(
		'DELETE /messages/{id}/thread/subscription',
		await ctx.as('cometchat-uid-1').delete(`/messages/${m.id}/thread/subscription`),
	);
});

test('GET /threads', async () => {
	const m = andrewToGeorge();
	const other = s().addMessage({ sender: 'cometchat-uid-1', receiver: 'cometchat-uid-2', data: { text: '123' }, sentAt: 1700210267 });
	const reply = { sender: 'cometchat-uid-1', receiver: 'cometchat-uid-2', muid: '' };
	s().addMessage({ ...reply, parentId: m.id, data: { text: 'Hello in thread' }, sentAt: 1700210300 });
	s().addMessage({ ...reply, parentId: other.id, data: { text: 'Again' }, sentAt: 1700210400 });
	const unset =
		'The emulator leaves out a field that has no value (not edited, delivered, read or deleted), as in every other message it answers, where the example sends null or "".';
	expectConforms('GET /threads', await ctx.api.get('/threads', { params: { limit: 1 } }), {
		extra: { '$.data[0].lastReply.parentId': "A reply carries parentId, as the thread example's replies do." },
		skip: {
			'$.data[0].data.entities.sender.entity.tags': TRIMMED.entityTagsUpdated,
			'$.data[0].data.entities.sender.entity.updatedAt': TRIMMED.entityTagsUpdated,
			'$.data[0].lastReply.data.entities.sender.entity.tags': TRIMMED.entityTagsUpdated,
			'$.data[0].lastReply.data.entities.sender.entity.updatedAt': TRIMMED.entityTagsUpdated,
			'$.data[0].data.moderation.rule':
				'The example thread was disapproved by a rule, which its moderation names; an approved message has no rule.',
			'$.data[0].lastReply.editedAt': unset,
			'$.data[0].lastReply.editedBy': unset,
			'$.data[0].lastReply.deliveredAt': unset,
			'$.data[0].lastReply.readAt': unset,
			'$.data[0].lastReply.deletedAt': unset,
		},
	});
});

test('conversations: pins, global pins, resets and marks', async () => {
	for (const uid of ['cometchat-uid-1', 'cometchat-uid-2', 'cometchat-uid-3']) s().addUser({ uid, name: uid });
	s().addGroup({ guid: 'cometchat-guid-1', name: 'Group 1', owner: 'cometchat-uid-1', members: { participants: ['cometchat-uid-2'] } });
	s().addMessage({ id: '1', sender: 'cometchat-uid-2', receiver: 'cometchat-uid-1', data: { text: 'hi' } });
	s().addMessage({ id: '2', sender: 'cometchat-uid-2', receiverType: 'group', receiver: 'cometchat-guid-1', data: { text: 'hi' } });
	s().addMessage({ id: '3', sender: 'cometchat-uid-3', receiver: 'cometchat-uid-2', data: { text: 'yo' } });
	const one = ctx.as('cometchat-uid-1');
	expectConforms('POST /users/{uid}/conversation/pin', await one.post('/users/cometchat-uid-2/conversation/pin'));
	expectConforms('DELETE /users/{uid}/conversation/pin', await one.delete('/users/cometchat-uid-2/conversation/pin'));
	expectConforms('POST /groups/{guid}/conversation/pin', await one.post('/groups/cometchat-guid-1/conversation/pin'));
	expectConforms('DELETE /groups/{guid}/conversation/pin', await one.delete('/groups/cometchat-guid-1/conversation/pin'));
	// A {uid} entry pins every user's conversation with that user: no one pair's conversationId (docs/emulator.md).
	const globalPins = {
		extra: { '$.data[0].guid': 'The group of the pin, as the request named it.' },
	};
	const pinned = await ctx.api.put('/conversations/pinned', {
		pinnedConversations: [{ guid: 'cometchat-guid-1' }, { uid: 'cometchat-uid-2' }],
	});
	expectConforms('PUT /conversations/pinned', pinned, globalPins);
	expectConforms('GET /conversations/pinned', await ctx.api.get('/conversations/pinned'), globalPins);
	expect(pinned.data.data[1]).toEqual({
		uid: 'cometchat-uid-2',
		conversationType: 'user',
		pinnedBy: 'app_system',
		pinnedAt: expect.any(Number),
	});
	await ctx.api.put('/conversations/pinned', { pinnedConversations: [] });
	expectConforms(
		'POST /users/{uid}/conversation/delivered',
		await one.post('/users/cometchat-uid-2/conversation/delivered', { messageId: 1 }),
	);
	expectConforms('POST /users/{uid}/conversation/read', await one.post('/users/cometchat-uid-2/conversation/read', { messageId: 1 }));
	expectConforms(
		'DELETE /users/{uid}/conversation/read',
		await one.delete('/users/cometchat-uid-2/conversation/read', { data: { messageId: 1 } }),
	);
	expectConforms(
		'POST /groups/{guid}/conversation/delivered',
		await one.post('/groups/cometchat-guid-1/conversation/delivered', { messageId: 2 }),
	);
	expectConforms('POST /groups/{guid}/conversation/read', await one.post('/groups/cometchat-guid-1/conversation/read', { messageId: 2 }));
	expectConforms(
		'DELETE /groups/{guid}/conversation/read',
		await one.delete('/groups/cometchat-guid-1/conversation/read', { data: { messageId: 2 } }),
	);
	expectConforms('DELETE /users/{uid}/conversation', await one.delete('/users/cometchat-uid-2/conversation', { data: {} }));
	expectConforms('DELETE /groups/{guid}/conversation', await one.delete('/groups/cometchat-guid-1/conversation', { data: {} }));
	expectConforms(
		'DELETE /conversations/{conversationId}',
		await ctx.as('cometchat-uid-2').delete('/conversations/cometchat-uid-2_user_cometchat-uid-3'),
	);
});

test('GET /calls (call host)', async () => {
	s().addUser({ uid: 'cometchat-uid-8', name: 'Hulk' });
	s().addUser({ uid: 'cometchat-uid-2', name: 'Captain America' });
	s().addCallSession({
		initiator: 'cometchat-uid-8',
		receiver: 'cometchat-uid-2',
		initiatedAt: 1692368113,
		startedAt: 1692368127,
		endedAt: 1692368146,
	});
	expectConforms('GET /calls', await ctx.callApi.get('/calls'), {
		extra: {
			'$.data[0].metaData': 'The call record of GET /calls/{sessionId} has it; the list shows the same record.',
			'$.data[0].tags': 'As metaData.',
		},
	});
});

test('GET /calls/{sessionId}/transcriptions (call host)', async () => {
	s().addUser({ uid: 'cometchat-uid-8', name: 'Hulk' });
	const c = s().addCallSession({ initiator: 'cometchat-uid-8', startedAt: 1692368127, endedAt: 1692368146 });
	s().addTranscription(c.sessionId);
	expectConforms('GET /calls/{sessionId}/transcriptions', await ctx.callApi.get(`/calls/${enc(c.sessionId)}/transcriptions`));
});

test('GET /stats', async () => {
	expectConforms('GET /stats', await ctx.api.get('/stats', { params: { fromDate: 1630164253, toDate: 1632842653 } }));
});

test('GET /stats/messages', async () => {
	expectConforms('GET /stats/messages', await ctx.api.get('/stats/messages'));
});

test('GET /roles/{role}/permissions', async () => {
	expectConforms('GET /roles/{role}/permissions', await ctx.api.get('/roles/default/permissions'), {
		extra: { '$.data[0].value': "The emulator shows the role's current value (docs/cometchat-api.md, Roles and permissions)." },
	});
});

test('GET /roles/{role}/restrictedfeatures', async () => {
	await ctx.api.post('/roles/default/restrictedfeatures', { featuresToRestrict: ['u.deleteGroup'] });
	expectConforms('GET /roles/{role}/restrictedfeatures', await ctx.api.get('/roles/default/restrictedfeatures'));
});

// A user's notifications: push token registration and list, preferences reset, muted conversations, time zone, contact details.
describe("a user's notifications", () => {
	beforeEach(() => {
		s().addUser({ uid: 'cometchat-uid-3', name: 'Nancy', authTokens: ['tok-3'] });
		s().addPushToken({
			uid: 'cometchat-uid-3',
			authToken: 'tok-3',
			platform: 'fcm_android',
			providerId: 'fcm-provider-2',
			pushToken: 'device-token-1',
		});
	});
	const uid = { params: { uid: 'cometchat-uid-3' } };
	const nancy = { headers: { onBehalfOf: 'cometchat-uid-3' } };
	test('push tokens: register and list', async () => {
		expectConforms(
			'POST /notifications/push/v1/tokens',
			await ctx.api.post('/notifications/push/v1/tokens', {
				authToken: 'tok-3',
				platform: 'apns_ios_device',
				deviceToken: 'device-token-2',
			}),
		);
		expectConforms(
			'GET /notifications/push/v1/tokens',
			await ctx.api.get('/notifications/push/v1/tokens', { params: { authToken: 'tok-3' } }),
		);
	});

	test('preferences reset; muted conversations; time zone', async () => {
		expectConforms('DELETE /notifications/v1/preferences', await ctx.api.delete('/notifications/v1/preferences', uid));
		const conversations = [{ id: 'cometchat-uid-1', type: 'oneOnOne', until: Date.now() + 3_600_000 }];
		expectConforms(
			'PUT /notifications/v1/preferences/mute',
			await ctx.api.put('/notifications/v1/preferences/mute', { conversations }, uid),
		);
		expectConforms('GET /notifications/v1/preferences/mute', await ctx.api.get('/notifications/v1/preferences/mute', uid));
		expectConforms(
			'DELETE /notifications/v1/preferences/mute',
			await ctx.api.delete('/notifications/v1/preferences/mute', {
				...uid,
				data: { conversations: [{ id: 'cometchat-uid-1', type: 'oneOnOne' }] },
			}),
		);
		expectConforms(
			'PATCH /notifications/v1/preferences/timezone',
			await ctx.api.patch('/notifications/v1/preferences/timezone', { timezone: 'Asia/Kolkata' }, uid),
		);
		expectConforms('GET /notifications/v1/preferences/timezone', await ctx.api.get('/notifications/v1/preferences/timezone', uid));
	});

	test('contact details', async () => {
		expectConforms(
			'PATCH /notifications/v1/contact-details',
			await ctx.api.patch('/notifications/v1/contact-details', { email: 'someone@example.com', phno: '+919591128691' }, nancy),
		);
		expectConforms('GET /notifications/v1/contact-details', await ctx.api.get('/notifications/v1/contact-details', nancy));
		expectConforms('DELETE /notifications/v1/contact-details', await ctx.api.delete('/notifications/v1/contact-details', nancy));
	});
});

describe('notification providers and logs', () => {
	const hook = {
		isEnabled: true,
		useBasicAuth: true,
		basicAuthUsername: 'user123',
		basicAuthPassword: 'pass123',
		webhookURL: 'https://example.com/hook',
	};

	test('each provider as its example: the record, the custom push one inside pushProviders', async () => {
		s().saveNotificationProvider('sms/twilio', { twilioAccountSID: 'AC1', twilioAuthToken: 't', twilioSenderPhoneNumber: '+13611364718' });
		s().saveNotificationProvider('email/sendgrid', {
			sendGridApiKey: 'SG.1',
			sendGridTemplateID: 'd-1',
			sendGridUnsubscribeGroupID: '33832',
			senderEmail: 'noreply@example.com',
			senderName: 'Emailer',
		});
		s().saveNotificationProvider('push/custom', hook);
		s().saveNotificationProvider('sms/custom', { ...hook, useStoredPhNo: false });
		s().saveNotificationProvider('email/custom', { ...hook, useStoredEmailID: false });
		const get = (path) => ctx.api.get(`/notifications/${path}`);
		expectConforms('GET /notifications/sms/v1/providers/twilio', await get('sms/v1/providers/twilio'));
		expectConforms('GET /notifications/email/v1/providers/sendgrid', await get('email/v1/providers/sendgrid'));
		expectConforms('GET /notifications/push/v1/providers/custom', await get('push/v1/providers/custom'));
		expectConforms('GET /notifications/sms/v1/providers/custom', await get('sms/v1/providers/custom'));
		expectConforms('GET /notifications/email/v1/providers/custom', await get('email/v1/providers/custom'));
		expectConforms('DELETE /notifications/sms/v1/providers/twilio', await ctx.api.delete('/notifications/sms/v1/providers/twilio'));
	});

	test('the logs as the example, meta.previous and meta.next as its {affix, messageId}', async () => {
		for (let i = 1; i <= 3; i++) {
			s().addNotificationLog({
				messageId: i,
				sender: 'cometchat-uid-4',
				receiver: 'cometchat-guid-1',
				receiverType: 'group',
				channel: 'push',
				provider: 'apns',
				trigger: 'message_reaction_added',
				pushToken: 'pushtoken123',
				tokenType: 'apns_ios_device',
				providerId: 'apns-provider',
				notificationTriggered: false,
				reason: 'MUTE_PREFERENCE',
			});
		}
		const [first] = s().areas.notificationProviders.logs;
		const why = 'The emulator sends no notification: a log has no payload, and no reaction or group member it was about.';
		expectConforms(
			'GET /notifications/v1/logs',
			await ctx.api.get('/notifications/v1/logs', { params: { limit: 1, affix: 'append', logId: first._id } }),
			{
				skip: {
					'$.data[0].reactionId': why,
					'$.data[0].reactionSender': why,
					'$.data[0].reactionReceiver': why,
					'$.data[0].member': why,
					'$.data[0].payload': why,
				},
			},
		);
	});
});

test('API keys: create, list, get, update, delete', async () => {
	const c = await ctx.api.post('/apikeys', { name: "John's apiKey", scope: 'authOnly' });
	expectConforms('POST /apikeys', c);
	const key = c.data.data.apiKey;
	expectConforms('GET /apikeys', await ctx.api.get('/apikeys', { params: { scope: 'authOnly' } }));
	expectConforms('GET /apikeys/{apiKey}', await ctx.api.get(`/apikeys/${key}`));
	expectConforms('PUT /apikeys/{apiKey}', await ctx.api.put(`/apikeys/${key}`, { name: 'Renamed' }));
	expectConforms('DELETE /apikeys/{apiKey}', await ctx.api.delete(`/apikeys/${key}`));
});

test('notification settings: update and reset', async () => {
	expectConforms('PATCH /notifications/v1/settings', await ctx.api.patch('/notifications/v1/settings', { sound: { chat: 'default' } }));
	expectConforms('DELETE /notifications/v1/settings', await ctx.api.delete('/notifications/v1/settings'));
});

test('FCM providers: list, add, update, set default, delete', async () => {
	const base = '/notifications/push/v1/providers/fcm';
	expectConforms('GET /notifications/push/v1/providers/fcm', await ctx.api.get(base));
	const body = { providerId: 'p1', serviceAccountCreds: { project_id: 'p', client_email: 'a@p.iam', private_key: 'k' } };
	expectConforms('POST /notifications/push/v1/providers/fcm', await ctx.api.post(base, body));
	expectConforms('PUT /notifications/push/v1/providers/fcm', await ctx.api.put(base, { providerId: 'p1' }));
	expectConforms('PUT /notifications/push/v1/providers/fcm/default/{providerId}', await ctx.api.put(`${base}/default/p1`));
	expectConforms('DELETE /notifications/push/v1/providers/fcm/{providerId}', await ctx.api.delete(`${base}/p1`));
});

test('APNs providers: list, add, update, set default, delete', async () => {
	const base = '/notifications/push/v1/providers/apns';
	expectConforms('GET /notifications/push/v1/providers/apns', await ctx.api.get(base));
	const why =
		"The APNs add example repeats the list's ({pushProviders: []}); the emulator answers as every other change of a provider does, {success: true} (docs/cometchat-api.md, APNs providers).";
	const body = { providerId: 'p1', p8Key: 'k', keyId: 'KID', teamId: 'TID', bundleId: 'com.example' };
	expectConforms('POST /notifications/push/v1/providers/apns', await ctx.api.post(base, body), {
		skip: { '$.data.pushProviders': why },
		extra: { '$.data.success': why },
	});
	expectConforms('PUT /notifications/push/v1/providers/apns', await ctx.api.put(base, { providerId: 'p1' }));
	expectConforms('PUT /notifications/push/v1/providers/apns/default/{providerId}', await ctx.api.put(`${base}/default/p1`));
	expectConforms('DELETE /notifications/push/v1/providers/apns/{providerId}', await ctx.api.delete(`${base}/p1`));
});

test('every example in the fixture has a conformance test above', () => {
	const src = fs.readFileSync(__filename, 'utf8');
	// A call may be wrapped over lines: `expectConforms(\n\t'POST /users/{uid}/blockedusers', …`.
	const called = (key) => new RegExp(`expectConforms\\(\\s*'${key.replace(/[{}/]/g, '\\$&')}'`).test(src);
	for (const key of Object.keys(EX)) expect({ key, tested: called(key) }).toEqual({ key, tested: true });
});

describe('moderation set-up', () => {
	test('POST /moderation/reasons', async () => {
		const { createdAt: _c, updatedAt: _u, ...body } = EX['POST /moderation/reasons'].data;
		expectConforms('POST /moderation/reasons', await ctx.api.post('/moderation/reasons', body));
	});

	// DELETE /moderation/reasons/{id} answers without `data` (as published): its shape is tested in moderation-setup.test.js.
	test('GET and PUT /moderation/reasons/{id}', async () => {
		const ex = EX['GET /moderation/reasons/{id}'].data;
		s().addReason(ex);
		expectConforms('GET /moderation/reasons/{id}', await ctx.api.get(`/moderation/reasons/${ex.id}`));
		expectConforms('PUT /moderation/reasons/{id}', await ctx.api.put(`/moderation/reasons/${ex.id}`, { name: ex.name }));
	});

	test('POST /moderation/rules', async () => {
		const ex = EX['POST /moderation/rules'].data;
		const { message: _message, isKeywordsReferencePresent, ...condition } = ex.conditions[0];
		const res = await ctx.api.post('/moderation/rules', {
			id: ex.id,
			name: ex.name,
			description: ex.description,
			enabled: ex.enabled,
			action: ex.action,
			conditions: [{ ...condition, isKeywordReferencePresent: isKeywordsReferencePresent, value: ex.conditions[0].value[0] }],
		});
		expectConforms('POST /moderation/rules', res, {
			skip: {
				'$.data.conditions[0].message':
					'The service words a message per condition; the emulator keeps only what was sent, and the published condition body has no message.',
			},
		});
	});

	test('POST and DELETE /moderation/keywords', async () => {
		const ex = EX['POST /moderation/keywords'].data;
		const boundary = 'conformance';
		const parts = {
			id: ex.id,
			name: ex.name,
			description: ex.description,
			category: ex.category,
			searchTerms: '',
			file: ex.searchTerms.join(','),
		};
		const body =
			Object.entries(parts)
				.map(
					([name, value]) =>
						`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${name === 'file' ? '; filename="terms.csv"' : ''}\r\n\r\n${value}\r\n`,
				)
				.join('') + `--${boundary}--\r\n`;
		const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
		expectConforms('POST /moderation/keywords', await ctx.api.post('/moderation/keywords', body, { headers }));
		expectConforms('DELETE /moderation/keywords/{keywordId}', await ctx.api.delete(`/moderation/keywords/${ex.id}`));
	});

	test('DELETE /moderation/messages/{id}', async () => {
		s().addUser({ uid: 'cometchat-uid-1', name: 'Andrew Joseph' });
		s().addUser({ uid: 'cometchat-uid-2', name: 'George Alan' });
		const m = s().addMessage({ sender: 'cometchat-uid-1', receiver: 'cometchat-uid-2', data: { text: 'hi' } });
		expectConforms('DELETE /moderation/messages/{id}', await ctx.api.delete(`/moderation/messages/${m.id}`));
	});
});
