/**
 * Checks requests against CometChat's published operations (cometchat-operations.json beside this
 * file): each request matched to an operation by host, method and path template; its query
 * parameters declared, of their declared type and in their declared form; its body valid against
 * the body schema; its required headers present. What the package sends on purpose beyond the
 * published description is listed in deviations.json (and, with the reasons, in
 * docs/cometchat-api.md, Deviations); exactly those are allowed.
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

export interface Operation {
	usedBy: string[];
	method: string;
	path: string;
	host: 'chat' | 'call';
	operationId: string;
	headers: Record<string, { required: boolean }>;
	query: Record<string, Schema>;
	body: Schema | OneOfByProperty | null;
}

export interface Deviation {
	/** `METHOD /path/template`, as in cometchat-operations.json. */
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
	host: 'chat' | 'call';
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: { apikey: boolean; onBehalfOf?: string };
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

export function loadOperations(file = join(here, 'cometchat-operations.json')): Operation[] {
	return (JSON.parse(readFileSync(file, 'utf8')) as { operations: Operation[] }).operations;
}

export function loadDeviations(file = join(here, 'deviations.json')): Deviation[] {
	return (JSON.parse(readFileSync(file, 'utf8')) as { deviations: Deviation[] }).deviations;
}

export const operationKey = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

