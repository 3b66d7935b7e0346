/**
 * The request validation step: every request for one of CometChat's published operations that the
 * package uses is checked against that operation, as published, before its handler runs. The
 * operations, the deviations and the checks are the contract test's (contract/schema.ts,
 * contract/operations.json, contract/deviations.json): one source for both.
 *
 * - Query: a declared parameter of the wrong type or outside its enum, or a declared single value
 *   sent twice, is refused. An array parameter is read in either form (repeated or comma list);
 *   the contract test holds the form. Parameters the operation does not declare are ignored, as
 *   the service ignores them (the package relies on that for `page` of the moderation lists).
 * - Body: the published schema: types, enums, required properties, and no property the schema
 *   does not declare, except those deviations.json lists. A send without `category` is read as
 *   category `message`, the emulator's default.
 * - Headers stay with the routes (`onBehalfOf`, users/access.ts); the apikey, and the management
 *   host's key, secret and X-Webhook-Version, with the server.
 *
 * Anything refused is a 400 ERR_BAD_REQUEST whose `details` map each field to its messages.
 * Requests for routes that are not such an operation (the emulator's extras) are not checked here.
 */
import { applyDeviations, bodyFindings, loadDeviations, loadOperations, matchOperation, queryFindings } from '../../contract/schema';
import type { Deviation, Finding, Operation } from '../../contract/schema';
import { addDetail, throwIfInvalid } from './errors';
import type { Details } from './errors';
import type { Host } from './router';
import type { Query } from './validation';

/** The value a body's discriminator takes when the body leaves it out, per operation: the emulator's default category of a send. */
const DISCRIMINATOR_DEFAULTS: Record<string, Record<string, string>> = {
	'POST /messages': { category: 'message' },
	'POST /bots/{uid}/messages': { category: 'message' },
};

export interface RequestToCheck {
	host: Host;
	method: string;
	/** The raw path, `/v3/…` (`/apps/{appId}/…` on the management host). */
	rawPath: string;
	query: Query;
	body: unknown;
}

/** Checks requests against the published operations, loaded once. */
export class ContractValidator {
	readonly operations: Operation[];
	readonly deviations: Deviation[];

	constructor(operations: Operation[] = loadOperations(), deviations: Deviation[] = loadDeviations()) {
		this.operations = operations;
		this.deviations = deviations;
	}

	/** The published operation a request is for, if the package uses one. */
	operationOf(request: Pick<RequestToCheck, 'host' | 'method' | 'rawPath'>): Operation | undefined {
		const path = request.rawPath.length > 1 ? request.rawPath.replace(/\/$/, '') : request.rawPath;
		return matchOperation(this.operations, { host: request.host, method: request.method, path, query: {}, headers: { apikey: true } });
	}

	/** The findings that refuse the request (deviations allowed), empty when it conforms or is no published operation. */
	violations(request: RequestToCheck): Finding[] {
		const operation = this.operationOf(request);
		if (!operation) return [];
		const findings = [
			...queryFindings(operation, request.query, { form: false, undeclared: 'ignore' }),
			// A GET or DELETE without a declared body may carry one: not the validation's concern.
			...(operation.body ? bodyFindings(operation, withDefaults(operation, request.body), { indexItems: true }) : []),
		];
		return applyDeviations(operation, this.deviations, findings).violations;
	}

	/** Throws 400 ERR_BAD_REQUEST with `details` (field → messages) when the request is refused. */
	check(request: RequestToCheck): void {
		const details: Details = {};
		for (const finding of this.violations(request)) {
			const field = finding.name || 'body';
			addDetail(details, field, finding.in === 'query' ? `${finding.message}.` : `${finding.name || 'The body'} ${finding.message}.`);
		}
		throwIfInvalid(details);
	}
}

let shared: ContractValidator | undefined;

/** The validator over the repository's operations file, read on first use and shared by every emulator. */
export function contractValidator(): ContractValidator {
	return (shared ??= new ContractValidator());
}

function withDefaults(operation: Operation, body: unknown): unknown {
	const defaults = DISCRIMINATOR_DEFAULTS[`${operation.method} ${operation.path}`];
	if (!defaults || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
	const filled: Record<string, unknown> = { ...(body as Record<string, unknown>) };
	for (const [name, value] of Object.entries(defaults)) if (filled[name] === undefined) filled[name] = value;
	return filled;
}
