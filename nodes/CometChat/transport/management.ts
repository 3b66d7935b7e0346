/**
 * Requests to CometChat's management API (app webhooks), through n8n's helpers with the
 * CometChat Management API credential (headers key, secret, X-Webhook-Version: 2).
 */
import type { IDataObject, IHookFunctions, IHttpRequestMethods, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redact } from '../helpers/secrets';
import { isRecord } from '../helpers/records';

export const MANAGEMENT_CREDENTIAL_TYPE = 'cometChatManagementApi';

/** A management request gives up after this long. */
const TIMEOUT_MS = 15_000;

export interface ManagementRequest {
	method: IHttpRequestMethods;
	/** Path segments after /apps/{appId}; each is percent-encoded. */
	path: string[];
	body?: IDataObject;
	qs?: IDataObject;
	/** Statuses answered instead of thrown (e.g. 404 when checking whether a webhook exists). */
	accept?: number[];
	/** Values never to show in an error (the Basic Auth password). */
	secrets?: string[];
	/** The shape `data` must have in a 2xx answer: a list of records, or one record. Checked, so a surprise is a clear error. */
	expect?: 'list' | 'record';
}

export interface ManagementResponse {
	status: number;
	body: IDataObject | undefined;
}

export async function managementRequest(context: IHookFunctions, request: ManagementRequest): Promise<ManagementResponse> {
	const credentials = await context.getCredentials(MANAGEMENT_CREDENTIAL_TYPE);
	const base = String(credentials.managementUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	const appId = String(credentials.appId ?? '').trim();
	const path = ['apps', appId, ...request.path].map((s) => encodeURIComponent(s)).join('/');
	// Every non-empty one is cut, however short: the key and secret are the management API's own.
	const secrets = [
		String(credentials.managementApiKey ?? ''),
		String(credentials.managementSecret ?? ''),
		...(request.secrets ?? []),
	].filter((s) => s !== '');
	let response: { statusCode: number; body: unknown };
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(context, MANAGEMENT_CREDENTIAL_TYPE, {
			method: request.method,
			url: `${base}/${path}`,
			qs: request.qs,
			body: request.body,
			json: true,
			timeout: TIMEOUT_MS,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		const message = redact(String((error as Error)?.message ?? error), secrets);
		throw new NodeApiError(context.getNode(), { message } as JsonObject, {
			message: `The CometChat management API could not be reached (${request.method} /${path}): ${message}`,
		});
	}
	const body = response.body !== null && typeof response.body === 'object' ? (response.body as IDataObject) : undefined;
	if (response.statusCode >= 200 && response.statusCode < 300) {
		if (body === undefined) {
			throw new NodeApiError(context.getNode(), { message: 'not JSON' } as JsonObject, {
				message: `CometChat's management API answered ${request.method} /${path} with a body that is not JSON`,
				description: 'The answer was cut short or garbled. Try again; if it keeps happening, check the Management URL.',
				httpCode: String(response.statusCode),
			});
		}
		const data = body.data;
		const shaped =
			request.expect === undefined || (request.expect === 'list' ? Array.isArray(data) && data.every(isRecord) : isRecord(data));
		if (!shaped) {
			throw new NodeApiError(context.getNode(), { message: 'unexpected answer' } as JsonObject, {
				message: `CometChat's management API answered ${request.method} /${path} with an unexpected shape: data is not ${request.expect === 'list' ? 'a list of records' : 'a record'}`,
				description: 'The answer does not match the published Management API. Try again; if it keeps happening, check the Management URL.',
				httpCode: String(response.statusCode),
			});
		}
		return { status: response.statusCode, body };
	}
	if (request.accept?.includes(response.statusCode)) return { status: response.statusCode, body };
	const error = (body?.error ?? {}) as IDataObject;
	const said = redact(String(error.message ?? `HTTP ${response.statusCode}`), secrets);
	const code = error.code !== undefined ? ` (${String(error.code)})` : '';
	const hint =
		response.statusCode === 401
			? ' Check the Management Key, Management Secret and App ID of the CometChat Management API credential.'
			: '';
	throw new NodeApiError(context.getNode(), { message: said, code: String(error.code ?? '') } as JsonObject, {
		message: `CometChat's management API refused ${request.method} /${path}${code}: ${said}`,
		description: hint.trim() || undefined,
		httpCode: String(response.statusCode),
	});
}
