/**
 * Message → Send Form: the form builder, the JSON mode, and the checks both get before anything is
 * sent, through n8n's engine against the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { formProblems } from '../../nodes/CometChat/actions/message/form/problems';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, nodeMuid, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

beforeEach(() => {
	emulator().store.addUser({ uid: 'ada', name: 'Ada' });
	emulator().store.addUser({ uid: 'bob', name: 'Bob' });
});

const sendForm = (extra: INodeParameters): INodeParameters => ({
	resource: 'message',
	operation: 'sendForm',
	onBehalfOf: byId('ada'),
	receiverType: 'user',
	receiverUid: byId('bob'),
	...extra,
});

/** Builder entries for all six element types, each with its own members. */
const builderFields = [
	{ elementType: 'textInput', elementId: 'name', label: 'Your name', placeholder: 'Ada L.', maxLines: 1, defaultValue: 'Ada' },
	{
		elementType: 'dropdown',
		elementId: 'country',
		label: 'Country',
		optional: true,
		choices: {
			choice: [
				{ value: 'de', label: 'Germany' },
				{ value: 'fr', label: 'France' },
			],
		},
		defaultValue: 'fr',
	},
	{
		elementType: 'singleSelect',
		elementId: 'size',
		label: 'Size',
		choices: { choice: [{ value: 's', label: 'Small' }, { value: 'l' }] },
		defaultValue: 's',
	},
	{
		elementType: 'checkbox',
		elementId: 'topics',
		label: 'Topics',
		choices: {
			choice: [
				{ value: 'news', label: 'News' },
				{ value: 'deals', label: 'Deals' },
				{ value: 'tips', label: 'Tips' },
			],
		},
		defaultValue: 'news, tips',
	},
	{
		elementType: 'dateTime',
		elementId: 'when',
		label: 'Preferred date',
		mode: 'date',
		dateTimeFormat: 'yyyy-MM-dd',
		timezoneCode: 'Europe/Berlin',
		from: '2025-01-01',
		to: '2025-12-31',
		placeholder: 'Pick a day',
		maxLines: 1,
	},
	{
		elementType: 'button',
		elementId: 'docs',
		label: 'Docs',
		buttonText: 'Read the docs',
		actionType: 'urlNavigation',
		url: 'https://example.com/docs',
		disableAfterInteracted: false,
	},
];

const builderParameters: INodeParameters = {
	title: 'Book a demo',
	formFields: { field: builderFields },
	submitElementId: 'submit',
	submitButtonText: 'Send',
	submitDisableAfterInteracted: true,
	submitActionType: 'apiAction',
	submitUrl: 'https://example.com/webhook/form',
	submitMethod: 'POST',
	submitPayload: '{"source": "n8n"}',
	submitHeaders: '{"X-Token": "t1"}',
	submitDataKey: 'answers',
	formOptions: { allowSenderInteraction: false, interactionGoal: 'allOf', goalElementIds: 'name, topics' },
};

/** What the builder above must send as the message's data. */
const expectedData = {
	interactiveData: {
		title: 'Book a demo',
		formFields: [
			{
				elementType: 'textInput',
				elementId: 'name',
				label: 'Your name',
				optional: false,
				maxLines: 1,
				placeholder: { text: 'Ada L.' },
				defaultValue: 'Ada',
			},
			{
				elementType: 'dropdown',
				elementId: 'country',
				label: 'Country',
				optional: true,
				options: [
					{ value: 'de', label: 'Germany' },
					{ value: 'fr', label: 'France' },
				],
				defaultValue: 'fr',
			},
			{
				elementType: 'singleSelect',
				elementId: 'size',
				label: 'Size',
				optional: false,
				options: [
					{ value: 's', label: 'Small' },
					{ value: 'l', label: 'l' },
				],
				defaultValue: 's',
			},
			{
				elementType: 'checkbox',
				elementId: 'topics',
				label: 'Topics',
				optional: false,
				options: [
					{ value: 'news', label: 'News' },
					{ value: 'deals', label: 'Deals' },
					{ value: 'tips', label: 'Tips' },
				],
				defaultValue: ['news', 'tips'],
			},
			{
				elementType: 'dateTime',
				elementId: 'when',
				label: 'Preferred date',
				optional: false,
				mode: 'date',
				dateTimeFormat: 'yyyy-MM-dd',
				timezoneCode: 'Europe/Berlin',
				from: '2025-01-01',
				to: '2025-12-31',
				maxLines: 1,
				placeholder: { text: 'Pick a day' },
			},
			{
				elementType: 'button',
				elementId: 'docs',
				label: 'Docs',
				buttonText: 'Read the docs',
				disableAfterInteracted: false,
				action: { actionType: 'urlNavigation', url: 'https://example.com/docs' },
			},
		],
		submitElement: {
			elementType: 'button',
			elementId: 'submit',
			buttonText: 'Send',
			disableAfterInteracted: true,
			action: {
				actionType: 'apiAction',
				url: 'https://example.com/webhook/form',
				method: 'POST',
				payload: { source: 'n8n' },
				headers: { 'X-Token': 't1' },
				dataKey: 'answers',
			},
		},
	},
	allowSenderInteraction: false,
	interactionGoal: { type: 'allOf', elementIds: ['name', 'topics'] },
};

