import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { describeValue, fieldError } from '../../readers/fieldErrors';
import { listOf, tagsOf } from '../../readers/lists';
import { optionalTextOf, requiredTextOf } from '../../readers/text';
import { integerOf, optionalOptionOf, optionOf } from '../../readers/values';
import { jsonObjectField, optionalJsonObjectOf } from '../campaignService';

/** The categories a template is created with: the enum of CreateTemplateDto (docs/cometchat-api.md, Campaigns). */
export const TEMPLATE_CATEGORIES = ['Onboarding', 'Transactional', 'Marketing', 'Product_Showcase', 'Alerts', 'Polls', 'Custom'] as const;
export const TEMPLATE_STATUSES = ['draft', 'approved', 'archived'] as const;
/** The channel types of CreateChannelDto's enum, which a template's channel content names too. */
export const CHANNEL_TYPES = ['in_app', 'push', 'sms', 'email', 'whatsapp', 'custom'] as const;
export const CHANNEL_TYPE_OPTIONS = [
	{ name: 'Custom', value: 'custom' },
	{ name: 'Email', value: 'email' },
	{ name: 'In-App (Feed)', value: 'in_app' },
	{ name: 'Push', value: 'push' },
	{ name: 'SMS', value: 'sms' },
	{ name: 'WhatsApp', value: 'whatsapp' },
];
const DATA_TYPES = ['ui_template', 'data_template'] as const;
/** The published `waitMinutes` values. */
const WAIT_MINUTES = [5, 10, 30, 60, 240, 1440] as const;
/** `stopCondition` as its description words it: feed channels and push channels accept different ones. */
const STOP_CONDITIONS = ['delivered', 'read', 'engaged', 'clicked'] as const;
const STOP_CONDITIONS_BY_TYPE: Record<string, readonly string[]> = {
	in_app: ['delivered', 'read', 'engaged'],
	push: ['delivered', 'clicked'],
};

export const TEMPLATE_STATUS_OPTIONS = [
	{ name: 'Approved', value: 'approved', description: 'Ready to send' },
	{ name: 'Archived', value: 'archived' },
	{ name: 'Draft', value: 'draft', description: 'Not sendable yet' },
];

export const NAME_FIELD: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Deal won',
	description: 'The template name',
};

/** The fields a template's metadata has on Create and Update (Update's category is free text: per-app categories). */
export function metadataFields(categoryAsText: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Alternative Text',
			name: 'alternativeText',
			type: 'string',
			default: '',
			description: 'Plain text shown where the content cannot be',
		},
		jsonObjectField('config', 'Config (JSON)', 'Free-form settings of the template, as a JSON object'),
		{ displayName: 'Label', name: 'label', type: 'string', default: '', description: 'A label shown with the notification' },
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: TEMPLATE_STATUS_OPTIONS,
			default: 'draft',
			description: 'Only an approved template can be sent',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. crm, deals',
			description: 'Tags separated by commas',
		},
		categoryAsText
			? {
					displayName: 'Template Category',
					name: 'templateCategory',
					type: 'string',
					default: '',
					placeholder: 'e.g. Transactional',
					description: "The category's name: one of the app's template categories",
				}
			: {
					displayName: 'Template Category',
					name: 'templateCategory',
					type: 'options',
					options: TEMPLATE_CATEGORIES.map((value) => ({ name: value.replace('_', ' '), value })),
					default: 'Transactional',
					description: 'The category, one of those CometChat publishes for a new template',
				},
		{
			displayName: 'Variables',
			name: 'variableSchema',
			type: 'string',
			default: '',
			placeholder: 'e.g. name, deal',
			description: 'The names of the variables its content uses as {{name}}, separated by commas',
		},
	];
}

/** The metadata fields given, read and checked; `categories`: Create's enum, or undefined for Update's free text. */
export function metadataBodyOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	categories: readonly string[] | undefined,
): IDataObject {
	const body: IDataObject = {};
	for (const [name, label] of [
		['label', 'Label'],
		['alternativeText', 'Alternative Text'],
	] as const) {
		const text = optionalTextOf(context, itemIndex, label, fields[name]);
		if (text !== undefined) body[name] = text;
	}
	if (fields.templateCategory !== undefined && fields.templateCategory !== '') {
		body.templateCategory = categories
			? optionOf(context, itemIndex, 'Template Category', fields.templateCategory, categories)
			: requiredTextOf(context, itemIndex, 'Template Category', fields.templateCategory);
	}
	const status = optionalOptionOf(context, itemIndex, 'Status', fields.status, TEMPLATE_STATUSES);
	if (status !== undefined) body.status = status;
	if (fields.tags !== undefined) body.tags = tagsOf(context, itemIndex, 'Tags', fields.tags);
	if (fields.variableSchema !== undefined) body.variableSchema = listOf(context, itemIndex, 'Variables', fields.variableSchema);
	const config = optionalJsonObjectOf(context, itemIndex, 'Config (JSON)', fields.config);
	if (config !== undefined) body.config = config;
	return body;
}

