import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** An error about the item's own input: what is wrong, which item, and how to fix it. */
export function inputError(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
	howToFix: string,
): NodeOperationError {
	// The node's execute adds "[item N]" to every error's message, this one included.
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description: howToFix,
	});
}

/** An update with nothing in it is refused before any request, with where to put the changes. */
export function requireChanges(
	context: IExecuteFunctions,
	itemIndex: number,
	changes: IDataObject,
	howToFix: string,
	message = 'Nothing to update',
): void {
	if (Object.keys(changes).length === 0) throw inputError(context, itemIndex, message, howToFix);
}

/**
 * A JSON object parameter. n8n hands JSON fields over as text, or as an object when an expression
 * produced one; both are accepted. Invalid JSON fails before any request is sent.
 */
export function parseJsonObject(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	fieldName: string,
): IDataObject | undefined {
	if (value === undefined || value === null) return undefined;
	let parsed: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return undefined;
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw inputError(
				context,
				itemIndex,
				`The ${fieldName} is not valid JSON (${(error as Error).message})`,
				`Fix the JSON in the '${fieldName}' field, e.g. {"department": "sales"}.`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw inputError(
			context,
			itemIndex,
			`The ${fieldName} must be a JSON object`,
			`Put a JSON object in the '${fieldName}' field, e.g. {"department": "sales"}.`,
		);
	}
	return parsed as IDataObject;
}

/**
 * A list of ids or tags: an array from an expression, or text separated by commas.
 * Blank entries are dropped and the order is kept.
 */
export function toStringList(value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	const parts = Array.isArray(value) ? value : String(value).split(',');
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

/** The value of a resource locator (or of a plain string parameter that used to be one). */
export function locatorValue(value: unknown): string {
	if (value !== null && typeof value === 'object' && '__rl' in (value as object)) {
		return String((value as INodeParameterResourceLocator).value ?? '').trim();
	}
	return String(value ?? '').trim();
}

/**
 * A required id from a resource locator or string field; an empty one fails with a clear message.
 * `howToFix` replaces the default hint, which suits a resource locator.
 */
export function requiredId(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	label: string,
	howToFix = `Choose a ${label} from the list or enter its ID.`,
): string {
	const id = locatorValue(context.getNodeParameter(parameterName, itemIndex));
	if (!id) {
		throw inputError(context, itemIndex, `The ${label} is empty`, howToFix);
	}
	return id;
}

/** Copies the entries that were set, leaving out empty strings, so optional fields are not sent blank. */
export function compact(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		result[key] = value;
	}
	return result;
}
