/**
 * The contract check itself: it must refuse what the published operations refuse (the request
 * shapes the package sent before it followed them) and accept what they declare.
 */
import type { RecordedRequest } from './contract';
import { checkQueryParameter, checkRequest, loadDeviations, loadOperations, operationKey, summarize, validate } from './contract';

const operations = loadOperations();
const deviations = loadDeviations();

const request = (overrides: Partial<RecordedRequest>): RecordedRequest => ({
	host: 'chat',
	method: 'GET',
	path: '/v3/users',
	query: {},
	headers: { apikey: true },
	...overrides,
});

const violationsOf = (overrides: Partial<RecordedRequest>) =>
	checkRequest(operations, deviations, request(overrides)).violations.map(
		(violation) => `${violation.in} ${violation.name}: ${violation.message}`,
	);

describe('the published operations file', () => {
	it("names its source and lists each operation once, with its host's credential headers", () => {
		const keys = operations.map((operation) => `${operation.host} ${operation.method} ${operation.path}`);
		expect(new Set(keys).size).toBe(keys.length);
		const [management, api] = [operations.filter((o) => o.host === 'mgmt'), operations.filter((o) => o.host !== 'mgmt')];
		expect(api.every((operation) => operation.headers.apikey?.required === true)).toBe(true);
		// The management API: its key and secret, and X-Webhook-Version (declared optional, sent as 2).
		expect(management.length).toBe(8);
		for (const operation of management) {
			expect(operation.headers).toEqual({ key: { required: true }, secret: { required: true }, 'X-Webhook-Version': { required: false } });
		}
		expect(operations.length).toBeGreaterThanOrEqual(30);
	});

	it('a management request without its key or secret, or without X-Webhook-Version: 2, violates the contract', () => {
		const webhook = { host: 'mgmt' as const, method: 'GET', path: '/apps/demo-app/webhooks/orders' };
		expect(violationsOf({ ...webhook, headers: { apikey: false, key: true, secret: true, webhookVersion: '2' } })).toEqual([]);
		expect(violationsOf({ ...webhook, headers: { apikey: false, key: false, secret: true } })).toEqual([
			'header key: the key header is required and missing',
			'header X-Webhook-Version: the X-Webhook-Version header must be 2, was undefined',
		]);
		expect(violationsOf({ ...webhook, headers: { apikey: true, key: true, secret: false, webhookVersion: '1' } })).toEqual([
			'header secret: the secret header is required and missing',
			'header X-Webhook-Version: the X-Webhook-Version header must be 2, was "1"',
		]);
		// The same path on the chat host is no published operation.
		expect(violationsOf({ ...webhook, host: 'chat' })).toHaveLength(1);
	});

	it('every deviation names an operation of the file', () => {
		const keys = new Set(operations.map(operationKey));
		expect(deviations.filter((deviation) => !keys.has(deviation.operation))).toEqual([]);
		expect(deviations.every((deviation) => deviation.reason.length > 20)).toBe(true);
	});
});

