/**
 * CometChat's published operations (operations.json beside this file) and the checks of a request
 * against them: each request matched to an operation by host, method and path template; its query
 * parameters declared, of their declared type and in their declared form; its body valid against
 * the body schema; its required headers present. What the package sends on purpose beyond the
 * published description is listed in deviations.json (and, with the reasons, in
 * docs/cometchat-api.md, Deviations); exactly those are allowed.
 *
 * The one source of both the contract test (test/contract/) and the emulator's request validation
 * (emulator/core/contract.ts); it imports neither.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Schema {
	type?: string;
	required?: string[];
	properties?: Record<string, Schema>;
	additionalProperties?: boolean | Schema;
	enum?: unknown[];
	items?: Schema;
	oneOf?: Schema[];
	style?: string;
	explode?: boolean;
}

/** A body schema that is one of several, chosen by a property's value (POST /messages, `category`). */
export interface OneOfByProperty {
	oneOfByProperty: string;
	oneOf: Record<string, Schema>;
}

/** The hosts a request goes to: the chat API, the calls API, the management API (apimgmt.cometchat.io: app webhooks). */
export type Host = 'chat' | 'call' | 'mgmt';

/**
 * Where an operation is published: the chat API and the calls API on their hosts, paths after
 * /v3; the management API on its host, paths in full; the Campaigns service on the chat host, paths
 * after /v3/campaigns (its `servers` entry).
 */
export type ContractHost = Host | 'campaigns';

/** The path every published path of a host's operations is under, as requests send it. */
export const HOST_BASES: Record<ContractHost, string> = { chat: '/v3', call: '/v3', mgmt: '', campaigns: '/v3/campaigns' };

export interface Operation {
	usedBy: string[];
	method: string;
	/** The published path, after its host's base (HOST_BASES). */
	path: string;
	host: ContractHost;
	operationId: string;
	headers: Record<string, { required: boolean }>;
	query: Record<string, Schema>;
	body: Schema | OneOfByProperty | null;
}

export interface Deviation {
	/** `METHOD /path/template`, as in operations.json. */
	operation: string;
	in: 'query' | 'body' | 'header';
	/** The query parameter or header name, or the body property's path (`data.attachments[].url`). */
	name: string;
	/** `undeclared` (default): sending what the description does not declare. `type`: another type than the declared one. */
	kind?: 'undeclared' | 'type';
	reason: string;
}

export interface RecordedRequest {
	testFile?: string;
	host: Host;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	/**
	 * The headers that matter: `apikey` (chat, call); `key`, `secret` and the value of
	 * `X-Webhook-Version` (management); `onBehalfOf`.
	 */
	headers: { apikey: boolean; onBehalfOf?: string; key?: boolean; secret?: boolean; webhookVersion?: string };
	body?: unknown;
	status?: number | null;
	/** Set by a test that sends an off-contract request on purpose (e.g. a value the service must refuse), with its reason. */
	offContract?: string;
}

export interface Finding {
	in: 'operation' | 'query' | 'body' | 'header';
	/** What the finding is about: a parameter, header or body path. */
	name: string;
	message: string;
}

export interface CheckedRequest {
	request: RecordedRequest;
	/** `METHOD /path/template`, or `METHOD /path` when no operation matched. */
	operation: string;
	violations: Finding[];
	allowed: Array<Finding & { deviation: Deviation }>;
}

const here = __dirname;

export function loadOperations(file = join(here, 'operations.json')): Operation[] {
	return (JSON.parse(readFileSync(file, 'utf8')) as { operations: Operation[] }).operations;
}

export function loadDeviations(file = join(here, 'deviations.json')): Deviation[] {
	return (JSON.parse(readFileSync(file, 'utf8')) as { deviations: Deviation[] }).deviations;
}

/**
 * `METHOD /path`, the path as published; a Campaigns operation's with its base after /v3
 * (`POST /campaigns/notifications/messages`), so that it is never taken for a chat API path.
 */
