/**
 * Message → Send and Wait for Response: an interactive form whose buttons call the execution's
 * resume URL, then n8n's own wait. n8n signs the resume URL (getSignedResumeUrl, an HMAC with the
 * instance's secret) and, once setSignatureValidationRequired was called, refuses an unsigned or
 * forged call with 401 before the node is asked. The request the CometChat client makes for an API
 * action, and what the webhook reads from it, are in docs/cometchat-api.md ("Interactive forms and
 * Send and Wait").
 */

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { textOf } from '../../../readers/text';
import { optionOf } from '../../../readers/values';
import type { AnswerElement } from '../form/answers';
import { answerElements, encodeAnswerElements } from '../form/answers';
import { buildFormData, formReaders } from '../form/builder';
import { checkForm } from '../form/problems';

/** The data key of every button: the person's answers come under it, keyed by element ID. */
export const ANSWERS_KEY = 'answers';
/** The element ID of the Free Text answer. */
export const FREE_TEXT_ELEMENT = 'response';
/** The signed query parameter that carries the wait's deadline (epoch milliseconds). */
export const EXPIRES_PARAM = 'expires';
/** The signed query parameter that carries a Custom Form's answerable elements (encodeAnswerElements). */
export const FORM_PARAM = 'form';
/** The one element of the Free Text form. */
export const FREE_TEXT_ELEMENTS: AnswerElement[] = [{ id: FREE_TEXT_ELEMENT, type: 'textInput', optional: false }];

/**
 * The Custom Form's value is `form`, not n8n's `customForm`: newer n8n (2.41) expects a
 * `customForm` answer as multipart form data from its own web form and refuses the JSON the
 * CometChat client sends with 415.
 */
export const RESPONSE_TYPES = ['approval', 'freeText', 'form'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

const APPROVAL_TYPES = ['single', 'double'] as const;

/** A button whose API action calls the signed resume URL with the answers under ANSWERS_KEY. */
function answerButton(elementId: string, buttonText: string, url: string): IDataObject {
	return {
		elementType: 'button',
		elementId,
		buttonText,
		disableAfterInteracted: true,
		action: { actionType: 'apiAction', url, method: 'POST', dataKey: ANSWERS_KEY },
	};
}

/** The form's `data` for the chosen response type, its buttons calling `resumeUrl(query)`. */
export function questionForm(
	context: IExecuteFunctions,
	itemIndex: number,
	responseType: ResponseType,
	title: string,
	resumeUrl: (query: Record<string, string>) => string,
): IDataObject {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const label = (value: unknown, name: string, fallback: string) => textOf(context, itemIndex, name, value ?? fallback).trim() || fallback;
	if (responseType === 'approval') {
		const approval = context.getNodeParameter('approvalOptions.values', itemIndex, {}) as IDataObject;
		const approve = answerButton(
			'approve',
			label(approval.approveLabel, 'Approve Button Label', 'Approve'),
			resumeUrl({ approved: 'true' }),
		);
		const approvalType = optionOf(context, itemIndex, 'Type of Approval', approval.approvalType ?? 'single', APPROVAL_TYPES);
		const formFields =
			approvalType === 'double'
				? [answerButton('decline', label(approval.disapproveLabel, 'Disapprove Button Label', 'Decline'), resumeUrl({ approved: 'false' }))]
				: [];
		return { interactiveData: { title, formFields, submitElement: approve } };
	}
	const submitText = label(options.responseFormButtonLabel, 'Response Form Button Label', 'Submit');
	if (responseType === 'freeText') {
		const submit = answerButton('submit', submitText, resumeUrl({ approved: 'true' }));
		const formFields = [
			{
				elementType: 'textInput',
				elementId: FREE_TEXT_ELEMENT,
				label: label(options.responseLabel, 'Response Label', 'Response'),
				optional: false,
				maxLines: 5,
			},
		];
		return { interactiveData: { title, formFields, submitElement: submit } };
	}
	const built = buildFormData(
		{
			title,
			fields: ((context.getNodeParameter('formFields', itemIndex, {}) as IDataObject).field ?? []) as IDataObject[],
			options: {},
		},
		formReaders(context, itemIndex),
	);
	// The form's answerable elements ride in the signed URL, so the webhook checks the answer against
	// the form that was sent, and no one can change them without breaking the signature.
	const submit = answerButton(
		'submit',
		submitText,
		resumeUrl({ approved: 'true', [FORM_PARAM]: encodeAnswerElements(answerElements(built)) }),
	);
	const data = { ...built, interactiveData: { ...(built.interactiveData as IDataObject), submitElement: submit } };
	checkForm(context, itemIndex, data);
	return data;
}