describe('refuses the shapes the published contract refuses', () => {
	it('Flag with only {reasonId, remark}: the reason id `id` is missing', () => {
		expect(
			violationsOf({
				method: 'POST',
				path: '/v3/messages/5/flagged',
				headers: { apikey: true, onBehalfOf: 'cy' },
				body: { reasonId: 'spam', remark: 'x' },
			}),
		).toEqual(['body id: is required and missing']);
		expect(
			violationsOf({
				method: 'POST',
				path: '/v3/messages/5/flagged',
				headers: { apikey: true, onBehalfOf: 'cy' },
				body: { id: 'spam', reasonId: 'spam', remark: 'x' },
			}),
		).toEqual([]);
	});

	it('Flag without onBehalfOf', () => {
		expect(violationsOf({ method: 'POST', path: '/v3/messages/5/flagged', body: { id: 'spam' } })).toEqual([
			'header onBehalfOf: the onBehalfOf header is required and missing',
		]);
	});

	it('a blocked-message review without reviewed, and a flagged review with a blocked-message status', () => {
		expect(violationsOf({ method: 'PATCH', path: '/v3/moderation/blocked-messages/7', body: { status: 'approved' } })).toEqual([
			'body reviewed: is required and missing',
		]);
		expect(violationsOf({ method: 'PATCH', path: '/v3/moderation/flagged-messages/7', body: { status: 'rejected' } })).toEqual([
			'body status: must be one of "approved", "disapproved", was "rejected"',
		]);
	});

	it('a media message with data.url and a numeric attachment size', () => {
		const body = {
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'image',
			data: {
				url: 'https://x/cat.jpg',
				attachments: [
					{ url: 'https://x/cat.jpg', size: 2048 },
					{ url: 'https://x/dog.jpg', size: 10 },
				],
			},
		};
		expect(violationsOf({ method: 'POST', path: '/v3/messages', body })).toEqual([
			'body data.url: is not declared',
			'body data.attachments[].size: must be string, was integer 2048',
			'body data.attachments[].size: must be string, was integer 10',
		]);
	});

	it('roles comma-separated, tags repeated, an unknown enum value', () => {
		expect(violationsOf({ query: { roles: 'vip,moderator', tags: ['a', 'b'], searchIn: ['name', 'email'] } })).toEqual([
			'query roles: roles is declared repeated (form, explode=true: roles=a&roles=b), was sent comma-separated: roles=vip,moderator',
			'query tags: tags is declared comma-separated (explode=false: tags=a,b), was sent repeated',
			'query searchIn: searchIn=email is not one of name, uid',
		]);
		expect(
			violationsOf({ query: { roles: ['vip', 'moderator'], tags: 'a,b', searchIn: ['name', 'uid'], perPage: '100', page: '2' } }),
		).toEqual([]);
	});

	it('an integer parameter that is not one, a parameter sent twice, a parameter not declared', () => {
		expect(checkQueryParameter('perPage', { type: 'integer' }, 'ten')).toEqual(['perPage=ten is not an integer']);
		expect(checkQueryParameter('page', { type: 'integer' }, ['1', '2'])).toEqual(['page is declared once, was sent 2 times']);
		expect(violationsOf({ query: { cursor: 'x' } })).toEqual(['query cursor: query parameter cursor is not declared']);
	});

	it('an integer enum is read from the query text (useCursoredIndex=0 of GET /conversations)', () => {
		const schema = { type: 'integer', enum: [0, 1] };
		expect(checkQueryParameter('useCursoredIndex', schema, '0')).toEqual([]);
		expect(checkQueryParameter('useCursoredIndex', schema, '2')).toEqual(['useCursoredIndex=2 is not one of 0, 1']);
	});

	it('a path no published operation has, or on the wrong host', () => {
		expect(violationsOf({ path: '/v3/widgets' })).toEqual([
			'operation /v3/widgets: no published operation for GET /v3/widgets on the chat host',
		]);
		expect(violationsOf({ host: 'chat', path: '/v3/calls/abc' })).toHaveLength(1);
		expect(violationsOf({ host: 'call', path: '/v3/calls/abc' })).toEqual([]);
	});

	it('a Campaigns path is matched under /v3/campaigns only, and keyed with its base', () => {
		const send = { method: 'POST', path: '/v3/campaigns/notifications/messages', body: { templateId: 't', receivers: ['ada'] } };
		expect(checkRequest(operations, deviations, request(send)).operation).toBe('POST /campaigns/notifications/messages');
		expect(violationsOf(send)).toEqual([]);
		expect(violationsOf({ ...send, body: { templateId: 't' } })).toEqual(['body receivers: is required and missing']);
		// The same path under /v3 is no Campaigns operation.
		expect(violationsOf({ ...send, path: '/v3/notifications/messages' })).toEqual([
			'operation /v3/notifications/messages: no published operation for POST /v3/notifications/messages on the chat host',
		]);
	});

	it('a listed deviation is allowed only as listed: `page` on the flagged list, not a wrong type of `limit`', () => {
		const allowed = checkRequest(
			operations,
			deviations,
			request({ path: '/v3/moderation/flagged-messages', query: { limit: '100', page: '2' } }),
		);
		expect(allowed.violations).toEqual([]);
		expect(allowed.allowed.map((item) => item.name)).toEqual(['page']);
		expect(violationsOf({ path: '/v3/moderation/flagged-messages', query: { limit: 'all' } })).toEqual([
			'query limit: limit=all is not an integer',
		]);
		// `page` is a deviation of the moderation lists, not of users.
		expect(violationsOf({ path: '/v3/moderation/rules/r1', method: 'DELETE', query: { page: '1' } })).toEqual([
			'query page: query parameter page is not declared',
		]);
	});
});

describe('validate (the JSON-schema subset)', () => {
	const schema = {
		type: 'object',
		required: ['a'],
		properties: {
			a: { type: 'string', enum: ['x', 'y'] },
			b: { type: 'array', items: { type: 'integer' } },
			c: { type: 'object', additionalProperties: true, properties: {} },
		},
	};
	it('types, required, enum, items, undeclared properties, additionalProperties', () => {
		expect(validate(schema, { a: 'x', b: [1, 2], c: { anything: 1 } })).toEqual([]);
		expect(validate(schema, { b: [1, 'two'], d: true }).map((finding) => `${finding.name}: ${finding.message}`)).toEqual([
			'a: is required and missing',
			'b[]: must be integer, was string "two"',
			'd: is not declared',
		]);
		expect(validate(schema, { a: 'z' })[0].message).toBe('must be one of "x", "y", was "z"');
		expect(validate({ type: 'object' }, [])[0].message).toBe('must be object, was array []');
	});

	it('oneOf: valid when one form matches', () => {
		const either = { oneOf: [{ type: 'string' }, { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }] };
		expect(validate(either, 'x')).toEqual([]);
		expect(validate(either, { id: 'a' })).toEqual([]);
		expect(validate(either, { name: 'a' })).toHaveLength(1);
	});
});

describe('summarize', () => {
	it('ends with `N passed, M failed`, and counts a stale off-contract mark as a failure', () => {
		const good = request({ query: { perPage: '10', page: '1' } });
		const bad = request({ query: { roles: 'a,b' } });
		const marked = request({ query: { status: 'busy' }, offContract: 'the service must refuse it' });
		const stale = request({ query: { status: 'offline' }, offContract: 'not off-contract at all' });
		const { report, passed, violations } = summarize(operations, deviations, [good, bad, marked, stale]);
		expect(passed).toBe(1);
		expect(violations).toBe(2);
		expect(report.split('\n').at(-1)).toBe('1 passed, 2 failed');
		expect(report).toContain('GET /users: 1 of 2 requests violate the published operation');
		expect(report).toContain('Off-contract on purpose: GET /users');
		expect(report).toContain('STALE off-contract mark: GET /users');
	});
});
