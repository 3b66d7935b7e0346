import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { oneRequestList, oneRequestListFields, roleField, roleValue } from './fields';

/** GET /roles/{role}/restrictedfeatures: one item per feature the role is restricted from. */
export const getRestrictedFeatures: OperationDefinition = {
	value: 'getRestrictedFeatures',
	name: 'Get Restricted Features',
	action: "Get a role's restricted features",
	description: "List the features a role's users cannot use, e.g. u.listUsers",
	properties: [roleField('The role whose restricted features to list'), ...oneRequestListFields],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		return await oneRequestList(this, itemIndex, ['roles', role, 'restrictedfeatures']);
	},
};
