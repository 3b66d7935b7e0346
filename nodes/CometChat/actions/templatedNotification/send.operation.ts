import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { uidListOf } from '../../readers/lists';
import { optionalTextOf, requiredUid } from '../../readers/text';
import { optionOf } from '../../readers/values';
import {
	campaignsRequest,
	jsonObjectField,
	optionalJsonObjectOf,
	recordField,
	recordIdOf,
	recordOf,
	userVariablesOf,
} from '../campaignService';
import type { OperationDefinition } from '../types';
import type { ItemOutcome, ItemPart } from './plan';
import { MAX_RECEIVERS_PER_SEND, outcomeOf, planSends } from './plan';

const MODES = ['combineItems', 'perItem'] as const;

const combine = { show: { mode: ['combineItems'] } };
const perItem = { show: { mode: ['perItem'] } };

/**
 * POST /v3/campaigns/notifications/messages: 1–10 receivers are sent at once (a notificationId),
 * 11–10,000 as a batch (a batchId). Never sent again after an attempt whose answer was lost: it may
 * have reached the receivers, and a repeat would reach them twice (the error says so).
 */
export const send: OperationDefinition = {
	value: 'send',
	name: 'Send',
	action: 'Send a notification from a template',
	description: 'Send a templated notification to users: one per item, sent together, or the receivers each item lists',
	returns:
		"Returns per item its send's notificationId (up to 10 receivers) or batchId, mode, channels and receivers (a count); One per Item adds the receiver.",
	properties: [
		recordField('template', 'The approved template to send'),
		{
			displayName: 'Receivers',
			name: 'mode',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'One per Item, Sent Together',
					value: 'combineItems',
					description: "Each item is one receiver with its variables; the run's items go out in as few sends as possible",
				},
				{ name: 'Listed in Each Item', value: 'perItem', description: 'Each item is one send to the receivers it lists (up to 10,000)' },
			],
			default: 'combineItems',
		},
		{
			...locatorField(LOCATOR_KINDS.user, {
				name: 'receiver',
				displayName: 'Receiver',
				required: true,
				description: 'The user this item notifies',
			}),
			displayOptions: combine,
		},
		{
			...jsonObjectField(
				'variables',
				'Variables (JSON)',
				'This receiver\'s values of the template\'s variables, e.g. {"name": "Ada", "deal": "ACME"}',
			),
			displayOptions: combine,
		},
		{
			displayName: 'Receivers',
			name: 'receivers',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. ada, alan',
			description: 'The users to notify: UIDs separated by commas, or a list from an expression (at most 10,000)',
			displayOptions: perItem,
		},
		{
			...jsonObjectField(
				'userVariables',
				'Variables by Receiver (JSON)',
				'Per UID, its values of the variables, e.g. {"ada": {"name": "Ada"}}',
			),
			displayOptions: perItem,
		},
		{
			displayName: 'Tag',
			name: 'tag',
			type: 'string',
			default: '',
			placeholder: 'e.g. deal-won',
			description: 'An analytics tag for the send',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const mode = optionOf(this, itemIndex, 'Receivers', this.getNodeParameter('mode', itemIndex, 'combineItems'), MODES);
		if (mode === 'perItem') return await sendItem(this, itemIndex);
		return await outcomeOf(this, itemIndex, () => planRun(this));
	},
};

/** What every send reads of an item: the template and the tag. */
function templateAndTag(context: IExecuteFunctions, itemIndex: number): { templateId: string; tag?: string } {
	const templateId = recordIdOf(context, itemIndex, 'template');
	const tag = optionalTextOf(context, itemIndex, 'Tag', context.getNodeParameter('tag', itemIndex, ''));
	return tag === undefined ? { templateId } : { templateId, tag };
}