export const operationKey = (operation: Pick<Operation, 'method' | 'path'> & { host?: ContractHost }) =>
	`${operation.method} ${operation.host === 'campaigns' ? '/campaigns' : ''}${operation.path}`;

/** The host a request's operation is published on, and its path after that host's base. */
export function publishedPathOf(request: Pick<RecordedRequest, 'host' | 'path'>): { host: ContractHost; path: string } {
	const campaigns = HOST_BASES.campaigns;
	if (request.host === 'chat' && request.path.startsWith(`${campaigns}/`)) {
		return { host: 'campaigns', path: request.path.slice(campaigns.length) };
	}
	return { host: request.host, path: request.path.replace(/^\/v3(?=\/)/, '') };
}

/** The operation a request is for: same host and method, and its path matches the template. */
export function matchOperation(operations: Operation[], request: RecordedRequest): Operation | undefined {
	const { host, path } = publishedPathOf(request);
	const segments = path.split('/');
	return operations.find((operation) => {
		if (operation.host !== host || operation.method !== request.method) return false;
		const template = operation.path.split('/');
		return (
			template.length === segments.length &&
			template.every((part, index) => (part.startsWith('{') ? segments[index] !== '' : part === segments[index]))
		);
	});
}

function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value;
}

function typeMatches(expected: string, value: unknown): boolean {
	const actual = typeOf(value);
	return actual === expected || (expected === 'number' && actual === 'integer');
}

export interface ValidateOptions {
	/** Name array items by their index (`tags[2]`) rather than `[]`, one finding per item. */
	indexItems?: boolean;
}

/**
 * A JSON-schema subset: type, required, properties, additionalProperties, enum, items, oneOf (at
 * least one must match). Stricter than JSON Schema in one way: a property that `properties` does
 * not declare is a finding unless `additionalProperties` allows it, so anything sent beyond the
 * published description shows.
 */
export function validate(schema: Schema | OneOfByProperty, value: unknown, path = '', options: ValidateOptions = {}): Finding[] {
	if ('oneOfByProperty' in schema) {
		const key = (value as Record<string, unknown> | undefined)?.[schema.oneOfByProperty];
		const chosen = typeof key === 'string' ? schema.oneOf[key] : undefined;
		if (!chosen) {
			return [
				finding(
					path || schema.oneOfByProperty,
					`${schema.oneOfByProperty} must be one of ${Object.keys(schema.oneOf).join(', ')}, was ${JSON.stringify(key)}`,
				),
			];
		}
		return validate(chosen, value, path, options);
	}
	if (schema.oneOf) {
		const results = schema.oneOf.map((option) => validate(option, value, path, options));
		if (results.some((result) => result.length === 0)) return [];
		return [
			finding(
				path,
				`matches none of its ${schema.oneOf.length} published forms (${results.map((result) => result[0]?.message).join('; ')})`,
			),
		];
	}
	if (schema.type && !typeMatches(schema.type, value)) {
		return [finding(path, `must be ${schema.type}, was ${typeOf(value)} ${JSON.stringify(value)}`)];
	}
	if (schema.enum && !schema.enum.includes(value)) {
		return [
			finding(path, `must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}, was ${JSON.stringify(value)}`),
		];
	}
	const findings: Finding[] = [];
	if (typeOf(value) === 'object' && (schema.type === 'object' || schema.properties)) {
		const object = value as Record<string, unknown>;
		for (const name of schema.required ?? []) {
			if (object[name] === undefined) findings.push(finding(join_(path, name), 'is required and missing'));
		}
		if (schema.properties) {
			for (const [name, propertyValue] of Object.entries(object)) {
				const property = schema.properties[name];
				if (property) findings.push(...validate(property, propertyValue, join_(path, name), options));
				else if (schema.additionalProperties === undefined || schema.additionalProperties === false) {
					findings.push(finding(join_(path, name), 'is not declared'));
				} else if (typeof schema.additionalProperties === 'object') {
					findings.push(...validate(schema.additionalProperties, propertyValue, join_(path, name), options));
				}
			}
		}
	}
	if (Array.isArray(value) && schema.items) {
		// Item findings carry `[]` rather than an index (unless `indexItems`), so that one deviation covers every item.
		const seen = new Set<string>();
		for (const [index, item] of value.entries()) {
			for (const itemFinding of validate(schema.items, item, `${path}[${options.indexItems ? index : ''}]`, options)) {
				const key = `${itemFinding.name} ${itemFinding.message}`;
				if (!seen.has(key)) findings.push(itemFinding);
				seen.add(key);
			}
		}
	}
	return findings;
}

