import type { IDataObject, IHttpRequestMethods, INode, INodeParameters, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redact, REDACTED } from '../helpers/secrets';
import { pathAfterV3 } from './apis';
import type { RawResponse } from './attempt';
import { parseBody } from './attempt';
import type { HostUrlField } from './checks';
import type { RequestLimits } from './limits';
import { MAX_RATE_LIMIT_RETRIES } from './retry';

/**
 * The errors a request raises once it has been tried: built from what is known (never from the raw
 * transport error, which carries the API key) and cut of the request's secrets.
 */

/** What the errors of one request need to know. */
export interface RequestCall {
	/** Where the request is made from: its node is read when an error is built. */
	context: { getNode(): INode };
	/** The request as errors name it. */
	request: { method: IHttpRequestMethods; path: Array<string | number>; qs?: IDataObject };
	secrets: string[];
	/** The host (and port) the request goes to, e.g. `app.api-us.cometchat.io`. */
	hostName: string;
	field: HostUrlField;
	idempotent: boolean;
	limits: Readonly<RequestLimits>;
	startedAt: number;
	attempts: number;
	/** What the last lookup of a POST that may have been applied concluded (`findApplied` in transport/request.ts). */
	lookup?: { notApplied: true } | { undecided: string };
	/** Whether an attempt may have been applied by the service though its answer was lost (a stall, a 5xx, a cut-off answer). */
	mayHaveApplied: boolean;
}

/**
 * Marks the error a request ends with when its write may have been applied, for the node's
 * account of a stopped run (items/outcomes.ts): `context.mayHaveBeenApplied`.
 */
export function withAppliedOutcome(error: unknown, call: RequestCall): unknown {
	if (!call.mayHaveApplied || call.request.method === 'GET') return error;
	if (call.lookup !== undefined && 'notApplied' in call.lookup) return error;
	const context = (error as { context?: IDataObject } | undefined)?.context;
	if (context) context.mayHaveBeenApplied = true;
	return error;
}

/**
 * The node as our errors carry it: n8n stores it with the error (in the execution, in error
 * workflows), parameters included, so a secret typed into a parameter is cut out there too.
 */
function errorNode(call: RequestCall): INode {
	const node = call.context.getNode();
	if (call.secrets.length === 0) return node;
	return { ...node, parameters: JSON.parse(redact(JSON.stringify(node.parameters), call.secrets)) as INodeParameters };
}

/** `PUT /v3/users/u1/auth_tokens/[redacted]`: the request as errors show it. */
function describeRequest(call: RequestCall): string {
	const path = pathAfterV3(call.request).map((segment) =>
		call.secrets.includes(String(segment)) ? REDACTED : encodeURIComponent(String(segment)),
	);
	return `${call.request.method} /v3/${path.join('/')}`;
}

/** `?perPage=1000&page=3`: the query as an error shows it (secrets are cut from the whole error). */
function queryOf(qs: IDataObject | undefined): string {
	const query = new URLSearchParams();
	for (const [name, value] of Object.entries(qs ?? {})) {
		for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) query.append(name, String(one));
	}
	const text = query.toString();
	return text ? `?${text}` : '';
}

/** `Could not reach CometChat: …`, built from what we know, never from the raw transport error (it carries the request, and so the API key). */
export function connectionError(call: RequestCall, code: string | undefined, error: unknown) {
	const reason = redact(code ?? String((error as Error)?.message ?? 'unknown error'), call.secrets);
	// In words, not the raw code: n8n swaps a message that holds a known code for its generic one.
	const what = connectionFailureInWords(reason);
	// A connection that was never made points at the address; one that broke mid-way, at the service or the network.
	const advice = NEVER_CONNECTED.has(reason)
		? `Check the ${call.field} in the credential and the network.`
		: 'The connection broke while the request or its answer was on its way: CometChat or the network failed. Try again later.';
	const message = NEVER_CONNECTED.has(reason)
		? `Could not reach CometChat at ${call.hostName}: ${what}`
		: `The connection to CometChat at ${call.hostName} broke: ${what}`;
	return new NodeApiError(errorNode(call), { message: reason } as JsonObject, {
		message,
		description:
			`${describeRequest(call)} failed before a whole answer came back (${reason}${triesOf(call)}). ${advice}` + appliedNote(call),
	});
}

