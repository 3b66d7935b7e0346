import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { noteSecrets, secretValues } from '../helpers/secrets';
import { isRecord } from '../helpers/records';
import { API_HOSTS } from './apis';
import type { CometChatApi } from './apis';
import { attempt, parseBody } from './attempt';
import type { HostUrlField } from './checks';
import { credentialHosts, headerValueProblem, HOST_URL_FORMS, parseHostUrl } from './checks';
import type { RequestCall } from './requestErrors';
import {
	connectionError,
	errorCodeInBody,
	rateLimitError,
	rateLimitExhaustedError,
	serviceError,
	stallError,
	unreadableAnswerError,
	withAppliedOutcome,
	wrongAnswerError,
} from './requestErrors';
import { requestLimits } from './limits';
import {
	backoffMs,
	IDEMPOTENT_METHODS,
	MAX_RATE_LIMIT_RETRIES,
	MAX_TRANSIENT_RETRIES,
	networkErrorCode,
	NOT_SENT_CODES,
	rateLimitRemainingOf,
	retryAfterMs,
	RETRYABLE_NETWORK_CODES,
	TRANSIENT_STATUSES,
} from './retry';

/** A file part of a multipart body: its bytes, the file name and the content type it is sent with. */
export interface FormFile {
	bytes: Buffer;
	fileName: string;
	mimeType: string;
}

/** One field of a multipart body: text, a list of texts (one part each), or a file. */
export type FormValue = string | string[] | FormFile;

/** Every context our code makes requests from. */
export type CometChatContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | IHookFunctions | IWebhookFunctions;

const CREDENTIAL_TYPE = 'cometChatApi';

/** The credential of CometChat's management API (app webhooks): its own key and secret, its own host. */
export const MANAGEMENT_CREDENTIAL_TYPE = 'cometChatManagementApi';

/**
 * The chat API, the calls API, the Campaigns service (all three with the CometChat API credential),
 * or the management API (its own credential).
 */
export type CometChatHost = CometChatApi | 'mgmt';

export interface CometChatRequest {
	method: IHttpRequestMethods;
	/**
	 * Path segments after /v3 (after /v3/campaigns for the Campaigns service, after /apps/{appId} on
	 * the management host). Each one is
	 * percent-encoded, so a uid such as `a/b` stays one segment.
	 */
	path: Array<string | number>;
	qs?: IDataObject;
	body?: IDataObject;
	/**
	 * A multipart/form-data body instead of a JSON one (the keyword-list writes): each field is text,
	 * a list is sent as one part per entry under the same name, a file as a file part.
	 */
	form?: Record<string, FormValue>;
	/** The uid the action is performed for (the `onBehalfOf` header). */
	onBehalfOf?: string;
	/** The chat API (default), the calls API, the Campaigns service or the management API. */
	host?: CometChatHost;
	/**
	 * The operation is published to answer its success with no body (204, e.g. a feed item's
	 * delete): an empty 2xx answer is then its answer, `{}`, rather than a lost one to retry. A
	 * garbled body is still retried.
	 */
	answersEmpty?: boolean;
	/**
	 * Values never to show (auth tokens, push tokens): a path segment that is one appears as
	 * `[redacted]`, and they are cut from any error text. The API key always is.
	 */
	secrets?: string[];
	/**
	 * What is wrong with a 2xx answer that is JSON but not what was asked for (a list answer that is
	 * not a page), or undefined. Such an answer is retried as an unreadable one, then fails saying so;
	 * one that `settlesWhenRepeated` (a page whose rows disagree with its own count) is taken as it
	 * is when a retry answers the same (see `settledDisagreementOf`).
	 */
	checkAnswer?: (body: unknown) => AnswerProblem | undefined;
	/**
	 * The service's error codes that mean "already done" for this PUT or DELETE (not found after a
	 * delete, the same scope after a scope change). Met on a retry after an attempt whose answer was
	 * lost when the service may have applied it, such a code is the first attempt's success: the
	 * request resolves to `{ appliedByEarlierAttempt: true }`. On a first attempt it stays an error.
	 */
	alreadyDone?: readonly string[];
	/**
	 * A POST or PATCH the operation makes safe to send again, so it is retried as a PUT is: Create
	 * or Update, whose repeat after an applied attempt answers "already exists" and goes on with the
	 * PUT of the same fields; a review, which sets a message's status (with `alreadyDone` for the
	 * answer that it is no longer listed).
	 */
	retrySafe?: boolean;
	/**
	 * Makes a POST safe to send again: after an attempt the service may have applied (a 5xx, a
	 * connection lost after sending, a timeout, a 2xx whose body was lost), this looks for the write
	 * before the request is sent again, and before it fails. `found`: the request resolves to the
	 * write's result, with `appliedByEarlierAttempt`. `notFound`: it is sent again (within the usual
	 * retries and time). `undecided`: it is not sent again; it looks again after the next backoff, then
	 * fails saying it may have been applied, and why the lookup could not tell. An error it throws is
	 * the item's. With `alreadyDone`, such an answer after a lost one is looked up too, not taken for done.
	 */
	findApplied?: (deadline: number) => Promise<AppliedLookup>;
	/**
	 * The latest moment (ms since the epoch) this request may end, when it serves another request's
	 * bound: a POST's lookups (`findApplied`, which is handed the POST's deadline) share the POST's
	 * 120 s, so a send against a silent service ends within the one bound the README states.
	 */
	deadline?: number;
}

