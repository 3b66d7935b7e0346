import type { IExecuteFunctions } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION, WAIT_INDEFINITELY } from 'n8n-workflow';

import { requireResumeSignature } from '../../../helpers/n8nVersions';
import { readRequiredText } from '../../../readers/text';
import { messageTextOf, readOption } from '../../../readers/values';
import { namingRefusedFields } from '../../refusedField';
import type { OperationDefinition } from '../../types';
import { sendMessage } from '../delivery';
import { properties } from './fields';
import { EXPIRES_PARAM, questionForm, RESPONSE_TYPES } from './question';
import { waitTillOf } from './waitTime';

/** Named here too: the node runs it directly, not through the operation table (actions/index.ts). */
export const sendAndWait: OperationDefinition = namingRefusedFields({
	value: SEND_AND_WAIT_OPERATION,
	name: 'Send and Wait for Response',
	action: 'Send message and wait for response',
	description: 'Send a question to a person and wait for their answer in the chat: approve or decline, a text, or a form',
	returns: 'Returns, once answered, data (approved, or the text or form values), answeredBy (UID), answeredAt and messageId.',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const responseType = readOption(this, itemIndex, 'responseType', 'Response Type', RESPONSE_TYPES, 'approval');
		const title = messageTextOf(this, itemIndex, 'Message', readRequiredText(this, itemIndex, 'message', 'Message')).trim();
		const waitTill = waitTillOf(this, itemIndex);
		const limited = waitTill.getTime() !== WAIT_INDEFINITELY.getTime();
		// The deadline rides in the signed query, so a late answer that arrives before n8n ends the
		// wait is refused by the webhook; no one can move it without breaking the signature.
		const resumeUrl = (query: Record<string, string>) =>
			this.getSignedResumeUrl(limited ? { ...query, [EXPIRES_PARAM]: String(waitTill.getTime()) } : query);
		const data = questionForm(this, itemIndex, responseType, title, resumeUrl);
		requireResumeSignature(this);
		const sent = await sendMessage(this, itemIndex, { category: 'interactive', type: 'form', data });
		await this.putExecutionToWait(waitTill);
		return sent;
	},
});
