/**
 * Message → Send and Wait for Response, the sending half, through n8n's engine against the emulator:
 * the form each response type sends, its buttons on the execution's signed resume URL, and n8n's
 * own wait (n8n-core's putExecutionToWait: the run ends waiting until waitTill). The resume is
 * checked end to end in the real n8n (e2e/send-and-wait.js).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { addAdaAndBob, ask } from '../harness/send-and-wait';
import { expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

beforeEach(() => addAdaAndBob(emulator()));

/** The harness's execution id and node id: n8n's resume URL is <webhook-waiting>/<execution>/<node>. */
const RESUME = 'http://localhost/webhook-waiting/test-execution/cometchat-node';
const sentForms = () => apiRequests(emulator()).filter((request) => request.method === 'POST' && request.path === '/v3/messages');
const formOf = (index = 0) => (sentForms()[index].body as IDataObject).data as IDataObject;
const interactiveOf = (index = 0) =>
	formOf(index).interactiveData as IDataObject & { formFields: IDataObject[]; submitElement: IDataObject };

function signedUrl(button: IDataObject): URL {
	const action = button.action as IDataObject;
	expect(action).toMatchObject({ actionType: 'apiAction', method: 'POST', dataKey: 'answers' });
	const url = new URL(action.url as string);
	expect(`${url.origin}${url.pathname}`).toBe(RESUME);
	expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
	return url;
}