/** What `checkAnswer` found wrong with an answer. */
export interface AnswerProblem {
	/** What is wrong, completing "CometChat answered GET … with a 200 that …". */
	wrong: string;
	/**
	 * The answer is the service's own way of saying it when a retry answers the same thing (not a
	 * garbled transfer, which varies): the answer is then taken. `atOnce`: taken without a retry
	 * (the same list's service already answered so).
	 */
	settlesWhenRepeated?: { atOnce: boolean };
	/** What the user can do about it, where not "try again later" (the error's description). */
	hint?: string;
}

/**
 * CometChat answers a success with its record or list under `data`, or (Flag, a flagged message's
 * review) with `{success, message}` (docs/cometchat-api.md, Errors): a 2xx JSON answer with neither
 * comes from something else at the credential's host.
 */
export function envelopeProblem(body: unknown): AnswerProblem | undefined {
	if (isRecord(body) && ('data' in body || typeof body.success === 'boolean')) return undefined;
	return {
		wrong: 'holds no "data", as every CometChat answer does',
		hint:
			"The answer is not used: it is not CometChat's. Check the credential's host (Custom Host or Base URL): " +
			"it must be your app's CometChat API (https://<app ID>.api-<region>.cometchat.io), not a proxy or another service.",
	};
}

/** The disagreement each answer taken despite its `checkAnswer` held, by answer. */
const settledDisagreements = new WeakMap<object, string>();

/** What an answer taken despite its `checkAnswer` had wrong (the same on a retry), or undefined. */
export function settledDisagreementOf(response: CometChatResponse): string | undefined {
	return settledDisagreements.get(response);
}

/** What a `findApplied` concluded. */
export type AppliedLookup = { found: CometChatResponse } | { notFound: true } | { undecided: string };

/** Why a request is repeated: a 429, or a transient failure (5xx, reset, timeout, unreadable answer). */
export type RetryReason = 'rateLimit' | 'transient';

/**
 * Who follows one request's dealings with the service: a window of requests in flight (a Return
 * All's pages, a node run's items: transport/window.ts) slows down on retries and keeps within the
 * requests the service has left.
 */
export interface RequestObserver {
	/** An answer came (any status); `rateLimitRemaining` is its X-Rate-Limit-Remaining, if it had one. */
	onAnswer?(rateLimitRemaining: number | undefined): void;
	/** The request is about to be repeated after `waitMs`: after a 429, or after a transient failure. */
	onRetry?(reason: RetryReason, waitMs: number): void;
}

/** The JSON envelope every CometChat answer has. */
export interface CometChatResponse extends IDataObject {
	data?: IDataObject | IDataObject[];
	meta?: IDataObject;
}

/** `/v3/users/a%2Fb`: the path of a request, each segment percent-encoded, after its base (`/v3` unless given). */
export function buildPath(segments: Array<string | number>, basePath = '/v3'): string {
	return `${basePath}/` + segments.map((segment) => encodeURIComponent(String(segment))).join('/');
}

/**
 * URL parsers resolve `.` and `..` segments (also when percent-encoded), so an id that is only
 * dots would address another resource. No encoding can carry it; it is refused instead.
 */
function dotSegmentOf(segments: Array<string | number>): string | undefined {
	return segments.map(String).find((segment) => /^\.{1,2}$/.test(segment));
}

