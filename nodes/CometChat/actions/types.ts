import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** An output item with files beside its JSON, e.g. a message with Download Attachments. */
export class ItemWithFiles {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/**
 * One operation of one resource: its entry in the Operation dropdown, its fields, and what it does
 * for one input item. The fields carry no resource/operation displayOptions: actions/index.ts adds
 * them, so an operation file never repeats its own name.
 */
export interface OperationDefinition {
	value: string;
	name: string;
	/** The sentence n8n shows in the node creator and gives an AI agent, e.g. "Create a user". */
	action: string;
	description: string;
	properties: INodeProperties[];
	/**
	 * What the output is, in one sentence for an AI agent's model ("Returns …"): the keys of the item
	 * the node builds, or which record and a few of its fields. Every operation has one except a list,
	 * whose sentence is derived from its Limit and Simplify (actions/toolDescription.ts); '' when its
	 * description says it.
	 */
	returns?: string;
	/** The fields a record keeps with Simplify (at most 10, times' ISO copies aside), for a list or a send that has it. */
	simplified?: string[];
	/**
	 * The secret fields (helpers/secrets.ts) this item's output exists to show in clear, e.g. the
	 * `authToken` of Auth Token → Create; every other secret is hidden from the output.
	 */
	shownSecrets?(this: IExecuteFunctions, itemIndex: number): string[];
	/**
	 * Data Import: the item is one entity, which the node sends with the run's other items in
	 * batches (actions/dataImport/batches.ts) rather than in a request of its own.
	 */
	entityImport?: EntityImport;
	/** Returns one JSON object per output item (a list answer becomes several items), or one with its files. */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult | OperationResult[]>;
}

/** One output item as an operation gives it. */
export type OperationResult = IDataObject | ItemWithFiles;

export interface ResourceDefinition {
	value: string;
	name: string;
	description?: string;
	operations: OperationDefinition[];
	/** The operation selected when the resource is picked. */
	defaultOperation: string;
}

/** One entity of a Data Import operation, as read from its item. */
export interface ImportedEntity {
	/** Its key in the request's object (`uid`, `guid`, `<guid>_member_<uid>`, `muid`). */
	id: string;
	entity: IDataObject;
	/** Values the entity carries that are secrets (a group's password). */
	secrets?: string[];
}

/** What a Data Import operation sends: `POST /data_import/<endpoint>` with `{ <endpoint>: { <id>: entity } }`. */
export interface EntityImport {
	endpoint: 'users' | 'groups' | 'members' | 'messages';
	/** The entity in words, e.g. "group member". */
	noun: string;
	/** The field (display name) whose value is the entity's key, for errors. */
	idLabel: string;
	read(context: IExecuteFunctions, itemIndex: number): ImportedEntity;
}
