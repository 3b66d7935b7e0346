import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { featureKeysOf, roleField, roleValue } from './fields';

/** DELETE /roles/{role}/restrictedfeatures with `featuresToAllow`, or `allowAll: true`. */
export const allowFeatures: OperationDefinition = {
	value: 'allowFeatures',
	name: 'Allow Features',
	action: "Allow a role's restricted features",
	description: 'Lift restrictions of a role: some features, or all of them',
	returns: "Returns role, allowAll (true) or featuresToAllow (the keys sent), and CometChat's success and message.",
	properties: [
		roleField('The role whose features to allow'),
		{
			displayName: 'Allow',
			name: 'allow',
			type: 'options',
			options: [
				{ name: 'Features Listed', value: 'listed', description: 'Only the features given below' },
				{ name: 'All Features', value: 'all', description: 'Every feature the role is restricted from' },
			],
			default: 'listed',
		},
		{
			displayName: 'Features to Allow',
			name: 'featuresToAllow',
			type: 'string',
			default: '',
			placeholder: 'e.g. u.listUsers, u.deleteGroup',
			description: 'Keys of the features, separated by commas, or a list from an expression (at least one)',
			displayOptions: { show: { allow: ['listed'] } },
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		const all = readOption(this, itemIndex, 'allow', 'Allow', ['listed', 'all'], 'listed') === 'all';
		const body: IDataObject = all
			? { allowAll: true }
			: { featuresToAllow: featureKeysOf(this, itemIndex, 'featuresToAllow', 'Features to Allow') };
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: ['roles', role, 'restrictedfeatures'], body });
		return { role, ...body, ...(response.data as IDataObject) };
	},
};
