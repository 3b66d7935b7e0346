import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

/** Every context our code makes requests from. */
export type CometChatContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

const CREDENTIAL_TYPE = 'cometChatApi';

/** How often a 429 is waited out before the request fails. */
const MAX_RATE_LIMIT_RETRIES = 5;
/** How often an idempotent request is retried after a 502/503/504, a reset or an unreadable body. */
const MAX_TRANSIENT_RETRIES = 3;
/** Backoff when the service gives no Retry-After: 250 ms, 500 ms, 1 s, ... */
const BASE_BACKOFF_MS = 250;
/** A Retry-After above this is capped, so one answer cannot stall a workflow for long. */
const MAX_WAIT_MS = 60_000;

const TRANSIENT_STATUSES = new Set([502, 503, 504]);
const IDEMPOTENT_METHODS = new Set<IHttpRequestMethods>(['GET', 'PUT', 'DELETE', 'HEAD']);
/** Socket failures worth another try (a GET, PUT or DELETE only). */
const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
]);

type CometChatHost = 'chat' | 'call';

export interface CometChatRequest {
	method: IHttpRequestMethods;
	/** Path segments after /v3. Each one is percent-encoded, so a uid such as `a/b` stays one segment. */
	path: Array<string | number>;
	qs?: IDataObject;
	body?: IDataObject;
	/** The uid the action is performed for (the `onBehalfOf` header). */
	onBehalfOf?: string;
	/** The chat API (default) or the calls API. */
	host?: CometChatHost;
}

/** The JSON envelope every CometChat answer has. */
export interface CometChatResponse extends IDataObject {
	data?: IDataObject | IDataObject[];
	meta?: IDataObject;
}

/** `https://x.api-us.cometchat.io/v3/` → `https://x.api-us.cometchat.io` */
export function baseUrlOf(url: string): string {
	return url
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/v3$/i, '');
}

function buildPath(segments: Array<string | number>): string {
	return '/v3/' + segments.map((segment) => encodeURIComponent(String(segment))).join('/');
}

/**
 * URL parsers resolve `.` and `..` segments (also when percent-encoded), so an id that is only
 * dots would address another resource. No encoding can carry it; it is refused instead.
 */
function dotSegmentOf(segments: Array<string | number>): string | undefined {
	return segments.map(String).find((segment) => /^\.{1,2}$/.test(segment));
}

interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

const HOST_FIELDS: Record<CometChatHost, { field: string; form: string; why: string }> = {
	chat: { field: 'Base URL', form: 'https://<APP_ID>.api-<REGION>.cometchat.io', why: 'Every chat request goes to it.' },
	call: { field: 'Call URL', form: 'https://<APP_ID>.call-<REGION>.cometchat.io', why: 'Calls live on their own host.' },
};

/**
 * The credential, read once per node run, poll or list (n8n gives each its own context object)
 * rather than once per request: n8n decrypts it on every read.
 */
const credentialsByContext = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

async function credentialsOf(context: CometChatContext): Promise<ICredentialDataDecryptedObject> {
	let credentials = credentialsByContext.get(context);
	if (!credentials) {
		credentials = context.getCredentials(CREDENTIAL_TYPE);
		credentialsByContext.set(context, credentials);
		// A failed read is not kept: the next request asks again.
		credentials.catch(() => credentialsByContext.delete(context));
	}
	return await credentials;
}

/** The one place this package makes an HTTP request. */
export async function cometChatRequest(
	this: CometChatContext,
	request: CometChatRequest,
): Promise<CometChatResponse> {
	const dotSegment = dotSegmentOf(request.path);
	if (dotSegment !== undefined) {
		throw new NodeOperationError(this.getNode(), `The ID "${dotSegment}" cannot be used in a CometChat URL`, {
			description: 'An ID made only of dots would address another resource. Use an ID with other characters.',
		});
	}
	const credentials = await credentialsOf(this);
	const host = request.host ?? 'chat';
	const hostUrl = String((host === 'call' ? credentials.callUrl : credentials.baseUrl) ?? '').trim();
	if (!hostUrl) {
		const { field, form, why } = HOST_FIELDS[host];
		throw new NodeOperationError(this.getNode(), `The CometChat API credential has no ${field}`, {
			description: `${why} Add it to the credential, in the form ${form}`,
		});
	}

	const headers: IDataObject = { Accept: 'application/json' };
	if (request.onBehalfOf) headers.onBehalfOf = request.onBehalfOf;
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: baseUrlOf(hostUrl),
		url: buildPath(request.path),
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

	const idempotent = IDEMPOTENT_METHODS.has(request.method);
	let rateLimitRetries = 0;
	let transientRetries = 0;
	for (;;) {
		let response: RawResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options, {
				// Already decrypted above for the host: n8n would otherwise decrypt it again per request.
				credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data: credentials },
			})) as RawResponse;
		} catch (error) {
			const code = networkErrorCode(error);
			if (code && RETRYABLE_NETWORK_CODES.has(code) && idempotent && transientRetries < MAX_TRANSIENT_RETRIES) {
				await sleep(backoffMs(transientRetries++));
				continue;
			}
			throw markTransient(connectionError(this, request, code, error));
		}

		const { statusCode } = response;
		if (statusCode === 429) {
			if (rateLimitRetries < MAX_RATE_LIMIT_RETRIES) {
				await sleep(retryAfterMs(response.headers, rateLimitRetries++));
				continue;
			}
			throw markTransient(serviceError(this, request, response, {
				message: `CometChat's rate limit was still exceeded after ${MAX_RATE_LIMIT_RETRIES} retries`,
				description:
					'The app sends more requests a minute than its plan allows. Lower the batch size, add a Wait node, or spread the work over time.',
			}));
		}
		if (TRANSIENT_STATUSES.has(statusCode) && idempotent && transientRetries < MAX_TRANSIENT_RETRIES) {
			await sleep(backoffMs(transientRetries++));
			continue;
		}

		const body = parseBody(response.body);
		if (body === undefined && statusCode >= 200 && statusCode < 300) {
			// A cut-off or garbled answer: harmless to repeat a GET/PUT/DELETE, not a POST.
			if (idempotent && transientRetries < MAX_TRANSIENT_RETRIES) {
				await sleep(backoffMs(transientRetries++));
				continue;
			}
			throw markTransient(serviceError(this, request, response, {
				message: 'CometChat sent an answer that is not valid JSON',
				description: idempotent
					? 'The answer stayed unreadable after retries. Try again later.'
					: 'The request may have been applied. Check in CometChat before you run it again.',
			}));
		}
		if (statusCode < 200 || statusCode >= 300) {
			const error = serviceError(this, request, { ...response, body });
			throw statusCode >= 500 ? markTransient(error) : error;
		}
		return body as CometChatResponse;
	}
}

