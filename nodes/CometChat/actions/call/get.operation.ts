import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { sessionIdField, sessionIdValue } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a call',
	description: 'Get the details of a call session by its session ID: status, duration, participants and whether it was recorded',
	returns: 'Returns the call: sessionId, status, initiator, receiver, totalDuration, hasRecording, participants and more.',
	properties: [
		sessionIdField,
		onBehalfOfField(
			ACTING_USER.actAs,
			true,
			'The user (UID) the call is read for, e.g. one of its participants. CometChat requires it here.',
		),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const sessionId = sessionIdValue(this, itemIndex);
		const onBehalfOf = requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			host: 'call',
			path: ['calls', sessionId],
			onBehalfOf,
		});
		return response.data as IDataObject;
	},
};
