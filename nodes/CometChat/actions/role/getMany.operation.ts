import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	pageLimitOf,
	pickFields,
	returnAllOrLimitFields,
	simplifyOptionsField,
	simplifyRecords,
} from '../../fields/common';
import { paginate } from '../../transport/paginate';
import type { OperationDefinition } from '../types';

/** The fields of a role that a workflow usually needs (Options → Simplify). */
const SIMPLIFIED_ROLE_FIELDS = ['role', 'name', 'description', 'settings'];

export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many roles',
	description: 'List the roles of the app, newest first. A role decides whom its users can list and message.',
	properties: [...returnAllOrLimitFields(), simplifyOptionsField(SIMPLIFIED_ROLE_FIELDS)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const roles = await paginate.call(this, 'pages', { method: 'GET', path: ['roles'] }, pageLimitOf(this, itemIndex));
		return simplifyRecords(roles, options, (role) => pickFields(role, SIMPLIFIED_ROLE_FIELDS));
	},
};
