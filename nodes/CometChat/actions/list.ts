import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { pageLimitOf, recordShaper, returnAllOrLimitFields, simplifyField, simplifyOptionsField, toolOutputFields } from '../fields/lists';
import type { ListRequest, PaginationStrategy } from '../transport/paginate';
import { paginate } from '../transport/returnAll';
import { ItemWithFiles } from './types';
import type { OperationDefinition, OperationResult } from './types';

export interface ListSpec {
	value?: string;
	name?: string;
	action: string;
	description: string;
	strategy: PaginationStrategy;
	/** The list's largest page where it is published larger than its strategy's (e.g. 1000 for messages). */
	maxPageSize?: number;
	/** The field that identifies one of its records (`uid`, `guid`, `id`), where there is one. */
	identity?: string;
	/** Fields shown before Return All, e.g. the rule whose revisions are listed. */
	properties?: INodeProperties[];
	/** Fields shown after Limit, e.g. a Filters collection (n8n's order: what, how many, which). */
	filters?: INodeProperties[];
	/** The first page's request for one item; the strategy adds its paging parameters. */
	request(this: IExecuteFunctions, itemIndex: number): ListRequest;
	/** Records with more than 10 fields get Simplify (in Options in version 1; Output in the AI tool). */
	simplify?: { fields: string[]; pick(record: IDataObject): IDataObject };
	/**
	 * The files of each record (e.g. a message's attachments), or undefined when the item asks for
	 * none; read before the first request. Records are then read whole, and each gets its files
	 * before it is shaped.
	 */
	files?(this: IExecuteFunctions, itemIndex: number): ((record: IDataObject) => Promise<IBinaryKeyData | undefined>) | undefined;
	/** Puts the records read in the order the operation promises (e.g. newest first), before Simplify. */
	arrange?(this: IExecuteFunctions, records: IDataObject[], itemIndex: number): IDataObject[];
}

/**
 * A list operation: its own fields, Return All / Limit, and Simplify where records are long, then its
 * filters (version 1: Options → Simplify after them; the AI tool: Output instead).
 */
export function listOperation(spec: ListSpec): OperationDefinition {
	const { simplify } = spec;
	const properties: INodeProperties[] = [
		...(spec.properties ?? []),
		...returnAllOrLimitFields(),
		...(simplify ? [simplifyField(simplify.fields)] : []),
		...(spec.filters ?? []),
	];
	if (simplify) properties.push(simplifyOptionsField(simplify.fields), ...toolOutputFields(simplify.fields));
	return {
		value: spec.value ?? 'getAll',
		name: spec.name ?? 'Get Many',
		action: spec.action,
		description: spec.description,
		properties,
		simplified: simplify?.fields,
		async execute(this: IExecuteFunctions, itemIndex: number) {
			// Everything is read and checked before the first request.
			const request = spec.request.call(this, itemIndex);
			const pageLimit = pageLimitOf(this, itemIndex);
			const shape = simplify ? recordShaper(this, itemIndex, simplify.pick) : undefined;
			const files = spec.files?.call(this, itemIndex);
			const { maxPageSize, identity, arrange } = spec;
			if (!arrange && !files) return await paginate.call(this, spec.strategy, request, pageLimit, { maxPageSize, identity, shape });
			// Arranged on the whole records (e.g. by id), then shaped.
			const read = await paginate.call(this, spec.strategy, request, pageLimit, { maxPageSize, identity });
			const records = arrange ? arrange.call(this, read, itemIndex) : read;
			if (!files) return shape ? records.map(shape) : records;
			// One record's files after the other's (items/inFlight.ts runs the items side by side).
			const outputs: OperationResult[] = [];
			for (const record of records) {
				const binary = await files(record);
				const json = shape ? shape(record) : record;
				outputs.push(binary ? new ItemWithFiles(json, binary) : json);
			}
			return outputs;
		},
	};
}
