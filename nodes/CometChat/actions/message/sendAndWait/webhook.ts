/** The resume of a waiting Send and Wait: n8n's webhook, and the check of the answer. */
import type { IDataObject, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isRecord } from '../../../helpers/records';
import { checkAnswers, decodeAnswerElements } from '../form/answers';
import type { ResponseType } from './question';
import { ANSWERS_KEY, EXPIRES_PARAM, FORM_PARAM, FREE_TEXT_ELEMENT, FREE_TEXT_ELEMENTS } from './question';

/** n8n's send-and-wait webhook: resumes the waiting execution (POST, the buttons' method). */
export const sendAndWaitWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

/** Refuses the request with a JSON answer; the execution keeps waiting. */
function refuse(context: IWebhookFunctions, status: number, error: string, hint: string): IWebhookResponseData {
	context.getResponseObject().status(status).json({ error, hint });
	return { noWebhookResponse: true };
}

/**
 * The resume: n8n has checked the signature already. Refuses an answer after the deadline (410)
 * and one that does not fit the form that was sent (400); the execution keeps waiting then. A Free
 * Text or Custom Form answer is checked against the form's elements (checkAnswers; a Custom Form's
 * ride signed in the URL): keys that name no element are dropped, a choice must be one of the
 * options, a required element must have a value. Otherwise outputs
 * `{data, answeredBy, answeredAt, messageId}` with data as n8n's own send-and-wait nodes shape it:
 * {approved}, {text}, or the form's answers by element ID.
 */
export async function sendAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	if (query[EXPIRES_PARAM] !== undefined) {
		const expires = Number(query[EXPIRES_PARAM]);
		if (!Number.isFinite(expires) || Date.now() > expires) {
			const when = Number.isFinite(expires) ? ` at ${new Date(expires).toISOString()}` : '';
			return refuse(this, 410, `This question expired${when}; the workflow no longer waits for an answer`, 'Ask again from the workflow.');
		}
	}
	const body = (this.getBodyData() ?? {}) as IDataObject;
	const responseType = this.getNodeParameter('responseType', 'approval') as ResponseType;
	const answers = body[ANSWERS_KEY];
	const context = isRecord(body.data) ? body.data : {};
	let data: IDataObject;
	if (responseType === 'approval') {
		data = { approved: query.approved === 'true' };
	} else if (!isRecord(answers)) {
		return refuse(
			this,
			400,
			`The answer has no "${ANSWERS_KEY}" object`,
			`Send the form's values under "${ANSWERS_KEY}", keyed by element ID.`,
		);
	} else {
		const elements = responseType === 'freeText' ? FREE_TEXT_ELEMENTS : decodeAnswerElements(query[FORM_PARAM]);
		if (!elements) {
			return refuse(this, 400, "The question's link does not carry its form", 'Ask again from the workflow.');
		}
		const { values, problems } = checkAnswers(elements, answers);
		if (problems.length > 0) {
			return refuse(
				this,
				400,
				`The answer does not fit the form: ${problems[0]}`,
				problems.length === 1
					? 'Correct the answer, then submit again.'
					: `Correct these ${problems.length} problems, then submit again: ${problems.join('; ')}.`,
			);
		}
		data = responseType === 'freeText' ? { text: values[FREE_TEXT_ELEMENT] } : values;
	}
	const answeredBy = typeof context.interactedBy === 'string' ? context.interactedBy : null;
	const messageId = context.messageId === undefined || context.messageId === null ? null : String(context.messageId);
	return {
		webhookResponse: { success: true },
		workflowData: [[{ json: { data, answeredBy, answeredAt: new Date().toISOString(), messageId } }]],
	};
}