const WHY_HOST: Record<CometChatApi, string> = {
	chat: 'Every chat request goes to it.',
	call: 'Calls live on their own host.',
	campaigns: 'The Campaigns service lives on the chat host.',
};

/** Where a request goes, and with which credential: what differs between the chat, call and management hosts. */
interface Destination {
	credentialType: string;
	/** The credential as n8n's helper takes it, decrypted once (n8n would decrypt it again per request). */
	credentials: ICredentialDataDecryptedObject;
	origin: string;
	/** What the path's segments follow: `/v3`, `/v3/campaigns` for the Campaigns service, or `/apps/{appId}` on the management host. */
	basePath: string;
	field: HostUrlField;
	/** The credential's own secrets: cut from every error and output. */
	credentialSecrets: string[];
}

/**
 * The chat or call host of the CometChat API credential, for one of its APIs (transport/apis.ts); a
 * missing or wrong host or API key fails before anything is sent.
 */
async function apiDestination(context: CometChatContext, api: CometChatApi): Promise<Destination> {
	const credentials = await credentialsOf(context, CREDENTIAL_TYPE);
	const hostUrl = credentialHosts(credentials)[API_HOSTS[api].host];
	const { field } = hostUrl;
	if ('problem' in hostUrl) {
		if (hostUrl.missing) {
			throw new NodeOperationError(context.getNode(), `The CometChat API credential has no ${field}`, {
				description: `${WHY_HOST[api]} Add it to the credential, in the form ${HOST_URL_FORMS[field]}`,
			});
		}
		throw new NodeOperationError(
			context.getNode(),
			`The ${field} in the CometChat API credential ${field === 'App ID and Region' ? 'are' : 'is'} not valid`,
			{
				description: `${hostUrl.problem.replace(/\.$/, '')}. Fix it in the credential.`,
			},
		);
	}
	if (typeof credentials.apiKey !== 'string' || credentials.apiKey.trim() === '') {
		// Sent empty, it would only come back as the service's 401.
		throw new NodeOperationError(context.getNode(), 'The CometChat API credential has no API Key', {
			description: "Nothing was sent. Add the app's REST API Key to the credential: CometChat dashboard → your app → API & Auth Keys.",
		});
	}
	checkHeaderValue(context, 'API Key in the CometChat API credential', credentials.apiKey, true);
	return {
		credentialType: CREDENTIAL_TYPE,
		credentials,
		origin: hostUrl.origin,
		basePath: ['/v3', ...API_HOSTS[api].base].join('/'),
		field,
		credentialSecrets: secretValues([credentials.apiKey]),
	};
}

/** The management credential's host and app; an empty key, secret or App ID, or a wrong URL, fails before anything is sent. */
async function managementDestination(context: CometChatContext): Promise<Destination> {
	const credentials = await credentialsOf(context, MANAGEMENT_CREDENTIAL_TYPE);
	const name = 'CometChat Management API credential';
	const field = 'Management URL';
	const hostUrl = parseHostUrl(field, credentials.managementUrl);
	if ('problem' in hostUrl) {
		throw new NodeOperationError(context.getNode(), `The ${field} in the ${name} is not valid`, {
			description: `${hostUrl.problem.replace(/\.$/, '')}. Fix it in the credential.`,
		});
	}
	const appId = typeof credentials.appId === 'string' ? credentials.appId.trim() : '';
	for (const [label, value] of [
		['App ID', appId],
		['Management Key', credentials.managementApiKey],
		['Management Secret', credentials.managementSecret],
	] as const) {
		if (typeof value !== 'string' || value.trim() === '') {
			throw new NodeOperationError(context.getNode(), `The ${name} has no ${label}`, {
				description: 'Nothing was sent. Add it to the credential: CometChat issues the management key and secret with the management API.',
			});
		}
		if (label !== 'App ID') checkHeaderValue(context, `${label} in the ${name}`, value, true);
	}
	return {
		credentialType: MANAGEMENT_CREDENTIAL_TYPE,
		credentials,
		origin: hostUrl.origin,
		basePath: `/apps/${encodeURIComponent(appId)}`,
		field,
		// Every non-empty one is cut, however short: the key and secret are the management API's own.
		credentialSecrets: [String(credentials.managementApiKey), String(credentials.managementSecret)],
	};
}

/**
 * The credential, read once per node run, poll or list (n8n gives each its own context object)
 * rather than once per request: n8n decrypts it on every read.
 */
