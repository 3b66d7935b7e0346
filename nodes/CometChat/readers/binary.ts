/** Files from the input item's binary data (n8n's Input Binary Field), read before any request. */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { FormFile } from '../transport/request';
import { fieldError } from './fieldErrors';
import { readRequiredText } from './text';

/** A file of the input item's binary data, with the name of the binary property it came from. */
export interface BinaryFile extends FormFile {
	property: string;
}

/**
 * The file of the input item's binary property named in the parameter `name` ("Input Binary
 * Field"): its bytes, file name and MIME type, and the property. A missing property names the
 * field, the item and the properties the item has.
 */
export async function readBinaryFile(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	fallbackFileName: string,
): Promise<BinaryFile> {
	const property = readRequiredText(
		context,
		itemIndex,
		name,
		label,
		"Enter the name of the input item's binary property that holds the file, e.g. data.",
	).trim();
	const binary = context.getInputData()[itemIndex]?.binary ?? {};
	const data = binary[property];
	if (data === undefined) {
		const present = Object.keys(binary);
		throw fieldError(
			context,
			itemIndex,
			label,
			`names the binary property "${property}", which the input item does not have`,
			present.length > 0
				? `The item's binary properties are: ${present.join(', ')}. Enter one of them.`
				: 'The item has no binary data: put a node that reads or makes the file (e.g. Read/Write Files from Disk, HTTP Request, Convert to File) before this one.',
		);
	}
	const bytes = await context.helpers.getBinaryDataBuffer(itemIndex, property);
	return { bytes, fileName: data.fileName ?? fallbackFileName, mimeType: data.mimeType || 'application/octet-stream', property };
}
