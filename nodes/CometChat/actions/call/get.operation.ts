import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { requiredId } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a call',
	description: 'Get the details of a call session by its session ID: status, duration, participants and whether it was recorded',
	properties: [
		{
			displayName: 'Session ID',
			name: 'sessionId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. v1.us.12345abcde.1700000000a1b2c3',
			description: 'The session ID of the call',
		},
		onBehalfOfField(true, 'The user (UID) the call is read for, e.g. one of its participants. CometChat requires it here.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const sessionId = requiredId(
			this,
			itemIndex,
			'sessionId',
			'Session ID',
			'Enter the session ID of the call, e.g. from the call event or a message of the call.',
		);
		const onBehalfOf = requiredOnBehalfOf(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			host: 'call',
			path: ['calls', sessionId],
			onBehalfOf,
		});
		return response.data as IDataObject;
	},
};
