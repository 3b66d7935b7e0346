import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isRecord } from '../../helpers/records';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { featureKeysOf, roleField, roleValue } from './fields';

/** POST /roles/{role}/restrictedfeatures: the answer holds one result per feature, turned into a list. */
export const restrictFeatures: OperationDefinition = {
	value: 'restrictFeatures',
	name: 'Restrict Features',
	action: "Restrict a role's features",
	description: "Stop a role's users from using features, e.g. listing users or deleting groups",
	returns: "Returns role and features: per feature, its key and CometChat's success and message.",
	properties: [
		roleField('The role to restrict'),
		{
			displayName: 'Features to Restrict',
			name: 'featuresToRestrict',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. u.listUsers, u.deleteGroup',
			description: 'Keys of the features, separated by commas, or a list from an expression',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		const featuresToRestrict = featureKeysOf(this, itemIndex, 'featuresToRestrict', 'Features to Restrict');
		const response = await cometChatRequest.call(this, {
			method: 'POST',
			path: ['roles', role, 'restrictedfeatures'],
			body: { featuresToRestrict },
		});
		const results = isRecord(response.data) ? response.data : {};
		const features = Object.keys(results).map((key): IDataObject => ({ key, ...(isRecord(results[key]) ? results[key] : {}) }));
		return { role, features };
	},
};
