import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { listOperation } from '../list';
import { sessionIdField, sessionIdValue } from './fields';

/** GET /calls/{sessionId}/transcriptions on the call host: numbered pages of up to 1000. */
export const getTranscriptions = listOperation({
	value: 'getTranscriptions',
	name: 'Get Transcriptions',
	action: 'Get the transcriptions of a call',
	description: "List a call's transcriptions, each with the URL of its transcript. They are made after the call ends.",
	strategy: 'numberedPages',
	identity: 'tid',
	properties: [
		sessionIdField,
		onBehalfOfField(ACTING_USER.actAs, false, 'The user (UID) the transcriptions are read for. Leave empty to read as the app.'),
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const sessionId = sessionIdValue(this, itemIndex);
		return {
			method: 'GET',
			host: 'call',
			path: ['calls', sessionId, 'transcriptions'],
			onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs),
		};
	},
});