const credentialsByContext = new WeakMap<object, Map<string, Promise<ICredentialDataDecryptedObject>>>();

async function credentialsOf(context: CometChatContext, type: string): Promise<ICredentialDataDecryptedObject> {
	let byType = credentialsByContext.get(context);
	if (!byType) credentialsByContext.set(context, (byType = new Map()));
	let credentials = byType.get(type);
	if (!credentials) {
		credentials = context.getCredentials(type);
		byType.set(type, credentials);
		// A failed read is not kept: the next request asks again.
		credentials.catch(() => byType.delete(type));
	}
	return await credentials;
}

/**
 * The observer of the requests a context makes without one of their own: the node run's window of
 * items in flight (CometChat.node.ts), which every item's requests feed, whatever operation sends them.
 */
const observerByContext = new WeakMap<object, RequestObserver>();

/** Makes `observer` follow every request `context` makes without an observer of its own. */
export function observeRequests(context: CometChatContext, observer: RequestObserver): void {
	observerByContext.set(context, observer);
}

/** The one place this package makes an HTTP request. */
export async function cometChatRequest(
	this: CometChatContext,
	request: CometChatRequest,
	ownObserver?: RequestObserver,
): Promise<CometChatResponse> {
	const observer = ownObserver ?? observerByContext.get(this) ?? {};
	const dotSegment = dotSegmentOf(request.path);
	if (dotSegment !== undefined) {
		throw new NodeOperationError(this.getNode(), `The ID "${dotSegment}" cannot be used in a CometChat URL`, {
			description: 'An ID made only of dots would address another resource. Use an ID with other characters.',
		});
	}
	const host = request.host ?? 'chat';
	const destination = host === 'mgmt' ? await managementDestination(this) : await apiDestination(this, host);
	const { field, credentialType } = destination;
	const secrets = [...new Set([...secretValues(request.secrets ?? []), ...destination.credentialSecrets])];
	noteSecrets(this, secrets);
	const headers: IDataObject = { Accept: 'application/json' };
	if (request.onBehalfOf) {
		checkHeaderValue(this, "user the request is made as ('Sender', 'User' or 'Act As')", request.onBehalfOf, false);
		headers.onBehalfOf = request.onBehalfOf;
	}
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: destination.origin,
		url: buildPath(request.path, destination.basePath),
		headers,
		qs: request.qs,
		// An array repeats its name (`roles=a&roles=b`): OpenAPI's default form, explode=true. A list
		// declared explode=false (`tags`) is joined into one value by its operation.
		// docs/cometchat-api.md, List parameters.
		arrayFormat: 'repeat',
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.body !== undefined) options.body = request.body;
	if (request.form !== undefined) options.body = formDataOf(request.form);
	// Already decrypted above for the host: n8n would otherwise decrypt it again per request.
	const credentialsDecrypted = { id: '', name: '', type: credentialType, data: destination.credentials };
	/** Sends the request once; n8n's helper hands `timeout` to axios (see `attempt`). */
	const send = (timeoutMs: number): Promise<unknown> => {
		options.timeout = timeoutMs;
		return this.helpers.httpRequestWithAuthentication.call(this, credentialType, options, { credentialsDecrypted });
	};

	const call: RequestCall = {
		context: this,
		request,
		secrets,
		// An origin is scheme://host[:port]: its host is what follows the scheme.
		hostName: destination.origin.slice(destination.origin.indexOf('//') + 2),
		basePath: destination.basePath,
		credentialType,
		field,
		idempotent: IDEMPOTENT_METHODS.has(request.method) || request.retrySafe === true,
		limits: requestLimits(),
		startedAt: Date.now(),
		attempts: 0,
		mayHaveApplied: false,
	};
	const deadline = Math.min(call.startedAt + call.limits.requestBudgetMs, request.deadline ?? Infinity);
	/** Waits before the next attempt, if the wait and a useful attempt still fit in the bound. */
	const waitFor = async (ms: number, reason: RetryReason = 'transient'): Promise<boolean> => {
		const minimumAttemptMs = Math.min(1_000, call.limits.attemptTimeoutMs);
		if (Date.now() + ms + minimumAttemptMs > deadline) return false;
		observer.onRetry?.(reason, ms);
		await sleep(ms);
		return true;
	};
	let rateLimitRetries = 0;
	let transientRetries = 0;
	/** What the last answer that `settlesWhenRepeated` had wrong: the same again settles it. */
	let lastUnsettled: string | undefined;
	/** A GET, PUT or DELETE, or a POST that can look for its own result (`findApplied`). */
	const retryable = call.idempotent || request.findApplied !== undefined;
	/** A POST that may have been applied is looked up first: its result if found, whether to send it again if not. */
	const lookUp = async (): Promise<CometChatResponse | 'send' | 'undecided'> => {
		if (!call.mayHaveApplied || request.findApplied === undefined) return 'send';
		const seen = await request.findApplied(deadline);
		if ('found' in seen) return { ...seen.found, appliedByEarlierAttempt: true };
		call.lookup = 'notFound' in seen ? { notApplied: true } : seen;
		return 'notFound' in seen ? 'send' : 'undecided';
	};
	/**
	 * Waits, then says whether to send again (true), not (false: no time left, or a lookup that could
	 * not tell through the retries left), or the result an earlier attempt had (found by `lookUp`).
	 */
	const tryAgain = async (ms: number, reason: RetryReason = 'transient'): Promise<boolean | CometChatResponse> => {
		for (;;) {
			if (!(await waitFor(ms, reason))) return false;
			const seen = await lookUp();
			if (seen !== 'undecided') return seen === 'send' || seen;
			if (transientRetries >= MAX_TRANSIENT_RETRIES) return false;
			[ms, reason] = [backoffMs(transientRetries++), 'transient'];
		}
	};
	/** Before a POST that may have been applied fails: one last look, whose result is returned if found. */
	const lastLook = async (): Promise<CometChatResponse | undefined> => {
		const seen = await lookUp();
		return typeof seen === 'object' ? seen : undefined;
	};
	try {
		return await attemptsUntilDone();
	} catch (error) {
		throw withAppliedOutcome(error, call);
	}

	/** Sends, retries and looks up until the request has its answer, or throws the error it ends with. */
	async function attemptsUntilDone(): Promise<CometChatResponse> {
		for (;;) {
			const timeoutMs = Math.max(1, Math.min(call.limits.attemptTimeoutMs, deadline - Date.now()));
			call.attempts++;
			const attemptStartedAt = Date.now();
			const outcome = await attempt(send, timeoutMs);
			if (!('response' in outcome)) {
				const failure = 'error' in outcome ? outcome.error : undefined;
				// A body cut short by the timeout may surface as an aborted stream rather than as a timeout.
				const stalled = outcome.timedOut === true || Date.now() - attemptStartedAt >= timeoutMs;
				const code = stalled ? 'ETIMEDOUT' : networkErrorCode(failure);
				call.mayHaveApplied ||= !NOT_SENT_CODES.has(code ?? '');
				if (code !== undefined && RETRYABLE_NETWORK_CODES.has(code) && retryable && transientRetries < MAX_TRANSIENT_RETRIES) {
					const next = await tryAgain(backoffMs(transientRetries++));
					if (next === true) continue;
					if (next) return next;
				}
				const found = await lastLook();
				if (found) return found;
				throw markTransient(stalled ? stallError(call, timeoutMs) : connectionError(call, code, failure));
			}
			const response = outcome.response;
			observer.onAnswer?.(rateLimitRemainingOf(response.headers));

			const { statusCode } = response;
			if (statusCode === 429) {
				const waitMs = retryAfterMs(response.headers, rateLimitRetries);
				if (waitMs > call.limits.maxRetryAfterMs || Date.now() + waitMs > deadline) {
					throw markTransient(rateLimitError(call, response, waitMs));
				}
				if (rateLimitRetries < MAX_RATE_LIMIT_RETRIES) {
					rateLimitRetries++;
					const next = await tryAgain(waitMs, 'rateLimit');
					if (next === true) continue;
					if (next) return next;
					throw markTransient(rateLimitError(call, response, waitMs));
				}
				throw markTransient(rateLimitExhaustedError(call, response));
			}
			// A 5xx does not say whether the work was done before the failure.
			if (TRANSIENT_STATUSES.has(statusCode)) call.mayHaveApplied = true;
			if (TRANSIENT_STATUSES.has(statusCode) && retryable && transientRetries < MAX_TRANSIENT_RETRIES) {
				const next = await tryAgain(backoffMs(transientRetries++));
				if (next === true) continue;
				if (next) return next;
			}

			if (request.answersEmpty && statusCode >= 200 && statusCode < 300 && isEmptyBody(response.body)) return {};
			const body = parseBody(response.body);
			if (body === undefined && statusCode >= 200 && statusCode < 300) {
				// A cut-off or garbled answer: harmless to repeat a GET/PUT/DELETE; a POST only after its lookup.
				// A success whose body was lost: the work is done.
				call.mayHaveApplied = true;
				if (retryable && transientRetries < MAX_TRANSIENT_RETRIES) {
					const next = await tryAgain(backoffMs(transientRetries++));
					if (next === true) continue;
					if (next) return next;
				}
				const found = await lastLook();
				if (found) return found;
				throw markTransient(unreadableAnswerError(call, response));
			}
			if (statusCode < 200 || statusCode >= 300) {
				// An error answer cut off or garbled: its code, which a caller may act on ("already
				// exists" sends Create or Update on to its PUT), is lost. Asked again where that is safe.
				if (body === undefined && retryable && transientRetries < MAX_TRANSIENT_RETRIES) {
					const next = await tryAgain(backoffMs(transientRetries++));
					if (next === true) continue;
					if (next) return next;
				}
				if (call.mayHaveApplied && statusCode < 500 && request.alreadyDone?.includes(errorCodeInBody(body) ?? '')) {
					if (request.findApplied === undefined) return { appliedByEarlierAttempt: true };
					const found = await lastLook();
					if (found) return found;
				}
				const found = statusCode >= 500 ? await lastLook() : undefined;
				if (found) return found;
				const error = serviceError(call, { ...response, body });
				throw statusCode >= 500 ? markTransient(error) : error;
			}
			const problem = request.checkAnswer?.(body) ?? envelopeProblem(body);
			if (problem !== undefined) {
				const { wrong, settlesWhenRepeated } = problem;
				if (settlesWhenRepeated && (settlesWhenRepeated.atOnce || wrong === lastUnsettled)) {
					settledDisagreements.set(body as object, wrong);
					return body as CometChatResponse;
				}
				if (settlesWhenRepeated) lastUnsettled = wrong;
				if (call.idempotent && transientRetries < MAX_TRANSIENT_RETRIES) {
					if (await waitFor(backoffMs(transientRetries++))) continue;
				}
				throw markTransient(wrongAnswerError(call, response, wrong, problem.hint));
			}
			return body as CometChatResponse;
		}
	}
}

