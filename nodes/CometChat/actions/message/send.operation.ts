import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError, inputError } from '../../readers/fieldErrors';
import { optionalMessageIdOf, optionalTextOf, optionalUrlOf, readRequiredText, requiredTextOf } from '../../readers/text';
import { compact, integerOf, messageTextOf, parseJsonObject, readOption } from '../../readers/values';
import type { OperationDefinition } from '../types';
import { deliveryOptionsField, senderAndReceiverFields, sendAndShape, sentMessageSimplifyField } from './delivery';
import { SIMPLIFIED_SENT_MESSAGE_FIELDS } from './simplify';

const MEDIA_TYPES = ['audio', 'file', 'image', 'video'];
const MESSAGE_TYPES = ['audio', 'file', 'image', 'text', 'video'] as const;
const CATEGORIES = ['custom', 'message'] as const;
const DATA_MODES = ['fields', 'json'] as const;

const inFieldsMode = { dataMode: ['fields'] };

/** Reply in Thread To: Send's own delivery option (Send Form has no thread reply). */
const threadReplyOption: INodeProperties = {
	displayName: 'Reply in Thread To',
	name: 'parentId',
	type: 'string',
	default: '',
	placeholder: 'e.g. 1234',
	description: 'ID of a message: this message is sent as a reply in its thread (POST /messages/{ID}/thread), as Get Thread lists them',
};

/** Send's Additional Fields: the delivery options and the thread reply, in n8n's alphabetical order. */
const sendOptionsField: INodeProperties = {
	...deliveryOptionsField,
	options: [...(deliveryOptionsField.options as INodeProperties[]), threadReplyOption].sort((a, b) =>
		a.displayName.localeCompare(b.displayName),
	),
};

/** What is sent: the category, the type and the data (Send and Send as Bot). */
const contentFields: INodeProperties[] = [
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: [
			{ name: 'Custom', value: 'custom', description: 'A message of your own type, with custom data' },
			{ name: 'Message', value: 'message', description: 'Text, image, file, audio or video' },
		],
		default: 'message',
	},
	{
		displayName: 'Type',
		name: 'messageType',
		type: 'options',
		options: [
			{ name: 'Audio', value: 'audio' },
			{ name: 'File', value: 'file' },
			{ name: 'Image', value: 'image' },
			{ name: 'Text', value: 'text' },
			{ name: 'Video', value: 'video' },
		],
		default: 'text',
		displayOptions: { show: { category: ['message'] } },
	},
	{
		displayName: 'Custom Type',
		name: 'customType',
		type: 'string',
		default: '',
		placeholder: 'e.g. location',
		description: 'The type of the custom message, as your apps know it',
		displayOptions: { show: { category: ['custom'] } },
	},
	{
		displayName: 'Message Data',
		name: 'dataMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Data (JSON)', value: 'json', description: 'Send any data object as is' },
			{ name: 'Fields', value: 'fields', description: 'Fill in the text, the media or the custom data below' },
		],
		default: 'fields',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		default: '',
		typeOptions: { rows: 3 },
		placeholder: 'e.g. Your order has shipped',
		description: 'The text of the message, as the receivers read it',
		displayOptions: { show: { ...inFieldsMode, category: ['message'], messageType: ['text'] } },
	},
	{
		displayName: 'Media URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/photos/cat.jpg',
		description: 'URL of the media file, sent as an attachment. Give this, attachments, or both.',
		displayOptions: { show: { ...inFieldsMode, category: ['message'], messageType: MEDIA_TYPES } },
	},
	{
		displayName: 'Attachments',
		name: 'attachments',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Attachment',
		default: {},
		displayOptions: { show: { ...inFieldsMode, category: ['message'], messageType: MEDIA_TYPES } },
		options: [
			{
				displayName: 'Attachment',
				name: 'attachment',
				values: [
					{
						displayName: 'Extension',
						name: 'extension',
						type: 'string',
						default: '',
						placeholder: 'e.g. jpg',
					},
					{
						displayName: 'MIME Type',
						name: 'mimeType',
						type: 'string',
						default: '',
						placeholder: 'e.g. image/jpeg',
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. cat.jpg',
					},
					{
						displayName: 'Size (Bytes)',
						name: 'size',
						type: 'number',
						default: 0,
						typeOptions: { minValue: 0 },
					},
					{
						displayName: 'URL',
						name: 'url',
						type: 'string',
						default: '',
						placeholder: 'e.g. https://example.com/photos/cat.jpg',
					},
				],
			},
		],
	},
	{
		displayName: 'Custom Data (JSON)',
		name: 'customData',
		type: 'json',
		default: '{}',
		description: 'The payload of the custom message, sent as data.customData',
		displayOptions: { show: { ...inFieldsMode, category: ['custom'] } },
	},
	{
		displayName: 'Data (JSON)',
		name: 'data',
		type: 'json',
		default: '{\n  "text": "Hello"\n}',
		description: "The message's data object, sent as is (e.g. text, a media URL, attachments, customData, metadata)",
		displayOptions: { show: { dataMode: ['json'] } },
	},
];

