/**
 * What a case of the bad-input matrix (bad-inputs.test.ts) is made of: the wrong values of a field,
 * the field, and an operation's cases.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

/** Wrong values of a field, each with what it is. */
export type Bad = Array<[string, unknown]>;

export interface Field {
	/** The item key the field's expression reads. */
	key: string;
	/** The field's display name, which the error must name. */
	label: string;
	bad: Bad;
	/** Other keys the item needs for the field to be read, e.g. `{ receiverType: 'group' }`. */
	with?: IDataObject;
}

export interface OperationSpec {
	resource: string;
	operation: string;
	parameters: INodeParameters;
	/** Two valid items: one runs before the bad ones, one after. */
	valid: [IDataObject, IDataObject];
	fields: Field[];
	/**
	 * The operation takes one item per run (Send and Wait asks once, from the first item, and the
	 * execution waits): each bad case runs alone, as item 0.
	 */
	onePerRun?: true;
	/** The cases run in the node's AI tool variant (fields shown only there, e.g. a list's Output). */
	asTool?: true;
	/** The node's version, where it is not 1 (fields shown only there, e.g. a list's own Simplify in 1.1). */
	typeVersion?: number;
	/** The operation is the management API's (Webhook): the node carries the CometChat Management API credential. */
	management?: true;
}