/** An answer without a body: nothing, or nothing but white space. */
function isEmptyBody(body: unknown): boolean {
	if (body === undefined || body === null) return true;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : undefined;
	return text !== undefined && text.trim() === '';
}

/**
 * A multipart body as Node's own FormData, which n8n's helper hands to axios as is (it sets the
 * boundary). A file is a Blob part with its name and type; a retry reads the same parts again.
 */
function formDataOf(fields: Record<string, FormValue>): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		if (typeof value === 'object' && !Array.isArray(value)) {
			form.append(name, new Blob([value.bytes], { type: value.mimeType }), value.fileName);
			continue;
		}
		for (const entry of Array.isArray(value) ? value : [value]) form.append(name, entry);
	}
	return form;
}

/**
 * What an operation adds to its output when its request was applied by an attempt whose answer
 * was lost (see `alreadyDone`): `{ appliedByEarlierAttempt: true }`, else nothing.
 */
export function appliedEarlier(response: CometChatResponse): IDataObject {
	return response.appliedByEarlierAttempt === true ? { appliedByEarlierAttempt: true } : {};
}

/** A header value that cannot be sent is the user's input to fix, not a failed connection: nothing was sent. */
function checkHeaderValue(context: CometChatContext, field: string, value: unknown, secret: boolean): void {
	if (typeof value !== 'string') return;
	const what = headerValueProblem(value, secret);
	if (what === undefined) return;
	throw new NodeOperationError(context.getNode(), `The ${field} contains ${what}, which an HTTP header cannot carry`, {
		description: `Nothing was sent. Remove it from the ${field}${secret ? '' : ' (e.g. trim the value of an expression)'}.`,
	});
}

/** Errors that a later attempt may not meet: overload, server errors, broken connections. */
const transientErrors = new WeakSet<object>();

function markTransient<T extends object>(error: T): T {
	transientErrors.add(error);
	return error;
}

/** Whether an error this module raised is transient, e.g. so a polling trigger can wait for its next poll. */
export function isTransientError(error: unknown): boolean {
	return typeof error === 'object' && error !== null && transientErrors.has(error);
}
