import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { GROUP_RETURNS, groupField, groupValue } from './fields';

/** GET /groups/{guid} (docs/cometchat-api.md, Groups). */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a group',
	description: 'Get a group by GUID',
	returns: GROUP_RETURNS,
	properties: [
		groupField('The group to get'),
		onBehalfOfField(
			ACTING_USER.actAs,
			false,
			'The user (UID) whose membership the answer describes (scope, joined at). Leave empty to act as the app.',
		),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['groups', guid], onBehalfOf });
		return response.data as IDataObject;
	},
};
