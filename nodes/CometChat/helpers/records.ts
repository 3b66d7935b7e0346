import type { IDataObject } from 'n8n-workflow';

/** Whether a value is a JSON object: not null, not a list. */
export function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at a dotted path of `value` (`message.id`), or undefined. */
export function valueAt(value: unknown, path: string): unknown {
	let current = value;
	for (const part of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[part];
	}
	return current;
}
