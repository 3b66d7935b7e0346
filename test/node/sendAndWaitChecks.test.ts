/**
 * Message → Send and Wait for Response, what is checked: the question before anything is sent
 * (the wait's bounds, the 65 KB rule, every options field set by an expression), and the answer
 * against the form that was sent. Both through n8n's engine against the emulator; the answers over
 * real HTTP, from the emulator's person in the chat to a stand-in of n8n's waiting webhooks.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { cometChatNode, runNode } from '../harness/engine';
import { ResumeHost } from '../harness/resume-host';
import { addAdaAndBob, ask } from '../harness/send-and-wait';
import { expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
let host: ResumeHost;

beforeAll(async () => {
	host = await ResumeHost.start(() => credentialsFor(emulator()));
});
afterAll(async () => {
	await host.close();
});
beforeEach(() => addAdaAndBob(emulator()));

/** Runs the node; when it waits, the resume host serves its resume URL. */
async function run(parameters: INodeParameters, input: IDataObject[] = [{}], nodeOptions = {}) {
	const result = await runNode(credentialsFor(emulator()), parameters, input, nodeOptions, {
		webhookWaitingBaseUrl: host.webhookWaitingBaseUrl,
	});
	if (result.run.status === 'waiting') host.wait(cometChatNode(parameters, nodeOptions), result.run);
	return result;
}

const sentForms = () => apiRequests(emulator()).filter((request) => request.method === 'POST' && request.path === '/v3/messages');
const limit = (values: INodeParameters): INodeParameters => ({ options: { limitWaitTime: { values } } });

/** Bob answers the last form sent, as his CometChat client does: the status and body n8n's side gave. */
async function answer(answers: unknown): Promise<{ status: number; body: IDataObject }> {
	const messageId = [...emulator().store.messages.keys()].at(-1);
	const response = await fetch(`${emulator().baseUrl}/__emulator/forms/${messageId}/submit`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ as: 'bob', answers }),
	});
	const submission = (await response.json()) as { data: { response: { status: number; body: IDataObject } } };
	return submission.data.response;
}

