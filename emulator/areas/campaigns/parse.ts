/**
 * The Campaigns service's request checks, apart from serving them (routes.ts): the bodies'
 * constraints the published schemas state beyond their types (which the contract step has already
 * checked: emulator/core/contract.ts), the emulator's own choices where campaigns-apis.json is silent,
 * and the service's error shape (`source: campaigns-service`, `details` a list of messages for
 * validation failures: overview.mdx). See docs/cometchat-api.md, Campaigns.
 */
import { ApiError, CAMPAIGNS_SOURCE } from '../../core/errors';
import type { ErrorCode } from '../../core/errors';
import type { Headers, Json, Query } from '../../core/validation';
import { header, isObject, queryOne, requireBodyObject } from '../../core/validation';

/** An error as the Campaigns service answers it. */
export function campaignsError(code: ErrorCode, message: string, extra: { details?: string[]; status?: number } = {}): ApiError {
	return new ApiError(code, message, { ...extra, source: CAMPAIGNS_SOURCE });
}

/** A validation failure: `details` is the list of what is wrong (overview.mdx). */
export function invalid(details: string[]): ApiError {
	return campaignsError('ERR_VALIDATION', 'Validation failed.', { details });
}

/** Throws ERR_VALIDATION when any check failed. */
export function throwIfAny(details: string[]): void {
	if (details.length > 0) throw invalid(details);
}

/** The longest receiver list of one send and of one recipients request (maxItems 10000). */
export const MAX_RECEIVERS = 10_000;
/** Up to this many receivers a send is realtime (a notificationId); above, a batch (a batchId). */
export const REALTIME_RECEIVERS_MAX = 10;
/** The longest engagement topic (maxLength 64) and its characters (the description's words). */
export const TOPIC_MAX = 64;
const TOPIC = /^[A-Za-z0-9_-]+$/;

export function checkName(body: Json, details: string[], required: boolean): void {
	if (body.name === undefined && !required) return;
	if (typeof body.name !== 'string' || body.name.trim() === '') details.push('name must be a non-empty string');
}

/** A non-empty list of distinct, non-blank user IDs of at most MAX_RECEIVERS. */
export function checkUserIds(value: unknown, field: string, details: string[]): void {
	if (!Array.isArray(value) || value.length === 0) {
		details.push(`${field} must contain at least 1 element`);
		return;
	}
	if (value.length > MAX_RECEIVERS) details.push(`${field} must contain no more than ${MAX_RECEIVERS} elements`);
	if (value.some((id) => typeof id !== 'string' || id.trim() === '')) details.push(`each value in ${field} must be a non-empty string`);
	if (new Set(value).size !== value.length) details.push(`All ${field}'s elements must be unique`);
}

/** Per-user variables: an object keyed by user ID whose values are objects. */
export function checkUserVariables(value: unknown, field: string, details: string[]): void {
	if (value === undefined) return;
	if (!isObject(value) || Object.values(value).some((entry) => !isObject(entry))) {
		details.push(`${field} must be an object keyed by user ID, each value an object of variables`);
	}
}

/** An engagement's topic: optional, at most 64 letters, digits, `_` and `-`. */
export function topicOf(body: unknown): string | undefined {
	const topic = requireBodyObject(body).topic as unknown;
	if (topic === undefined) return undefined;
	if (typeof topic !== 'string' || topic.length > TOPIC_MAX || !TOPIC.test(topic)) {
		throw invalid([`topic must be at most ${TOPIC_MAX} letters, digits, underscores or hyphens`]);
	}
	return topic;
}

/** The user a client request is made for (`onbehalfof`), if any. */
export function actingUser(headers: Headers): string | undefined {
	return header(headers, 'onbehalfof');
}

/** An admin operation refuses a request made for a user (the published 400/403 "Called with onbehalfof"). */
export function requireAdmin(headers: Headers, status = 403): void {
	if (actingUser(headers) !== undefined) {
		throw campaignsError('ERR_FORBIDDEN', 'Admin-only: the onbehalfof header must not be present.', { status });
	}
}

/**
 * A client operation (unread count, marks, engagement) acts for one user: without `onbehalfof`
 * there is nobody to act for. The description leaves it optional; the emulator refuses (its choice).
 */
export function requireActingUser(headers: Headers): string {
	const uid = actingUser(headers);
	if (uid === undefined)
		throw campaignsError('ERR_BAD_REQUEST', 'The onbehalfof header is required: this acts for one user.', { status: 400 });
	return uid;
}

/** A query number (unix seconds, a cursor value), or undefined when absent. */
export function queryNumber(query: Query, name: string): number | undefined {
	const text = queryOne(query, name);
	if (text === undefined || text === '') return undefined;
	const value = Number(text);
	if (!Number.isFinite(value)) throw invalid([`${name} must be a number`]);
	return value;
}

/** An ISO 8601 query date (analytics' startDate and endDate) as unix seconds, or undefined. */
export function queryIsoDate(query: Query, name: string): number | undefined {
	const text = queryOne(query, name);
	if (text === undefined || text === '') return undefined;
	const millis = Date.parse(text);
	if (!/^\d{4}-\d{2}-\d{2}/.test(text) || !Number.isFinite(millis)) throw invalid([`${name} must be an ISO 8601 date string`]);
	return Math.floor(millis / 1000);
}

/** `tags` of a query: comma-separated. */
export function queryTags(query: Query): string[] | undefined {
	const text = queryOne(query, 'tags');
	return text === undefined
		? undefined
		: text
				.split(',')
				.map((tag) => tag.trim())
				.filter((tag) => tag !== '');
}

/** Whether a record's tags match the query's `tags` and `tagMatch` (any, the default, or all). */
export function tagsMatch(recordTags: readonly string[], query: Query): boolean {
	const wanted = queryTags(query);
	if (wanted === undefined || wanted.length === 0) return true;
	return queryOne(query, 'tagMatch') === 'all'
		? wanted.every((tag) => recordTags.includes(tag))
		: wanted.some((tag) => recordTags.includes(tag));
}