export const CHANNELS_FIELD: INodeProperties = {
	displayName: 'Channels',
	name: 'channels',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	required: true,
	default: {},
	placeholder: 'Add Channel',
	description: 'The content per channel type, sent in sequence order',
	options: [
		{
			displayName: 'Channel',
			name: 'channel',
			values: [
				{
					displayName: 'Channel ID',
					name: 'channelId',
					type: 'string',
					default: '',
					placeholder: 'e.g. cc-notification-channel-my-push',
					description: 'The channel of this type to send through (its ID or slug); empty for the default',
				},
				{
					displayName: 'Channel Type',
					name: 'channelType',
					type: 'options',
					options: CHANNEL_TYPE_OPTIONS,
					default: 'in_app',
				},
				{
					displayName: 'Content (JSON)',
					name: 'content',
					type: 'json',
					default: '',
					description: 'What the channel shows, e.g. {"title": "Well done {{name}}"}; empty for the defaults',
				},
				{
					displayName: 'Data Type',
					name: 'dataType',
					type: 'options',
					options: [
						{ name: 'Default', value: '' },
						{ name: 'Data Template', value: 'data_template' },
						{ name: 'UI Template', value: 'ui_template' },
					],
					default: '',
				},
				{
					displayName: 'Sequence Order',
					name: 'sequenceOrder',
					type: 'number',
					default: 1,
					typeOptions: { minValue: 1 },
					description: 'Its step in the sequence: 1, 2, 3…',
				},
				{
					displayName: 'Stop Condition',
					name: 'stopCondition',
					type: 'options',
					options: [
						{ name: 'None', value: '' },
						...STOP_CONDITIONS.map((condition) => ({ name: condition[0].toUpperCase() + condition.slice(1), value: condition })),
					],
					default: '',
					description: 'What ends the sequence here: in-app takes delivered, read or engaged; push takes delivered or clicked',
				},
				{
					displayName: 'Wait Minutes',
					name: 'waitMinutes',
					type: 'options',
					options: [{ name: 'No Wait', value: 0 }, ...WAIT_MINUTES.map((minutes) => ({ name: `${minutes}`, value: minutes }))],
					default: 0,
					description: 'How long to wait after the previous step',
				},
			],
		},
	],
};

/** The channel contents of Create: at least one, each type once, each read and checked. */
export function channelsOf(context: IExecuteFunctions, itemIndex: number, value: unknown): IDataObject[] {
	const entries = ((value ?? {}) as IDataObject).channel;
	if (!Array.isArray(entries) || entries.length === 0) {
		throw fieldError(context, itemIndex, 'Channels', 'is empty', "Add at least one channel under 'Channels'.");
	}
	const channels = (entries as IDataObject[]).map((entry) => channelContentOf(context, itemIndex, entry));
	const types = channels.map((channel) => channel.channelType as string);
	const repeated = types.find((type, index) => types.indexOf(type) !== index);
	if (repeated !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			'Channels',
			`has the channel type ${repeated} twice`,
			'Give each channel type once; a template has one content per type.',
		);
	}
	return channels;
}

function channelContentOf(context: IExecuteFunctions, itemIndex: number, entry: IDataObject): IDataObject {
	const channelType = optionOf(context, itemIndex, 'Channel Type', entry.channelType, CHANNEL_TYPES);
	const channel: IDataObject = { channelType };
	const channelId = optionalTextOf(context, itemIndex, 'Channel ID', entry.channelId);
	if (channelId !== undefined) channel.channelId = channelId;
	const content = optionalJsonObjectOf(context, itemIndex, 'Content (JSON)', entry.content);
	if (content !== undefined) channel.content = content;
	if (entry.sequenceOrder !== undefined) channel.sequenceOrder = integerOf(context, itemIndex, 'Sequence Order', entry.sequenceOrder, 1);
	if (entry.waitMinutes !== undefined && entry.waitMinutes !== 0) {
		if (!(WAIT_MINUTES as readonly unknown[]).includes(entry.waitMinutes)) {
			throw fieldError(
				context,
				itemIndex,
				'Wait Minutes',
				`is ${describeValue(entry.waitMinutes)}, not one of ${WAIT_MINUTES.join(', ')}`,
				`Choose a wait in 'Wait Minutes' from the list, or give one of ${WAIT_MINUTES.join(', ')} (a number) from an expression.`,
			);
		}
		channel.waitMinutes = entry.waitMinutes;
	}
	if (entry.stopCondition !== undefined && entry.stopCondition !== '') {
		const allowed = STOP_CONDITIONS_BY_TYPE[channelType] ?? STOP_CONDITIONS;
		channel.stopCondition = optionOf(context, itemIndex, 'Stop Condition', entry.stopCondition, allowed);
	}
	if (entry.dataType !== undefined && entry.dataType !== '')
		channel.dataType = optionOf(context, itemIndex, 'Data Type', entry.dataType, DATA_TYPES);
	return channel;
}

/** What a template's record holds, for the AI tool's description of the operations that answer it. */
export const TEMPLATE_RETURNS =
	'Returns the template: id, templateId (its slug), name, status, channels, variableSchema, version and more.';