describe('Send and Wait for Response: the question', () => {
	it('Approval: one form from the sender to the receiver, Approve on the signed resume URL, and the run waits without a limit', async () => {
		const result = await run(ask({ responseType: 'approval' }), [{ order: 4711 }]);
		expect(result.error).toBeUndefined();
		expect(result.run.status).toBe('waiting');
		expect(result.run.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		// n8n checks the signature of every call of the resume URL for this execution.
		expect(result.run.data.validateSignature).toBe(true);
		expect(result.items.map((item) => item.json)).toEqual([{ order: 4711 }]);
		expect(sentForms()).toHaveLength(1);
		const request = sentForms()[0];
		expect(request.headers.onbehalfof).toBe('ada');
		expect(request.body).toMatchObject({ receiver: 'bob', receiverType: 'user', category: 'interactive', type: 'form' });
		const form = interactiveOf();
		expect(form.title).toBe('May I refund order 4711?');
		expect(form.formFields).toEqual([]);
		expect(form.submitElement).toMatchObject({
			elementType: 'button',
			elementId: 'approve',
			buttonText: 'Approve',
			disableAfterInteracted: true,
		});
		const url = signedUrl(form.submitElement);
		expect(url.searchParams.get('approved')).toBe('true');
		expect(url.searchParams.has('expires')).toBe(false);
	});

	it('Approve and Disapprove: a Decline button with its own signed URL; labels as set', async () => {
		const result = await run(
			ask({
				responseType: 'approval',
				approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' } },
			}),
		);
		expect(result.error).toBeUndefined();
		const form = interactiveOf();
		expect(form.submitElement.buttonText).toBe('Yes');
		expect(form.formFields).toHaveLength(1);
		expect(form.formFields[0]).toMatchObject({ elementType: 'button', elementId: 'decline', buttonText: 'No' });
		const decline = signedUrl(form.formFields[0]);
		const approve = signedUrl(form.submitElement);
		expect(decline.searchParams.get('approved')).toBe('false');
		expect(decline.searchParams.get('signature')).not.toBe(approve.searchParams.get('signature'));
	});

	it('Limit Wait Time: the run waits until the limit, and the signed URL carries the same deadline', async () => {
		const before = Date.now();
		const result = await run(
			ask({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } } } }),
		);
		const after = Date.now();
		const waitTill = result.run.waitTill?.getTime() ?? 0;
		expect(waitTill).toBeGreaterThanOrEqual(before + 45 * 60_000);
		expect(waitTill).toBeLessThanOrEqual(after + 45 * 60_000);
		expect(signedUrl(interactiveOf().submitElement).searchParams.get('expires')).toBe(String(waitTill));
	});

	it('Limit Wait Time at a specified time', async () => {
		const at = new Date(Date.now() + 3_600_000).toISOString();
		const result = await run(ask({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: at } } } }));
		expect(result.run.waitTill?.toISOString()).toBe(at);
	});

	it('Free Text: one required text box under the element ID "response", the button labelled as set', async () => {
		const result = await run(ask({ responseType: 'freeText', options: { responseFormButtonLabel: 'Send answer', responseLabel: 'Why?' } }));
		expect(result.error).toBeUndefined();
		const form = interactiveOf();
		expect(form.formFields).toEqual([{ elementType: 'textInput', elementId: 'response', label: 'Why?', optional: false, maxLines: 5 }]);
		expect(form.submitElement).toMatchObject({ elementId: 'submit', buttonText: 'Send answer' });
		signedUrl(form.submitElement);
	});

	it("Custom Form: the form builder's fields, with the submit button on the resume URL", async () => {
		const result = await run(
			ask({
				responseType: 'form',
				formFields: {
					field: [
						{ elementType: 'textInput', elementId: 'reason', label: 'Reason', maxLines: 1 },
						{
							elementType: 'singleSelect',
							elementId: 'size',
							label: 'Size',
							choices: { choice: [{ value: 's' }, { value: 'l', label: 'Large' }] },
						},
					],
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const form = interactiveOf();
		expect(form.formFields).toEqual([
			{ elementType: 'textInput', elementId: 'reason', label: 'Reason', optional: false, maxLines: 1 },
			{
				elementType: 'singleSelect',
				elementId: 'size',
				label: 'Size',
				optional: false,
				options: [
					{ value: 's', label: 's' },
					{ value: 'l', label: 'Large' },
				],
			},
		]);
		signedUrl(form.submitElement);
	});

	it('asks once per run, from the first item, and passes all items on when it resumes', async () => {
		const result = await run(ask({ message: '={{ "Refund " + $json.order + "?" }}' }), [{ order: 1 }, { order: 2 }]);
		expect(result.error).toBeUndefined();
		expect(sentForms()).toHaveLength(1);
		expect(interactiveOf().title).toBe('Refund 1?');
		expect(result.items.map((item) => item.json)).toEqual([{ order: 1 }, { order: 2 }]);
	});
});

describe('Send and Wait for Response: bad input, before anything is sent', () => {
	it('a custom form with problems is refused by the form checks', async () => {
		const result = await run(
			ask({ responseType: 'form', formFields: { field: [{ elementType: 'dropdown', elementId: 'pick', label: 'Pick' }] } }),
		);
		expectInputError(result, /The form cannot be sent: Form field 1 "pick" \(dropdown\) has no options/, /Fix this in the form/);
		expect(sentForms()).toHaveLength(0);
		expect(result.run.waitTill).toBeUndefined();
	});

	// An empty Message typed in is refused by n8n itself (a required field); one from an expression is ours.
	it('an empty message from an expression, a wait of 0, a date in the past', async () => {
		expectInputError(await run(ask({ message: '={{ "" }}' })), /'Message' is empty/, /Fill in 'Message'/);
		expectInputError(
			await run(ask({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'hours' } } } })),
			/'Amount' must be a number above 0/,
			/Limit Wait Time/,
		);
		expectInputError(
			await run(ask({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2000-01-01T00:00:00Z' } } } })),
			/'Max Date and Time' is in the past/,
			/in the future/,
		);
		expect(sentForms()).toHaveLength(0);
	});

	it('with Continue On Fail the error is the output and the run does not wait', async () => {
		const result = await run(ask({ message: '={{ "" }}' }), [{}], { onError: 'continueRegularOutput' });
		expect(result.error).toBeUndefined();
		expectErrorItem(result.items[0], 0, /'Message' is empty/);
		expect(result.run.status).not.toBe('waiting');
		expect(sentForms()).toHaveLength(0);
	});
});
