/**
 * The one table of error codes and the HTTP status the emulator answers with.
 *
 * CometChat documents the codes but not the statuses (see docs/cometchat-api.md, Errors). The
 * emulator's choice: 400 validation, 401 auth, 403 no access, 404 not found, 409 already exists,
 * 429 rate limited, 500/503 server faults.
 */
export const ERROR_STATUS = Object.freeze({
	AUTH_ERR_EMPTY_APIKEY: 401,
	AUTH_ERR_APIKEY_NOT_FOUND: 401,
	AUTH_ERR_NO_ACCESS: 403,
	// An app unknown on a host (or known in another region): the code is the SDKs'; the status is the emulator's.
	AUTH_ERR_INVALID_APPID: 401,
	ERR_BAD_REQUEST: 400,
	ERR_BAD_JSON: 400,
	ERR_UID_NOT_FOUND: 404,
	ERR_GUID_NOT_FOUND: 404,
	ERR_ROLE_NOT_FOUND: 404,
	ERR_RULE_NOT_FOUND: 404,
	ERR_KEYWORD_NOT_FOUND: 404,
	ERR_MESSAGE_ID_NOT_FOUND: 404,
	ERR_REASON_NOT_FOUND: 404,
	ERR_CALL_SESSION_NOT_FOUND: 404,
	ERR_AUTH_TOKEN_NOT_FOUND: 404,
	ERR_PUSH_TOKEN_NOT_FOUND: 404,
	ERR_BOT_NOT_FOUND: 404,
	ERR_BOT_ALREADY_EXISTS: 409,
	ERR_BOTS_LIMIT_EXCEEDED: 400,
	ERR_APIKEY_NOT_FOUND: 404,
	ERR_PROVIDER_NOT_FOUND: 404,
	ERR_PINNED_MESSAGES_LIMIT_EXCEEDED: 400,
	ERR_SAVED_MESSAGES_LIMIT_EXCEEDED: 400,
	ERR_ROUTE_NOT_FOUND: 404,
	ERR_NOT_A_MEMBER: 404,
	ERR_NOT_A_BANNED_USER: 404,
	ERR_ALREADY_JOINED: 409,
	ERR_ALREADY_BANNED: 409,
	ERR_SAME_SCOPE: 400,
	ERR_GROUP_NO_CLEARANCE: 403,
	ERR_GROUP_NO_SELF_ACTION: 403,
	ERR_UID_ALREADY_EXISTS: 409,
	ERR_GUID_ALREADY_EXISTS: 409,
	ERR_ROLE_ALREADY_EXISTS: 409,
	ERR_RULE_ALREADY_EXISTS: 409,
	ERR_REASON_ALREADY_EXISTS: 409,
	ERR_KEYWORD_ALREADY_EXISTS: 409,
	ERR_TOO_MANY_REQUESTS: 429,
	// Conversations: the limits and the global pin as published; a conversation not found is the emulator's choice.
	ERR_CONVERSATION_NOT_FOUND: 404,
	ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED: 400,
	ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED: 400,
	ERR_SYSTEM_PINNED_CONVERSATION: 403,
	// The management host (webhooks): its error bodies are unpublished; these are the emulator's.
	AUTH_ERR_MANAGEMENT_KEY: 401,
	ERR_WEBHOOK_VERSION: 400,
	ERR_WEBHOOK_NOT_FOUND: 404,
	ERR_WEBHOOK_ALREADY_EXISTS: 409,
	ERR_WEBHOOK_LIMIT_REACHED: 403,
	// The Campaigns service (overview.mdx names the codes; the statuses beside 400/401/404/409/429/500 are the emulator's).
	ERR_VALIDATION: 400,
	ERR_UNAUTHORIZED: 401,
	ERR_FORBIDDEN: 403,
	ERR_NOT_FOUND: 404,
	ERR_TEMPLATE_NOT_FOUND: 404,
	ERR_CHANNEL_NOT_FOUND: 404,
	ERR_FEED_ITEM_NOT_FOUND: 404,
	ERR_CONFLICT: 409,
	ERR_INTERNAL_SERVER_ERROR: 500,
	ERR_SERVICE_UNAVAILABLE: 503,
	// Data Import: a request whose entities are not an object keyed by their IDs, or more than 50 (the published codes; the statuses are the emulator's).
	ERR_IMPORT_INVALID_USER_FORMAT: 400,
	ERR_IMPORT_INVALID_GROUP_FORMAT: 400,
	ERR_IMPORT_INVALID_MEMBER_FORMAT: 400,
	ERR_IMPORT_INVALID_MESSAGE_FORMAT: 400,
});

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
	error: { code: string; message: string; devMessage?: string; source: string; details?: Record<string, unknown> | string[] };
}

/** Who answers an error: the chat API's emulation, or the Campaigns service's (its `source`, overview.mdx). */
export const CAMPAIGNS_SOURCE = 'campaigns-service';

/** Error thrown by route handlers; turned into the service's error body. */
export class ApiError extends Error {
	readonly code: ErrorCode;
	readonly status: number;
	readonly devMessage?: string;
	readonly details?: Record<string, unknown> | string[];
	readonly source: string;

	constructor(
		code: ErrorCode,
		message: string,
		extra: { devMessage?: string; details?: Record<string, unknown> | string[]; status?: number; source?: string } = {},
	) {
		super(message);
		this.code = code;
		this.status = extra.status ?? ERROR_STATUS[code] ?? 400;
		this.devMessage = extra.devMessage;
		this.details = extra.details;
		this.source = extra.source ?? 'cometchat-emulator';
	}

	toBody(): ErrorBody {
		const error: ErrorBody['error'] = { code: this.code, message: this.message, source: this.source };
		if (this.devMessage) error.devMessage = this.devMessage;
		if (this.details) error.details = this.details;
		return { error };
	}
}

/** Field → messages, as `details` of a validation error. */
export type Details = Record<string, string[]>;

/** A validation error: `details` maps each offending field to a list of messages. */
export function validationError(details: Details): ApiError {
	return new ApiError('ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', {
		devMessage: Object.values(details).flat().join(' '),
		details,
	});
}

/** Throws a validation error when `details` names any field. */
export function throwIfInvalid(details: Details): void {
	if (Object.keys(details).length) throw validationError(details);
}

/** Adds one message for `field` to `details`. */
export function addDetail(details: Details, field: string, message: string): void {
	(details[field] ??= []).push(message);
}