describe('Send and Wait: the question is checked before anything is sent', () => {
	it('an Amount of 1e9 days ends after the latest date n8n can wait until: refused, nothing sent', async () => {
		const result = await run(ask(limit({ limitType: 'afterTimeInterval', resumeAmount: 1e9, resumeUnit: 'days' })));
		expectInputError(
			result,
			/'Amount' is 1000000000 days, which ends after the latest date n8n can wait until \(3000-01-01T00:00:00\.000Z\)/,
			/Limit Wait Time/,
		);
		expect(sentForms()).toHaveLength(0);
		expect(result.run.waitTill).toBeUndefined();
	});

	it("a Max Date and Time at or after n8n's latest date is refused; just before it is taken", async () => {
		const latest = WAIT_INDEFINITELY.toISOString();
		expectInputError(
			await run(ask(limit({ limitType: 'atSpecifiedTime', maxDateAndTime: latest }))),
			/'Max Date and Time' .*the latest date n8n can wait until/,
			/Limit Wait Time/,
		);
		expectInputError(
			await run(ask(limit({ limitType: 'atSpecifiedTime', maxDateAndTime: '9999-12-31T00:00:00Z' }))),
			/'Max Date and Time' .*the latest date n8n can wait until/,
			/Limit Wait Time/,
		);
		expectInputError(
			await run(ask(limit({ limitType: 'atSpecifiedTime', maxDateAndTime: '+100000-01-01T00:00:00Z' }))),
			/'Max Date and Time' holds "\+100000-01-01T00:00:00Z", which is not in a form this field takes; it takes a date and time in ISO 8601/,
			/Pick a date/,
		);
		expect(sentForms()).toHaveLength(0);
		const before = new Date(WAIT_INDEFINITELY.getTime() - 1000).toISOString();
		const result = await run(ask(limit({ limitType: 'atSpecifiedTime', maxDateAndTime: before })));
		expect(result.error).toBeUndefined();
		expect(result.run.waitTill?.toISOString()).toBe(before);
	});

	it('a Limit Type with a typo names Limit Type, rather than falling back to an interval', async () => {
		const result = await run(
			ask(limit({ limitType: '={{ "atSpecifiedTme" }}', resumeAmount: 2, resumeUnit: 'hours', maxDateAndTime: '2999-01-01T00:00:00Z' })),
		);
		expectInputError(
			result,
			/'Limit Type' holds the text "atSpecifiedTme", which is not one of afterTimeInterval, atSpecifiedTime/,
			/Limit Type/,
		);
		expect(sentForms()).toHaveLength(0);
	});

	it('a Type of Approval with a typo is refused, rather than sending Approve only', async () => {
		const result = await run(ask({ responseType: 'approval', approvalOptions: { values: { approvalType: '={{ "doubel" }}' } } }));
		expectInputError(result, /'Type of Approval' holds the text "doubel", which is not one of single, double/, /Type of Approval/);
		expect(sentForms()).toHaveLength(0);
	});

	it('a Unit of weeks names Unit', async () => {
		const result = await run(ask(limit({ limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: '={{ "weeks" }}' })));
		expectInputError(result, /'Unit' holds the text "weeks", which is not one of seconds, minutes, hours, days/, /Unit/);
		expect(sentForms()).toHaveLength(0);
	});

	it('a Message of 70 KB is refused (a message is under 65 KB); just under is sent', async () => {
		const result = await run(ask({ message: 'x'.repeat(70 * 1024) }));
		expectInputError(result, /'Message' is 71680 bytes; a CometChat message must be under 66560 \(65 KB\)/, /Shorten/);
		expect(sentForms()).toHaveLength(0);
		const fits = await run(ask({ message: 'x'.repeat(65 * 1024 - 1) }));
		expect(fits.error).toBeUndefined();
		expect(sentForms()).toHaveLength(1);
	});

	it("the Custom Form's options fields from expressions: an unknown method or date mode names its field", async () => {
		const form = (field: INodeParameters) => ask({ responseType: 'form', formFields: { field: [field] } });
		expectInputError(
			await run(form({ elementType: 'dateTime', elementId: 'when', label: 'When', mode: '={{ "dat" }}' })),
			/'Mode of form field 1' holds the text "dat", which is not one of date, dateTime, time/,
			/Mode of form field 1/,
		);
		expectInputError(
			await run(form({ elementType: '={{ "textinput" }}', elementId: 'reason', label: 'Reason' })),
			/'Element Type of form field 1' holds the text "textinput"/,
			/Element Type of form field 1/,
		);
		expectInputError(
			await run(
				form({
					elementType: 'button',
					elementId: 'docs',
					buttonText: 'Docs',
					actionType: 'apiAction',
					url: 'https://example.com/x',
					method: '={{ "PSOT" }}',
				}),
			),
			/'HTTP Method of form field 1 \(button\)' holds the text "PSOT", which is not one of DELETE, GET, PATCH, POST, PUT/,
			/HTTP Method/,
		);
		expect(sentForms()).toHaveLength(0);
	});

	it('with Continue On Fail the item carries the error, and nothing is sent', async () => {
		const result = await run(ask(limit({ limitType: 'afterTimeInterval', resumeAmount: 1e9, resumeUnit: 'days' })), [{}], {
			onError: 'continueRegularOutput',
		});
		expect(result.error).toBeUndefined();
		expectErrorItem(result.items[0], 0, /'Amount'/);
		expect(result.run.status).not.toBe('waiting');
		expect(sentForms()).toHaveLength(0);
	});
});

