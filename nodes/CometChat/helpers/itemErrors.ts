import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { redact } from './secrets';

/** Our errors are already n8n errors; anything else (a bug, a thrown string) is wrapped as one. */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, itemIndex === undefined ? {} : { itemIndex });
}

/** The error with every known secret cut out of its message and description (helpers/secrets.ts). */
export function hideErrorSecrets<T extends NodeApiError | NodeOperationError>(error: T, secrets: string[]): T {
	if (secrets.length === 0) return error;
	error.message = redact(error.message, secrets);
	if (typeof error.description === 'string') error.description = redact(error.description, secrets);
	return error;
}

/**
 * The HTTP status CometChat answered, also in the error's `context`: n8n stores an error (with the
 * execution, on a Continue On Fail item) as its message, description and context, not its httpCode.
 */
export function keepHttpCode<T extends NodeApiError | NodeOperationError>(error: T): T {
	// Read from the error, not by its class: the n8n that runs the node may hold another copy of it.
	const { httpCode } = error as { httpCode?: unknown };
	if (typeof httpCode === 'string' && /^\d{3}$/.test(httpCode)) error.context.httpCode = httpCode;
	return error;
}