const join_ = (path: string, name: string) => (path ? `${path}.${name}` : name);
const finding = (name: string, message: string): Finding => ({ in: 'body', name, message });

const QUERY_TYPES: Record<string, RegExp> = {
	integer: /^-?\d+$/,
	number: /^-?\d+(\.\d+)?$/,
	boolean: /^(true|false)$/,
};

export interface QueryCheckOptions {
	/**
	 * Whether an array parameter must come in its declared form (repeated or comma-separated).
	 * `false` reads both forms, checking each item: the emulator does (see emulator/core/contract.ts),
	 * the contract test does not.
	 */
	form?: boolean;
}

/** One query parameter against its declaration: type, enum, and form (repeated or comma-separated). */
export function checkQueryParameter(name: string, schema: Schema, value: string | string[], options: QueryCheckOptions = {}): string[] {
	const problems: string[] = [];
	const scalar = (item: Schema, text: string) => {
		const pattern = item.type ? QUERY_TYPES[item.type] : undefined;
		if (pattern && !pattern.test(text))
			problems.push(`${name}=${text} is not ${item.type === 'integer' ? 'an integer' : `a ${item.type}`}`);
		if (item.enum && !item.enum.map(String).includes(text)) problems.push(`${name}=${text} is not one of ${item.enum.join(', ')}`);
	};
	if (schema.type === 'array') {
		if (options.form === false) {
			for (const item of (Array.isArray(value) ? value : [value]).flatMap((text) => text.split(','))) scalar(schema.items ?? {}, item);
			return problems;
		}
		const explode = schema.explode ?? (schema.style ?? 'form') === 'form';
		if (explode && !Array.isArray(value) && value.includes(',')) {
			problems.push(`${name} is declared repeated (form, explode=true: ${name}=a&${name}=b), was sent comma-separated: ${name}=${value}`);
		}
		if (!explode && Array.isArray(value)) {
			problems.push(`${name} is declared comma-separated (explode=false: ${name}=a,b), was sent repeated`);
		}
		const items = Array.isArray(value) ? value : explode ? [value] : value.split(',');
		for (const item of items) scalar(schema.items ?? {}, item);
		return problems;
	}
	if (Array.isArray(value)) return [`${name} is declared once, was sent ${value.length} times`];
	scalar(schema, value);
	return problems;
}

/** The query's findings: declared parameters checked; undeclared ones are findings unless `undeclared: 'ignore'`. */
export function queryFindings(
	operation: Operation,
	query: Record<string, string | string[]>,
	options: QueryCheckOptions & { undeclared?: 'finding' | 'ignore' } = {},
): Finding[] {
	const findings: Finding[] = [];
	for (const [name, value] of Object.entries(query)) {
		const schema = operation.query[name];
		if (!schema) {
			if (options.undeclared !== 'ignore') findings.push({ in: 'query', name, message: `query parameter ${name} is not declared` });
			continue;
		}
		for (const message of checkQueryParameter(name, schema, value, options)) findings.push({ in: 'query', name, message });
	}
	return findings;
}

/** The body's findings against the operation's body schema (none declared: any body but an empty object is one). */
export function bodyFindings(operation: Operation, body: unknown, options: ValidateOptions = {}): Finding[] {
	if (operation.body) {
		if (body === undefined) {
			const required = 'oneOfByProperty' in operation.body ? [] : (operation.body.required ?? []);
			return required.length > 0 ? [{ in: 'body', name: '', message: `a body with ${required.join(', ')} is required and missing` }] : [];
		}
		return validate(operation.body, body, '', options);
	}
	if (body !== undefined && !(typeOf(body) === 'object' && Object.keys(body as object).length === 0)) {
		return [{ in: 'body', name: '', message: 'a body is sent, and the operation declares none' }];
	}
	return [];
}