/** Listed in Each Item: one send of the item's receivers. */
async function sendItem(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body: IDataObject = templateAndTag(context, itemIndex);
	const receivers = uidListOf(
		context,
		itemIndex,
		'Receivers',
		context.getNodeParameter('receivers', itemIndex, ''),
		MAX_RECEIVERS_PER_SEND,
	);
	if (receivers.length === 0) {
		throw fieldError(
			context,
			itemIndex,
			'Receivers',
			'is empty',
			"Give 1 to 10,000 UIDs in 'Receivers', separated by commas or as a list.",
		);
	}
	body.receivers = receivers;
	const variables = userVariablesOf(
		context,
		itemIndex,
		'Variables by Receiver (JSON)',
		context.getNodeParameter('userVariables', itemIndex, ''),
	);
	if (variables !== undefined) {
		const stranger = Object.keys(variables).find((uid) => !receivers.includes(uid));
		if (stranger !== undefined) {
			throw fieldError(
				context,
				itemIndex,
				'Variables by Receiver (JSON)',
				`has variables for "${stranger}", who is not in 'Receivers'`,
				"Key the variables by the UIDs in 'Receivers', or add the user there.",
			);
		}
		body.variables = variables;
	}
	const result = recordOf(await campaignsRequest(context, { method: 'POST', path: ['notifications', 'messages'], body }));
	return { ...result, receivers: receivers.length };
}

/** One per Item, Sent Together: every item of the run read, its sends planned and sent; each item's outcome. */
function planRun(context: IExecuteFunctions): Map<number, ItemOutcome> {
	const outcomes = new Map<number, ItemOutcome>();
	const parts = new Map<number, ItemPart>();
	const itemCount = context.getInputData().length;
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			const mode = optionOf(context, itemIndex, 'Receivers', context.getNodeParameter('mode', itemIndex, 'combineItems'), MODES);
			if (mode === 'combineItems') parts.set(itemIndex, partOf(context, itemIndex));
		} catch (error) {
			outcomes.set(itemIndex, Promise.reject(error));
		}
	}
	const [wrongItem] = outcomes.keys();
	if (wrongItem !== undefined && !context.continueOnFail()) {
		// The run stops at the wrong item: nothing is sent, and every item fails with its error.
		const wrong = outcomes.get(wrongItem) as ItemOutcome;
		for (const itemIndex of parts.keys())
			outcomes.set(
				itemIndex,
				wrong.catch((error: unknown) => Promise.reject(ownCopy(error, wrongItem))),
			);
		return outcomes;
	}
	const sends = planSends(parts);
	// One send after the other, in input order: the items of a later send wait for the earlier ones.
	let previous: Promise<unknown> = Promise.resolve();
	for (const planned of sends) {
		const result = previous
			.catch(() => undefined)
			.then(async () =>
				recordOf(await campaignsRequest(context, { method: 'POST', path: ['notifications', 'messages'], body: planned.body })),
			);
		previous = result;
		for (const itemIndex of planned.items) {
			const receiver = (parts.get(itemIndex) as ItemPart).receiver;
			outcomes.set(
				itemIndex,
				result.then(
					(sent) => ({ receiver, ...sent, receivers: (planned.body.receivers as string[]).length }),
					(error: unknown) => Promise.reject(ownCopy(error)),
				),
			);
		}
	}
	return outcomes;
}

function partOf(context: IExecuteFunctions, itemIndex: number): ItemPart {
	const receiver = requiredUid(
		context,
		itemIndex,
		'receiver',
		'Receiver',
		"Choose the user to notify in 'Receiver', or give a UID from an expression.",
	);
	const variables = optionalJsonObjectOf(context, itemIndex, 'Variables (JSON)', context.getNodeParameter('variables', itemIndex, ''));
	return { ...templateAndTag(context, itemIndex), receiver, ...(variables === undefined ? {} : { variables }) };
}

/**
 * A send's error as one item's own: each item of the send gets a copy, which the node marks with its
 * [item N]; `ofItem`: the error is another item's, and its copy names that item.
 */
function ownCopy(error: unknown, ofItem?: number): unknown {
	if (error === null || typeof error !== 'object') return error;
	const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as object, error) as {
		context?: IDataObject;
		message?: string;
	};
	copy.message = (error as Error).message + (ofItem === undefined ? '' : ` [item ${ofItem}]`);
	if (copy.context) copy.context = { ...copy.context };
	return copy;
}