const properties: INodeProperties[] = [...senderAndReceiverFields, ...contentFields, sentMessageSimplifyField, sendOptionsField];

export const send: OperationDefinition = {
	value: 'send',
	name: 'Send',
	action: 'Send a message',
	description: 'Send a text, media or custom message on behalf of a user to users or groups, or as a reply in a thread',
	returns:
		'Returns the sent message (id, sender, receiver, data, sentAt and more), or with Simplify a short form; one item per receiver when sent to several.',
	properties,
	simplified: SIMPLIFIED_SENT_MESSAGE_FIELDS,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const options = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const parentId = optionalMessageIdOf(this, itemIndex, 'Reply in Thread To', options.parentId);
		return await sendAndShape(this, itemIndex, { ...messageContentOf(this, itemIndex), parentId });
	},
};

/** Send as Bot: Send's fields, with the bot instead of the sender and no thread reply (the bot's endpoint has none). */
export const sendAsBotProperties: INodeProperties[] = [
	...senderAndReceiverFields.filter((field) => field.name !== 'onBehalfOf'),
	...contentFields,
	sentMessageSimplifyField,
	deliveryOptionsField,
];

/**
 * The category, type and data of a message from Send's fields. Category, Type and the fields they
 * show are not `required` and may come from expressions: each is checked here, before anything is sent.
 */
export function messageContentOf(context: IExecuteFunctions, itemIndex: number): { category: string; type: string; data: IDataObject } {
	const category = readOption(context, itemIndex, 'category', 'Category', CATEGORIES, 'message');
	const type =
		category === 'custom'
			? readRequiredText(
					context,
					itemIndex,
					'customType',
					'Custom Type',
					"Enter the type of the custom message in 'Custom Type', e.g. location.",
				).trim()
			: readOption(context, itemIndex, 'messageType', 'Type', MESSAGE_TYPES, 'text');
	if (readOption(context, itemIndex, 'dataMode', 'Message Data', DATA_MODES, 'fields') === 'fields') {
		return { category, type, data: dataFromFields(context, itemIndex, category, type) };
	}
	const data = parseJsonObject(context, itemIndex, context.getNodeParameter('data', itemIndex, ''), 'Data (JSON)') ?? {};
	if (data.text !== undefined) messageTextOf(context, itemIndex, 'Data (JSON)', data.text);
	return { category, type, data };
}

function dataFromFields(context: IExecuteFunctions, itemIndex: number, category: string, type: string): IDataObject {
	if (category === 'custom') {
		const customData = parseJsonObject(context, itemIndex, context.getNodeParameter('customData', itemIndex, ''), 'Custom Data (JSON)');
		return { customData: customData ?? {} };
	}
	if (type === 'text') {
		const value = context.getNodeParameter('text', itemIndex, '');
		const text = requiredTextOf(context, itemIndex, 'Text', value, "Enter the message in 'Text'.");
		return { text: messageTextOf(context, itemIndex, 'Text', text) };
	}
	const url = optionalUrlOf(context, itemIndex, 'Media URL', context.getNodeParameter('url', itemIndex, '')) ?? '';
	const entries = (context.getNodeParameter('attachments', itemIndex, {}) as IDataObject).attachment as IDataObject[] | undefined;
	// The published attachment schema: `size` is a string of bytes, and `data` has no `url` of its
	// own, so the Media URL travels as an attachment (docs/cometchat-api.md, Messages).
	const attachments = (entries ?? []).map((attachment, index) => attachmentOf(context, itemIndex, attachment, index));
	if (url && !attachments.some((attachment) => attachment.url === url)) attachments.unshift({ url });
	if (attachments.length === 0) {
		throw inputError(
			context,
			itemIndex,
			`The ${type} message has no media`,
			"Enter the file's address in 'Media URL', or add at least one attachment.",
		);
	}
	return { attachments };
}

/** One Attachments entry, each member checked; the attachment's URL is required. */
function attachmentOf(context: IExecuteFunctions, itemIndex: number, attachment: IDataObject, index: number): IDataObject {
	const of = (name: string) => `${name} of attachment ${index + 1}`;
	const text = (name: string, value: unknown) => optionalTextOf(context, itemIndex, of(name), value)?.trim();
	const url = optionalUrlOf(context, itemIndex, of('URL'), attachment.url);
	if (url === undefined) {
		throw fieldError(
			context,
			itemIndex,
			of('URL'),
			'is empty',
			"Enter the file's address in the attachment's 'URL', or remove the attachment.",
		);
	}
	// 0 (the field's default) means the size is not given.
	const size =
		attachment.size === undefined || attachment.size === null || attachment.size === 0
			? undefined
			: integerOf(context, itemIndex, of('Size (Bytes)'), attachment.size, 0);
	return compact({
		url,
		name: text('Name', attachment.name),
		mimeType: text('MIME Type', attachment.mimeType),
		extension: text('Extension', attachment.extension),
		size: size === undefined ? undefined : String(size),
	});
}