describe('Message → Send Form', () => {
	it('Interaction Goal Any Action is sent as the SDKs document it (anyAction), and Metadata in data.metadata: allowed deviations', async () => {
		const { error } = await run(
			sendForm({ ...builderParameters, formOptions: { interactionGoal: 'anyAction' }, additionalFields: { metadata: '{"ticket": 7}' } }),
		);
		expect(error).toBeUndefined();
		expect((apiRequests(emulator())[0].body as IDataObject).data).toMatchObject({
			interactionGoal: { type: 'anyAction' },
			metadata: { ticket: 7 },
		});
	});

	it('a form with all six element types round-trips from the builder', async () => {
		const { items, error } = await run(sendForm(builderParameters));
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'POST', path: '/v3/messages' });
		expect(request.headers.onbehalfof).toBe('ada');
		expect(request.body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'interactive',
			type: 'form',
			data: expectedData,
			muid: nodeMuid(),
		});
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ category: 'interactive', type: 'form', sender: 'ada', receiver: 'bob' });
		const { entities, moderation, ...sentData } = items[0].json.data as IDataObject;
		expect(sentData).toEqual(expectedData);
		expect(moderation).toEqual({ status: 'approved' });
		expect(entities).toBeDefined();
		// What the emulator stored is what was built.
		expect(emulator().store.messages.get(String(items[0].json.id))?.data).toEqual(expectedData);
	});

	it('with Simplify on: the form message in short, its title for its content', async () => {
		const { items, error } = await run(sendForm({ ...builderParameters, simplify: true }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			category: 'interactive',
			type: 'form',
			sender: 'ada',
			receiver: 'bob',
			formTitle: 'Book a demo',
		});
		expect(items[0].json).not.toHaveProperty('data');
		expect(new Date(items[0].json.sentAtIso as string).getTime()).toBe((items[0].json.sentAt as number) * 1000);
	});

	it('the same form as JSON sends the same data; only the interactiveData is accepted too', async () => {
		await run(sendForm({ formMode: 'json', formJson: JSON.stringify(expectedData) }));
		const { interactiveData, ...rest } = expectedData;
		await run(sendForm({ formMode: 'json', formJson: JSON.stringify({ ...interactiveData, ...rest }) }));
		const [first, second] = apiRequests(emulator());
		expect((first.body as IDataObject).data).toEqual(expectedData);
		expect((second.body as IDataObject).data).toEqual(expectedData);
	});

	it('sends a form to a group with muid and tags, and a URL-navigation submit button', async () => {
		emulator().store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada' });
		const { items, error } = await run(
			sendForm({
				receiverType: 'group',
				receiverGuid: byId('crew'),
				title: 'Feedback',
				formFields: { field: [{ elementType: 'textInput', elementId: 'comment', label: 'Comment' }] },
				submitActionType: 'urlNavigation',
				submitUrl: 'https://example.com/thanks',
				additionalFields: { muid: 'fb-1', tags: 'survey' },
			}),
		);
		expect(error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({
			receiver: 'crew',
			receiverType: 'group',
			category: 'interactive',
			type: 'form',
			muid: 'fb-1',
			tags: ['survey'],
			data: {
				interactiveData: {
					title: 'Feedback',
					formFields: [{ elementType: 'textInput', elementId: 'comment', label: 'Comment', optional: false, maxLines: 1 }],
					submitElement: {
						elementType: 'button',
						elementId: 'submit',
						buttonText: 'Submit',
						disableAfterInteracted: true,
						action: { actionType: 'urlNavigation', url: 'https://example.com/thanks' },
					},
				},
			},
		});
		expect(items[0].json).toMatchObject({ receiver: 'crew', muid: 'fb-1' });
	});

	describe('a broken form fails with [item N], names the element, and sends nothing', () => {
		const withField = (index: number, change: IDataObject) =>
			builderFields.map((field, i) => (i === index ? { ...field, ...change } : field));

		it.each([
			[
				'two elements with the same ID',
				{ formFields: { field: withField(2, { elementId: 'country' }) } },
				/Form field 3 "country" \(singleSelect\) reuses the element ID "country" of Form field 2 "country" \(dropdown\)/,
			],
			[
				'a dropdown default that is not an option',
				{ formFields: { field: withField(1, { defaultValue: 'es' }) } },
				/Form field 2 "country" \(dropdown\) has the default value "es", which is not one of its options \("de", "fr"\)/,
			],
			[
				'a checkbox default that is not an option',
				{ formFields: { field: withField(3, { defaultValue: 'news, spam' }) } },
				/Form field 4 "topics" \(checkbox\) has the default value "spam", which is not one of its options/,
			],
			[
				'an interaction goal naming a missing element',
				{ formOptions: { interactionGoal: 'allOf', goalElementIds: 'name, phone' } },
				/The interaction goal names the element ID "phone", which no element of the form has/,
			],
			[
				// Submit URL is required, so n8n itself refuses a workflow where it is left empty; an
				// expression that comes out empty reaches the form check.
				'a submit button without a URL',
				{ submitUrl: '={{ "" }}' },
				/'Submit Button URL' is empty/,
			],
			[
				'a submit button ID taken by a field',
				{ submitElementId: 'name' },
				/The submit button "name" \(button\) reuses the element ID "name" of Form field 1 "name" \(textInput\)/,
			],
			['invalid JSON in the submit payload', { submitPayload: '{"a":' }, /Submit Button Payload \(JSON\) is not valid JSON/],
		])('%s', async (_case, change, message) => {
			const result = await run(sendForm({ ...builderParameters, ...change }));
			expectInputError(result, message, /.+/);
			expect(apiRequests(emulator())).toHaveLength(0);
		});

		it('JSON mode gets the same checks: a checkbox default must be an array, options need values', async () => {
			const broken = structuredClone(expectedData) as IDataObject & typeof expectedData;
			(broken.interactiveData.formFields[3] as IDataObject).defaultValue = 'news';
			(broken.interactiveData.formFields[1] as IDataObject).options = [{ label: 'No value' }];
			const result = await run(sendForm({ formMode: 'json', formJson: JSON.stringify(broken) }));
			expectInputError(
				result,
				/The form cannot be sent: Form field 2 "country" \(dropdown\) has an option without a value/,
				/Fix these 3 problems.*Form field 4 "topics" \(checkbox\) needs an array of option values as its default value/,
			);
			expect(apiRequests(emulator())).toHaveLength(0);
		});

		it('JSON mode: an unknown element type and a missing submit button', async () => {
			const result = await run(
				sendForm({
					formMode: 'json',
					formJson: JSON.stringify({ title: 'T', formFields: [{ elementType: 'slider', elementId: 'x' }] }),
				}),
			);
			expectInputError(result, /Form field 1 "x" \(slider\) has the unknown element type "slider"/, /no submit button/);
		});

		it('Continue On Fail: the broken form becomes an error item, the good one is sent', async () => {
			const parameters = sendForm({ formMode: 'json', formJson: '={{ JSON.stringify($json.form) }}' });
			const broken = { ...expectedData, interactionGoal: { type: 'allOf', elementIds: ['ghost'] } };
			const { items, error } = await run(parameters, [{ form: broken }, { form: expectedData }], {
				onError: 'continueRegularOutput',
			});
			expect(error).toBeUndefined();
			expectErrorItem(items[0], 0, /element ID "ghost"/);
			expect(items[1].json).toMatchObject({ type: 'form', data: { interactiveData: { title: 'Book a demo' } } });
			expect(apiRequests(emulator())).toHaveLength(1);
		});
	});
});

describe('formProblems', () => {
	it('finds nothing wrong with a good form', () => {
		expect(formProblems(expectedData)).toEqual([]);
	});

	it('reports every problem of a form, each naming its element', () => {
		expect(
			formProblems({
				interactiveData: {
					title: '',
					formFields: [
						{ elementType: 'textInput' },
						{ elementType: 'singleSelect', elementId: 's', options: [{ value: 'a' }, { value: 'a' }] },
						{ elementType: 'button', elementId: 'b', action: { actionType: 'apiAction', url: 'https://x' } },
					],
					submitElement: { elementType: 'textInput', elementId: 'ok' },
				},
				allowSenderInteraction: 'yes',
				interactionGoal: { type: 'anyOf', elementIds: [] },
			}),
		).toEqual([
			'The form has no title',
			'Form field 1 (textInput) has no element ID',
			'Form field 2 "s" (singleSelect) has the option value "a" twice',
			'Form field 3 "b" (button) has no HTTP method for its API action',
			'The submit button "ok" (textInput) must have the element type "button"',
			'allowSenderInteraction must be true or false',
			'The interaction goal "anyOf" names no element IDs',
		]);
	});
});
