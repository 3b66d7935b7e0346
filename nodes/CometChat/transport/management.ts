/**
 * Requests to CometChat's management API (app webhooks) as the Webhook Trigger makes them: through
 * the one transport (request.ts, the `mgmt` host: the CometChat Management API credential, its
 * headers key, secret and X-Webhook-Version: 2, the retries and time bounds of every request),
 * with the statuses it answers itself instead of failing.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { asNodeError } from '../helpers/itemErrors';
import { isRecord } from '../helpers/records';
import type { AnswerProblem, CometChatContext } from './request';
import { cometChatRequest, MANAGEMENT_CREDENTIAL_TYPE } from './request';

export { MANAGEMENT_CREDENTIAL_TYPE };

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

/**
 * The record of a webhook answer: `data`, as the published schema and the emulator have it, or the
 * one record the published examples of get and update wrap it in, `{ data: [{ data }] }`.
 * docs/cometchat-api.md, Webhooks (management API).
 */
export function managementRecordOf(body: unknown): IDataObject | undefined {
	const data = isRecord(body) ? body.data : undefined;
	if (isRecord(data)) return data;
	const wrapped = Array.isArray(data) && data.length === 1 && isRecord(data[0]) ? data[0].data : undefined;
	return isRecord(wrapped) ? wrapped : undefined;
}

/** What is wrong with a 2xx answer whose `data` is not of the shape expected, or undefined. */
export function managementShapeProblem(body: unknown, expected: 'list' | 'record'): AnswerProblem | undefined {
	const data = isRecord(body) ? body.data : undefined;
	const shaped = expected === 'list' ? Array.isArray(data) && data.every(isRecord) : managementRecordOf(body) !== undefined;
	return shaped
		? undefined
		: { wrong: `is not the published shape: data is not ${expected === 'list' ? 'a list of records' : 'a record'}` };
}

export async function managementRequest(context: CometChatContext, request: ManagementRequest): Promise<ManagementResponse> {
	const { expect } = request;
	try {
		const body = await cometChatRequest.call(context, {
			host: 'mgmt',
			method: request.method,
			path: request.path,
			qs: request.qs,
			body: request.body,
			secrets: request.secrets,
			checkAnswer: expect === undefined ? undefined : (answer) => managementShapeProblem(answer, expect),
		});
		// A record is handed on as `data`, however the answer wrapped it.
		return { status: 200, body: expect === 'record' ? { data: managementRecordOf(body) } : body };
	} catch (error) {
		const status = Number((error as { httpCode?: string }).httpCode);
		if (request.accept?.includes(status)) return { status, body: undefined };
		throw asNodeError(context.getNode(), error);
	}
}
