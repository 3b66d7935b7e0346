import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredId } from '../../readers/text';

/** The reason an operation acts on, as the required locator `reasonId` ("Reason"). */
export function reasonField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.reason, { name: 'reasonId', displayName: 'Reason', required: true, description });
}

/** Reads the Reason locator; an empty one fails with [item N]. */
export function reasonIdValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(context, itemIndex, 'reasonId', 'Reason');
}

/** The name users see when they pick the reason; required by create and update. */
export function reasonNameField(description: string): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Scam or fraud',
		description,
	};
}
