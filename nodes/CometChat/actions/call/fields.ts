import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredId } from '../../readers/text';

/** The call an operation is about: its session ID (calls have no list to pick from in the editor). */
export const sessionIdField: INodeProperties = {
	displayName: 'Session ID',
	name: 'sessionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. v1.us.12345abcde.1700000000a1b2c3',
	description: 'The session ID of the call',
};

/** Reads the Session ID; an empty one fails with [item N] and where to find one. */
export function sessionIdValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(
		context,
		itemIndex,
		'sessionId',
		'Session ID',
		'Enter the session ID of the call, e.g. from the call event or a message of the call.',
	);
}