/** Splits findings into those a deviation of the operation allows and the violations. */
export function applyDeviations(
	operation: Operation,
	deviations: Deviation[],
	findings: Finding[],
): { violations: Finding[]; allowed: Array<Finding & { deviation: Deviation }> } {
	const key = operationKey(operation);
	const result: { violations: Finding[]; allowed: Array<Finding & { deviation: Deviation }> } = { violations: [], allowed: [] };
	for (const item of findings) {
		// Deviations name array items `[]`; findings may carry indices (`indexItems`).
		const name = item.name.replace(/\[\d+\]/g, '[]');
		const deviation = deviations.find((candidate) => candidate.operation === key && candidate.in === item.in && candidate.name === name);
		if (deviation && isDeviationOf(deviation, item)) result.allowed.push({ ...item, deviation });
		else result.violations.push(item);
	}
	return result;
}

/** Checks one request; findings that a deviation lists are `allowed`, the others `violations`. */
export function checkRequest(operations: Operation[], deviations: Deviation[], request: RecordedRequest): CheckedRequest {
	const operation = matchOperation(operations, request);
	if (!operation) {
		return {
			request,
			operation: `${request.method} ${request.path}`,
			violations: [
				{
					in: 'operation',
					name: request.path,
					message: `no published operation for ${request.method} ${request.path} on the ${request.host} host`,
				},
			],
			allowed: [],
		};
	}
	const findings: Finding[] = queryFindings(operation, request.query ?? {});

	findings.push(...credentialHeaderFindings(operation, request));
	const onBehalfOf = operation.headers.onBehalfOf;
	if (onBehalfOf?.required && !request.headers.onBehalfOf) {
		findings.push({ in: 'header', name: 'onBehalfOf', message: 'the onBehalfOf header is required and missing' });
	}
	if (!onBehalfOf && request.headers.onBehalfOf !== undefined) {
		findings.push({ in: 'header', name: 'onBehalfOf', message: 'the onBehalfOf header is not declared' });
	}
	findings.push(...bodyFindings(operation, request.body));

	return { request, operation: operationKey(operation), ...applyDeviations(operation, deviations, findings) };
}

/** The webhook implementation the package asks for: 2, the new one (docs/cometchat-api.md, Webhooks (management API)). */
export const WEBHOOK_VERSION = '2';

/** The credential's headers: `apikey`, or the management API's `key` and `secret` and `X-Webhook-Version: 2`. */
function credentialHeaderFindings(operation: Operation, request: RecordedRequest): Finding[] {
	const findings: Finding[] = [];
	for (const name of ['apikey', 'key', 'secret'] as const) {
		if (operation.headers[name]?.required && !request.headers[name]) {
			findings.push({ in: 'header', name, message: `the ${name} header is required and missing` });
		}
	}
	// Declared optional; without it CometChat serves the legacy webhooks, which the package does not use.
	if (operation.headers['X-Webhook-Version'] && request.headers.webhookVersion !== WEBHOOK_VERSION) {
		findings.push({
			in: 'header',
			name: 'X-Webhook-Version',
			message: `the X-Webhook-Version header must be ${WEBHOOK_VERSION}, was ${JSON.stringify(request.headers.webhookVersion)}`,
		});
	}
	return findings;
}

/**
 * A deviation allows sending what the description does not declare (a parameter or a property),
 * or, where it says `kind: type`, another type; never a missing required field.
 */
function isDeviationOf(deviation: Deviation, item: Finding): boolean {
	return (deviation.kind ?? 'undeclared') === 'undeclared' ? /is not declared$/.test(item.message) : /^must be /.test(item.message);
}