/** The operation a request is for: same host and method, and its path matches the template. */
export function matchOperation(operations: Operation[], request: RecordedRequest): Operation | undefined {
	const path = request.path.replace(/^\/v3(?=\/)/, '');
	const segments = path.split('/');
	return operations.find((operation) => {
		if (operation.host !== request.host || operation.method !== request.method) return false;
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

/**
 * A JSON-schema subset: type, required, properties, additionalProperties, enum, items, oneOf (at
 * least one must match). Stricter than JSON Schema in one way: a property that `properties` does
 * not declare is a finding unless `additionalProperties` allows it, so anything sent beyond the
 * published description shows.
 */
export function validate(schema: Schema | OneOfByProperty, value: unknown, path = ''): Finding[] {
	if ('oneOfByProperty' in schema) {
		const key = (value as Record<string, unknown> | undefined)?.[schema.oneOfByProperty];
		const chosen = typeof key === 'string' ? schema.oneOf[key] : undefined;
		if (!chosen) {
			return [finding(path || schema.oneOfByProperty, `${schema.oneOfByProperty} must be one of ${Object.keys(schema.oneOf).join(', ')}, was ${JSON.stringify(key)}`)];
		}
		return validate(chosen, value, path);
	}
	if (schema.oneOf) {
		const results = schema.oneOf.map((option) => validate(option, value, path));
		if (results.some((result) => result.length === 0)) return [];
		return [finding(path, `matches none of its ${schema.oneOf.length} published forms (${results.map((result) => result[0]?.message).join('; ')})`)];
	}
	if (schema.type && !typeMatches(schema.type, value)) {
		return [finding(path, `must be ${schema.type}, was ${typeOf(value)} ${JSON.stringify(value)}`)];
	}
	if (schema.enum && !schema.enum.includes(value)) {
		return [finding(path, `must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}, was ${JSON.stringify(value)}`)];
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
				if (property) findings.push(...validate(property, propertyValue, join_(path, name)));
				else if (schema.additionalProperties === undefined || schema.additionalProperties === false) {
					findings.push(finding(join_(path, name), 'is not declared'));
				} else if (typeof schema.additionalProperties === 'object') {
					findings.push(...validate(schema.additionalProperties, propertyValue, join_(path, name)));
				}
			}
		}
	}
	if (Array.isArray(value) && schema.items) {
		// Item findings carry `[]` rather than an index, so that one deviation covers every item.
		const seen = new Set<string>();
		for (const item of value) {
			for (const itemFinding of validate(schema.items, item, `${path}[]`)) {
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

/** One query parameter against its declaration: type, enum, and form (repeated or comma-separated). */
export function checkQueryParameter(name: string, schema: Schema, value: string | string[]): string[] {
	const problems: string[] = [];
	const scalar = (item: Schema, text: string) => {
		const pattern = item.type ? QUERY_TYPES[item.type] : undefined;
		if (pattern && !pattern.test(text)) problems.push(`${name}=${text} is not ${item.type === 'integer' ? 'an integer' : `a ${item.type}`}`);
		if (item.enum && !item.enum.includes(text)) problems.push(`${name}=${text} is not one of ${item.enum.join(', ')}`);
	};
	if (schema.type === 'array') {
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

/** Checks one request; findings that a deviation lists are `allowed`, the others `violations`. */
export function checkRequest(operations: Operation[], deviations: Deviation[], request: RecordedRequest): CheckedRequest {
	const operation = matchOperation(operations, request);
	if (!operation) {
		return {
			request,
			operation: `${request.method} ${request.path}`,
			violations: [{ in: 'operation', name: request.path, message: `no published operation for ${request.method} ${request.path} on the ${request.host} host` }],
			allowed: [],
		};
	}
	const key = operationKey(operation);
	const findings: Finding[] = [];

	for (const [name, value] of Object.entries(request.query ?? {})) {
		const schema = operation.query[name];
		if (!schema) {
			findings.push({ in: 'query', name, message: `query parameter ${name} is not declared` });
			continue;
		}
		for (const message of checkQueryParameter(name, schema, value)) findings.push({ in: 'query', name, message });
	}

	if (operation.headers.apikey?.required && !request.headers.apikey) {
		findings.push({ in: 'header', name: 'apikey', message: 'the apikey header is required and missing' });
	}
	const onBehalfOf = operation.headers.onBehalfOf;
	if (onBehalfOf?.required && !request.headers.onBehalfOf) {
		findings.push({ in: 'header', name: 'onBehalfOf', message: 'the onBehalfOf header is required and missing' });
	}
	if (!onBehalfOf && request.headers.onBehalfOf !== undefined) {
		findings.push({ in: 'header', name: 'onBehalfOf', message: 'the onBehalfOf header is not declared' });
	}

	if (operation.body) {
		if (request.body === undefined) {
			const required = 'oneOfByProperty' in operation.body ? [] : (operation.body.required ?? []);
			if (required.length > 0) findings.push({ in: 'body', name: '', message: `a body with ${required.join(', ')} is required and missing` });
		} else {
			findings.push(...validate(operation.body, request.body));
		}
	} else if (request.body !== undefined && !(typeOf(request.body) === 'object' && Object.keys(request.body as object).length === 0)) {
		findings.push({ in: 'body', name: '', message: 'a body is sent, and the operation declares none' });
	}

	const result: CheckedRequest = { request, operation: key, violations: [], allowed: [] };
	for (const item of findings) {
		const deviation = deviations.find(
			(candidate) => candidate.operation === key && candidate.in === item.in && candidate.name === item.name,
		);
		if (deviation && isDeviationOf(deviation, item)) result.allowed.push({ ...item, deviation });
		else result.violations.push(item);
	}
	return result;
}

/**
 * A deviation allows sending what the description does not declare (a parameter or a property),
 * or, where it says `kind: type`, another type; never a missing required field.
 */
function isDeviationOf(deviation: Deviation, item: Finding): boolean {
	return (deviation.kind ?? 'undeclared') === 'undeclared' ? /is not declared$/.test(item.message) : /^must be /.test(item.message);
}

export interface Summary {
	checked: CheckedRequest[];
	passed: number;
	violations: number;
	report: string;
}

/** Checks every request and writes the report: violations grouped by operation, then the figures. */
export function summarize(operations: Operation[], deviations: Deviation[], requests: RecordedRequest[]): Summary {
	const all = requests.map((request) => checkRequest(operations, deviations, request));
	const lines: string[] = [];
	// Requests a test sends off-contract on purpose are listed, not counted; one that conforms after all is a stale mark.
	const offContract = all.filter((item) => item.request.offContract !== undefined);
	const checked = all.filter((item) => item.request.offContract === undefined);
	for (const item of offContract) {
		const conforms = item.violations.length === 0;
		lines.push(
			`${conforms ? 'STALE off-contract mark' : 'Off-contract on purpose'}: ${item.operation} (${relative(item.request.testFile ?? '')}: ${item.request.offContract})` +
				(conforms ? ': the request conforms; remove the mark' : `: ${item.violations.map((violation) => violation.name || violation.in).join(', ')}`),
		);
	}
	const stale = offContract.filter((item) => item.violations.length === 0).length;
	const byOperation = new Map<string, CheckedRequest[]>();
	for (const item of checked) byOperation.set(item.operation, [...(byOperation.get(item.operation) ?? []), item]);

	for (const [operation, items] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
		const failing = items.filter((item) => item.violations.length > 0);
		if (failing.length === 0) continue;
		lines.push(`${operation}: ${failing.length} of ${items.length} requests violate the published operation`);
		const distinct = new Map<string, { count: number; example: CheckedRequest }>();
		for (const item of failing) {
			for (const violation of item.violations) {
				const text = `${violation.in} ${violation.name}: ${violation.message}`.replace(/ +/g, ' ');
				const entry = distinct.get(text) ?? { count: 0, example: item };
				entry.count++;
				distinct.set(text, entry);
			}
		}
		for (const [text, { count, example }] of distinct) {
			lines.push(`  - ${text} (${count}x, e.g. ${example.request.testFile ? relative(example.request.testFile) : 'a request'})`);
		}
	}

	const used = new Set(all.flatMap((item) => item.allowed.map((allowed) => allowed.deviation)));
	const unused = deviations.filter((deviation) => !used.has(deviation));
	lines.push(`Allowed deviations seen: ${used.size} of ${deviations.length}`);
	for (const deviation of unused) lines.push(`  not seen in this run: ${deviation.operation} ${deviation.in} ${deviation.name}`);
	const operationsSeen = new Set(checked.filter((item) => !item.operation.includes('/v3')).map((item) => item.operation));
	lines.push(`Operations exercised: ${operationsSeen.size} of ${operations.length}`);
	for (const operation of operations) {
		if (!operationsSeen.has(operationKey(operation))) lines.push(`  not exercised: ${operationKey(operation)} (${operation.usedBy.join(', ')})`);
	}

	const passed = checked.filter((item) => item.violations.length === 0).length;
	const violations = checked.reduce((total, item) => total + item.violations.length, 0) + stale;
	lines.push(`${passed} passed, ${violations} failed`);
	return { checked: all, passed, violations, report: lines.join('\n') };
}

function relative(file: string): string {
	const index = file.indexOf('/test/');
	return index >= 0 ? file.slice(index + 1) : file;
}