/** Connection failures where no connection was made: the address (or the network to it) is wrong. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/** No answer, or an answer that stopped half-way, within the attempt's timeout. */
export function stallError(call: RequestCall, timeoutMs: number) {
	const seconds = formatSeconds(timeoutMs);
	return new NodeApiError(errorNode(call), { message: 'timeout' } as JsonObject, {
		message: `CometChat at ${call.hostName} did not answer within ${seconds}`,
		description:
			`${describeRequest(call)} got no answer, or an answer that stopped half-way, for ${seconds}${triesOf(call)}.` +
			(call.idempotent ? ' CometChat may be down or overloaded: try again later.' : '') +
			appliedNote(call),
	});
}

/** A Retry-After too long to wait here: fail now, and say when to try again. */
export function rateLimitError(call: RequestCall, response: RawResponse, waitMs: number) {
	const retryAt = new Date(Date.now() + waitMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
	return serviceError(call, response, {
		message: `CometChat's rate limit was exceeded: try again after ${retryAt}`,
		description: `CometChat asks to wait ${formatSeconds(waitMs)} before the next request (Retry-After). That is longer than this node waits (${formatSeconds(Math.min(call.limits.maxRetryAfterMs, call.limits.requestBudgetMs))} at most), so ${describeRequest(call)} was not repeated. Run it again after ${retryAt}, or spread the work over time.`,
	});
}

/**
 * What a failed write says about itself: for a POST, that it may have been applied (and, when its
 * lookup could not tell, why), or that its lookup found it was not; for a PUT, PATCH or DELETE
 * (safe to repeat), that an earlier attempt may have been applied when one's answer was lost.
 * Nothing for a GET.
 */
function appliedNote(call: RequestCall): string {
	if (call.request.method === 'GET') return '';
	if (call.idempotent) {
		return call.mayHaveApplied
			? ' An attempt whose answer was lost may have been applied: running it again is safe, it asks for the same result.'
			: '';
	}
	if (call.lookup !== undefined && 'notApplied' in call.lookup) {
		return ' CometChat did not apply it (it was looked up after the answer was lost): it is safe to run again.';
	}
	const why = call.lookup !== undefined ? ` Looking it up could not tell: ${call.lookup.undecided}.` : '';
	return ` The request may have been applied: check in CometChat before you run it again.${why}`;
}

/** ` after 3 attempts in 12 s`, when there was more than one. */
function triesOf(call: RequestCall): string {
	if (call.attempts <= 1) return '';
	return `; ${call.attempts} attempts in ${formatSeconds(Date.now() - call.startedAt)}`;
}

export function formatSeconds(ms: number): string {
	return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 100) / 10} s`;
}

const CONNECTION_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed before an answer came',
	EPIPE: 'the connection was closed while sending',
	EAI_AGAIN: 'the host name could not be looked up',
	ENOTFOUND: 'no host has this name',
	ERR_BAD_RESPONSE: 'the answer was cut off',
};

/** A failed connection in words, not as its raw code: n8n swaps a message that holds a known code for its generic one. */
export function connectionFailureInWords(code: string | undefined): string {
	return (code === undefined ? undefined : CONNECTION_FAILURES[code]) ?? 'the connection failed';
}

interface ServiceErrorBody {
	error?: { code?: string; message?: string; devMessage?: string; details?: unknown };
}

/** A 429 met more often than it is waited out. */
export function rateLimitExhaustedError(call: RequestCall, response: RawResponse) {
	return serviceError(call, response, {
		message: `CometChat's rate limit was still exceeded after ${MAX_RATE_LIMIT_RETRIES} retries`,
		description:
			'The app sends more requests a minute than its plan allows. Lower the batch size, add a Wait node, or spread the work over time.',
	});
}