function parseBody(body: unknown): IDataObject | undefined {
	if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) return body as IDataObject;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
	try {
		const parsed = JSON.parse(text) as unknown;
		return parsed !== null && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

function backoffMs(attempt: number): number {
	return BASE_BACKOFF_MS * 2 ** attempt;
}

function retryAfterMs(headers: RawResponse['headers'], attempt: number): number {
	const value = Number(headerValue(headers, 'retry-after'));
	if (Number.isFinite(value) && value >= 0) return Math.min(value * 1000, MAX_WAIT_MS);
	return backoffMs(attempt);
}

function headerValue(headers: RawResponse['headers'], name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

/** n8n wraps transport failures in a NodeApiError whose httpCode is the socket's error code. */
function networkErrorCode(error: unknown): string | undefined {
	const wrapped = error as { code?: unknown; httpCode?: unknown; cause?: { code?: unknown } };
	for (const code of [wrapped?.httpCode, wrapped?.code, wrapped?.cause?.code]) {
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	}
	const message = String((error as Error)?.message ?? '');
	if (/socket hang up|ECONNRESET/i.test(message)) return 'ECONNRESET';
	return undefined;
}

function describeRequest(request: CometChatRequest): string {
	return `${request.method} ${buildPath(request.path)}`;
}

/**
 * Builds the error from what we know, never from the raw transport error: that one carries the
 * request configuration, and so the API key.
 */
function connectionError(
	context: CometChatContext,
	request: CometChatRequest,
	code: string | undefined,
	error: unknown,
) {
	const reason = code ?? String((error as Error)?.message ?? 'unknown error');
	// In words, not the raw code: n8n swaps a message that holds a known code for its generic one.
	const what = CONNECTION_FAILURES[reason] ?? 'the connection failed';
	return new NodeApiError(
		context.getNode(),
		{ message: reason } as JsonObject,
		{
			message: `Could not reach CometChat: ${what}`,
			description:
				`${describeRequest(request)} failed before an answer came back (${reason}). Check the Base URL in the credential and the network.` +
				(IDEMPOTENT_METHODS.has(request.method)
					? ''
					: ' The request may have been applied: check in CometChat before you run it again.'),
		},
	);
}

const CONNECTION_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed before an answer came',
	ECONNABORTED: 'the request took too long',
	ETIMEDOUT: 'the request took too long',
	EPIPE: 'the connection was closed while sending',
	EAI_AGAIN: 'the host name could not be looked up',
	ENOTFOUND: 'no host has this name',
};

interface ServiceErrorBody {
	error?: { code?: string; message?: string; devMessage?: string; details?: unknown };
}

function serviceError(
	context: CometChatContext,
	request: CometChatRequest,
	response: RawResponse,
	override?: { message: string; description: string },
) {
	const body = (parseBody(response.body) ?? {}) as ServiceErrorBody;
	const serviceCode = body.error?.code;
	const serviceMessage = body.error?.message ?? body.error?.devMessage;
	const details = body.error?.details ? ` Details: ${JSON.stringify(body.error.details)}.` : '';
	const message = override?.message ?? serviceMessage ?? `CometChat answered HTTP ${response.statusCode}`;
	const description =
		override?.description ??
		`${serviceCode ? `CometChat error code ${serviceCode}` : `HTTP ${response.statusCode}`} on ${describeRequest(request)}.${details}${hintFor(serviceCode, response.statusCode)}`;
	const error = new NodeApiError(
		context.getNode(),
		{ message, code: serviceCode ?? null, httpCode: String(response.statusCode) } as JsonObject,
		{ message, description, httpCode: String(response.statusCode) },
	);
	// n8n keeps the error response; keep only the service's own words in it.
	(error as NodeApiError & { serviceCode?: string }).serviceCode = serviceCode;
	return error;
}

/** Error codes whose fix is worth spelling out. */
function hintFor(code: string | undefined, status: number): string {
	if (code?.startsWith('AUTH_ERR') || status === 401) {
		return ' Check the API key in the CometChat API credential: it must be the REST API key with full access scope.';
	}
	if (code?.endsWith('_NOT_FOUND')) return ' Check the id: nothing with it exists in this app.';
	if (code?.endsWith('_ALREADY_EXISTS')) {
		return ' Pick another id, or use Update, or Create or Update, for an existing one.';
	}
	return '';
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

/** The service code of an error this module raised, for operations that branch on it (e.g. Create or Update). */
export function serviceCodeOf(error: unknown): string | undefined {
	return (error as { serviceCode?: string })?.serviceCode;
}