const customForm = ask({
	responseType: 'form',
	formFields: {
		field: [
			{ elementType: 'textInput', elementId: 'reason', label: 'Reason' },
			{
				elementType: 'dropdown',
				elementId: 'priority',
				label: 'Priority',
				choices: { choice: [{ value: 'low' }, { value: 'high' }] },
			},
			{
				elementType: 'checkbox',
				elementId: 'teams',
				label: 'Teams',
				optional: true,
				choices: { choice: [{ value: 'ops' }, { value: 'billing' }] },
			},
			{ elementType: 'dateTime', elementId: 'when', label: 'When', optional: true },
		],
	},
});

describe('Send and Wait: the answer is checked against the form that was sent', () => {
	it('a choice outside the options is refused with 400, the execution keeps waiting, and a right answer is then taken without the unknown key', async () => {
		expect((await run(customForm)).run.status).toBe('waiting');
		const refused = await answer({ reason: 'x', priority: 'not-an-option', extra: 'injected' });
		expect(refused.status).toBe(400);
		expect(refused.body.error).toMatch(/"priority" .*"not-an-option".*not one of its options \("low", "high"\)/);
		expect(host.resumedWith).toBeUndefined();

		const taken = await answer({ reason: 'x', priority: 'high', extra: 'injected' });
		expect(taken).toEqual({ status: 200, body: { success: true } });
		expect(host.resumedWith).toHaveLength(1);
		expect(host.resumedWith?.[0]).toMatchObject({ data: { reason: 'x', priority: 'high' }, answeredBy: 'bob' });
	});

	it('a required element left out or empty is refused; an optional one may be left out', async () => {
		await run(customForm);
		const missing = await answer({ priority: 'low' });
		expect(missing.status).toBe(400);
		expect(missing.body.error).toMatch(/"reason" .*is required/);
		const blank = await answer({ reason: '  ', priority: 'low' });
		expect(blank.status).toBe(400);
		expect(host.resumedWith).toBeUndefined();
		expect((await answer({ reason: 'late', priority: 'low' })).status).toBe(200);
		expect(host.resumedWith?.[0].data).toEqual({ reason: 'late', priority: 'low' });
	});

	it('a checkbox takes a list of its options; a value of the wrong type is refused', async () => {
		await run(customForm);
		expect((await answer({ reason: 'x', priority: 'low', teams: ['ops', 'hr'] })).body.error).toMatch(
			/"teams" .*"hr".*not one of its options/,
		);
		expect((await answer({ reason: 'x', priority: 'low', teams: 'ops' })).body.error).toMatch(/"teams" .*must be a list/);
		expect((await answer({ reason: { $gt: '' }, priority: 'low' })).body.error).toMatch(/"reason" .*must be text/);
		expect(host.resumedWith).toBeUndefined();
		expect((await answer({ reason: 'x', priority: 'low', teams: ['ops', 'billing'], when: '2030-01-02' })).status).toBe(200);
		expect(host.resumedWith?.[0].data).toEqual({ reason: 'x', priority: 'low', teams: ['ops', 'billing'], when: '2030-01-02' });
	});

	it('Free Text: a blank text is refused, other keys are dropped', async () => {
		await run(ask({ responseType: 'freeText' }));
		const blank = await answer({ response: '   ' });
		expect(blank.status).toBe(400);
		expect(blank.body.error).toMatch(/"response" .*is required/);
		expect(host.resumedWith).toBeUndefined();
		expect((await answer({ response: 'Because.', extra: 'injected' })).status).toBe(200);
		expect(host.resumedWith?.[0].data).toEqual({ text: 'Because.' });
	});

	it('the form rides signed in the resume URL: a changed form is refused by n8n before the node is asked', async () => {
		await run(customForm);
		const url = new URL(
			(
				(sentForms()[0].body as IDataObject).data as { interactiveData: { submitElement: { action: { url: string } } } }
			).interactiveData.submitElement.action.url,
		);
		expect(url.searchParams.get('form')).toBeTruthy();
		url.searchParams.set('form', Buffer.from('[]').toString('base64url'));
		const forged = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ answers: { anything: 1 } }),
		});
		expect(forged.status).toBe(401);
		expect(host.resumedWith).toBeUndefined();
	});
});