/** A 2xx whose body is not JSON, after the retries it was given (none for a POST). */
export function unreadableAnswerError(call: RequestCall, response: RawResponse) {
	return serviceError(call, response, {
		message: 'CometChat sent an answer that is not valid JSON',
		description: call.idempotent
			? `The answer stayed unreadable after ${call.attempts} attempts. Try again later.${appliedNote(call)}`
			: `The answer was lost${triesOf(call)}.${appliedNote(call)}`,
	});
}

/** A 2xx that is JSON but not what was asked for (`checkAnswer` says what is `wrong`). */
export function wrongAnswerError(call: RequestCall, response: RawResponse, wrong: string) {
	return serviceError(call, response, {
		message: `CometChat answered ${describeRequest(call)}${queryOf(call.request.qs)} with a ${response.statusCode} that ${wrong}`,
		description: `The answer is not used: read as it is, it would pass for a whole one${triesOf(call)}. Try again later.`,
	});
}

export function serviceError(call: RequestCall, response: RawResponse, override?: { message: string; description: string }) {
	const body = (parseBody(response.body) ?? {}) as ServiceErrorBody;
	const serviceCode = body.error?.code;
	const serviceMessage = body.error?.message ?? body.error?.devMessage;
	const details = body.error?.details ? ` Details: ${JSON.stringify(body.error.details)}.` : '';
	const message = redact(override?.message ?? serviceMessage ?? `CometChat answered HTTP ${response.statusCode}`, call.secrets);
	const description = redact(
		override?.description ??
			`${serviceCode ? `CometChat error code ${serviceCode}` : `HTTP ${response.statusCode}`} on ${describeRequest(call)}.${details}${hintFor(serviceCode, response.statusCode)}` +
				(response.statusCode >= 500 ? appliedNote(call) : ''),
		call.secrets,
	);
	const error = new NodeApiError(
		errorNode(call),
		{ message, code: serviceCode ?? null, httpCode: String(response.statusCode) } as JsonObject,
		{ message, description, httpCode: String(response.statusCode) },
	);
	// n8n keeps the error response; keep only the service's own words in it.
	(error as NodeApiError & { serviceCode?: string }).serviceCode = serviceCode;
	return error;
}

/** Error codes whose fix is worth spelling out. */
function hintFor(code: string | undefined, status: number): string {
	if (code === 'AUTH_ERR_INVALID_APPID') {
		return ' Check the App ID and the Region in the CometChat API credential (or its host): CometChat knows no such app there.';
	}
	if (code?.startsWith('AUTH_ERR') || status === 401) {
		return ' Check the API key in the CometChat API credential: it must be the REST API key with full access scope.';
	}
	if (code?.endsWith('_NOT_FOUND')) return ' Check the id: nothing with it exists in this app.';
	if (code?.endsWith('_ALREADY_EXISTS')) {
		return ' Pick another id, or use Update, or Create or Update, for an existing one.';
	}
	if (code === 'ERR_PINNED_MESSAGES_LIMIT_EXCEEDED')
		return ' A conversation holds at most 100 pinned messages: unpin one first (Message → Unpin).';
	if (code === 'ERR_SAVED_MESSAGES_LIMIT_EXCEEDED') return ' A user keeps at most 100 saved messages: unsave one first (Message → Unsave).';
	return '';
}

/** A lookup's "cannot tell" (`findApplied` in transport/request.ts) after its own request failed. */
export function undecidedAfter(what: string, error: unknown): { undecided: string } {
	return { undecided: `${what} failed (${String((error as Error)?.message ?? error)})` };
}

/** The service's error code in an error answer's body (`error.code`), if it has one. */
export function errorCodeInBody(body: unknown): string | undefined {
	const code = (body as ServiceErrorBody | undefined)?.error?.code;
	return typeof code === 'string' ? code : undefined;
}

/** The service code of an error a request raised (`serviceError`), for operations that branch on it (e.g. Create or Update). */
export function serviceCodeOf(error: unknown): string | undefined {
	return (error as { serviceCode?: string })?.serviceCode;
}
