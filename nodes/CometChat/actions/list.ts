import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields, simplifyOptionsField, simplifyRecords } from '../fields/common';
import { booleanOf } from '../helpers/parameters';
import type { PaginationStrategy } from '../transport/paginate';
import { paginate } from '../transport/paginate';
import type { CometChatRequest } from '../transport/request';
import type { OperationDefinition } from './types';

export interface ListSpec {
	value?: string;
	name?: string;
	action: string;
	description: string;
	strategy: PaginationStrategy;
	/** The list's largest page where it is published larger than its strategy's (e.g. 1000 for messages). */
	maxPageSize?: number;
	/** Fields shown before Return All, e.g. the rule whose revisions are listed. */
	properties?: INodeProperties[];
	/** Fields shown after Limit, e.g. a Filters collection (n8n's order: what, how many, which). */
	filters?: INodeProperties[];
	/** The first page's request for one item; the strategy adds its paging parameters. */
	request(this: IExecuteFunctions, itemIndex: number): CometChatRequest;
	/** Records with more than 10 fields get Options → Simplify. */
	simplify?: { fields: string[]; pick(record: IDataObject): IDataObject };
	/** Puts the records read in the order the operation promises (e.g. newest first), before Simplify. */
	arrange?(this: IExecuteFunctions, records: IDataObject[], itemIndex: number): IDataObject[];
}

/** A list operation: its own fields, Return All / Limit, and Options → Simplify where records are long. */
export function listOperation(spec: ListSpec): OperationDefinition {
	const { simplify } = spec;
	const properties: INodeProperties[] = [
		...(spec.properties ?? []),
		...returnAllOrLimitFields(),
		...(spec.filters ?? []),
	];
	if (simplify) properties.push(simplifyOptionsField(simplify.fields));
	return {
		value: spec.value ?? 'getAll',
		name: spec.name ?? 'Get Many',
		action: spec.action,
		description: spec.description,
		properties,
		async execute(this: IExecuteFunctions, itemIndex: number) {
			// Everything is read and checked before the first request.
			const request = spec.request.call(this, itemIndex);
			const pageLimit = pageLimitOf(this, itemIndex);
			const options = simplify ? (this.getNodeParameter('options', itemIndex, {}) as IDataObject) : {};
			const simplified = booleanOf(this, itemIndex, 'Simplify', options.simplify, true);
			const read = await paginate.call(this, spec.strategy, request, pageLimit, spec.maxPageSize);
			const records = spec.arrange ? spec.arrange.call(this, read, itemIndex) : read;
			if (!simplify) return records;
			return simplifyRecords(records, { simplify: simplified }, simplify.pick);
		},
	};
}
