/** Options → Reveal …: the one switch that lets an output show the secrets or personal data it otherwise masks. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { booleanOf } from '../readers/values';

/** An Options collection holding one Reveal switch (`options.reveal`). */
export function revealOptionField(displayName: string, description: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [{ displayName, name: 'reveal', type: 'boolean', default: false, description }],
	};
}

/** Whether the Reveal switch named `label` is on (false when Options holds none). */
export function revealValue(context: IExecuteFunctions, itemIndex: number, label: string): boolean {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return booleanOf(context, itemIndex, label, options.reveal, false);
}
