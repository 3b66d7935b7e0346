import type { IDataObject } from 'n8n-workflow';

/** Whether a value is a JSON object: not null, not a list. */
export function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
