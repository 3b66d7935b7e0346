/**
 * The bad-input cases of the Campaigns service's operations (bad-inputs.test.ts runs them), and the
 * records they act on. The records' IDs are the emulator's counter IDs, the same after every reset:
 * `seedCampaigns` makes them in one order, and `SEEDED` is that seed run once on a store of its own.
 */
import type { IDataObject, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import { Store } from '../../emulator/store';
import type { Bad, Field, OperationSpec } from './bad-input-cases';

/** What the matrix's file shares with these cases: its expressions and its families of bad values. */
export interface BadInputKit {
	ex: (key: string, fallback: unknown) => string;
	rl: (key: string, fallback: unknown) => NodeParameterValueType;
	listParameters: INodeParameters;
	limitFields: Field[];
	bad: Record<
		| 'NOT_REQUIRED_TEXT'
		| 'NOT_OPTIONAL_TEXT'
		| 'NOT_ID'
		| 'NOT_OPTIONAL_ID'
		| 'NOT_UID'
		| 'NOT_OPTIONAL_UID'
		| 'NOT_UID_LIST'
		| 'NOT_LIST'
		| 'NOT_TAGS'
		| 'NOT_JSON_OBJECT'
		| 'NOT_LIMIT'
		| 'NOT_BOOLEAN'
		| 'NOT_DATE'
		| 'NOT_COUNT'
		| 'NOT_OPTION',
		Bad
	>;
}

/** The records the cases act on, by the same IDs after every reset. */
export function seedCampaigns(store: Store) {
	const campaigns = store.areas.campaigns;
	const categories = [campaigns.createCategory({ name: 'Deals' }).id, campaigns.createCategory({ name: 'Alerts' }).id];
	campaigns.createChannel({ name: 'Feed', type: 'in_app', enabled: true });
	const channels = [
		campaigns.createChannel({ name: 'Push', type: 'push' }).id,
		campaigns.createChannel({ name: 'Mail', type: 'email' }).id,
	];
	const template = campaigns.createTemplate({
		name: 'Deal won',
		status: 'approved',
		templateCategory: 'Transactional',
		channels: [
			{ channelType: 'in_app', content: { title: 'Hi {{name}}' } },
			{ channelType: 'push', content: { title: 'Won' } },
		],
	});
	const templates = [template.id, campaigns.createTemplate({ name: 'Other', channels: [{ channelType: 'in_app' }] }).id];
	const draft = () => campaigns.createCampaign({ name: 'Draft', templateId: template.id, templateVersion: 1 }).id;
	const drafts = [draft(), draft()];
	const sendable = [draft(), draft()];
	for (const id of sendable) campaigns.addRecipients(id, { userIds: ['ada'] });
	const scheduled = [draft(), draft()];
	for (const id of scheduled) campaigns.scheduleCampaign(id, { scheduledAt: 4_000_000_000 });
	const uploads = [0, 1].map((index) => {
		const { s3Key } = campaigns.uploadUrl(drafts[index], 'http://127.0.0.1') as { s3Key: string };
		campaigns.uploads.set(s3Key, 'userId\nbob\n');
		return s3Key as string;
	});
	const imported = [draft(), draft()];
	for (const id of imported) {
		const { s3Key } = campaigns.uploadUrl(id, 'http://127.0.0.1') as { s3Key: string };
		campaigns.uploads.set(s3Key, 'userId\nada\n');
		campaigns.importCsv(id, { s3Key });
	}
	campaigns.send({ templateId: template.id, receivers: ['ada'] });
	campaigns.send({ templateId: template.id, receivers: ['ada'] });
	const feed = campaigns.deliveriesOf('feed').map((item) => item.id);
	const push = campaigns.deliveriesOf('push').map((item) => item.id);
	return { categories, channels, templates, drafts, sendable, scheduled, uploads, imported, feed, push };
}

export const SEEDED = seedCampaigns(new Store());

export function campaignOperations({ ex, rl, listParameters, limitFields, bad }: BadInputKit): OperationSpec[] {
	const S = SEEDED;
	const TOPIC: Bad = [...bad.NOT_OPTIONAL_TEXT, ['not a word', 'two words'], ['65 characters', 't'.repeat(65)]];
	const USERS_TO_ADD: Bad = [
		...bad.NOT_UID_LIST,
		['empty text', ''],
		['10,001 UIDs', Array.from({ length: 10_001 }, (_, index) => `u${index}`)],
	];
	const USER_VARIABLES: Bad = [...bad.NOT_JSON_OBJECT, ['a value that is not an object', { ada: 1 }], ['a user not listed', { zed: {} }]];
	const byIdOf = (key: string, ids: string[]) => ({
		parameters: { [key]: rl(key, ids[0]) },
		valid: [{}, { [key]: ids[1] }] as [IDataObject, IDataObject],
	});
	const pick = (
		resource: string,
		operation: string,
		key: string,
		label: string,
		ids: string[],
		extra: Partial<OperationSpec> = {},
	): OperationSpec => {
		const { parameters, valid } = byIdOf(key, ids);
		return {
			resource,
			operation,
			parameters: { ...parameters, ...extra.parameters },
			valid: extra.valid ?? valid,
			fields: [{ key, label, bad: bad.NOT_ID }, ...(extra.fields ?? [])],
		};
	};
	const actAs = { onBehalfOf: rl('onBehalfOf', 'ada') };
	const actAsField: Field = { key: 'onBehalfOf', label: 'Act As', bad: bad.NOT_UID };
	const optionalActAs = { onBehalfOf: rl('onBehalfOf', '') };
	const optionalActAsField: Field = { key: 'onBehalfOf', label: 'Act As', bad: bad.NOT_OPTIONAL_UID };
	const metadata = {
		alternativeText: ex('alternativeText', ''),
		config: ex('config', ''),
		label: ex('label', ''),
		status: ex('status', 'draft'),
		tags: ex('tags', ''),
		variableSchema: ex('variableSchema', ''),
	};
	const metadataFields: Field[] = [
		{ key: 'alternativeText', label: 'Alternative Text', bad: bad.NOT_OPTIONAL_TEXT },
		{ key: 'config', label: 'Config (JSON)', bad: bad.NOT_JSON_OBJECT },
		{ key: 'label', label: 'Label', bad: bad.NOT_OPTIONAL_TEXT },
		{ key: 'status', label: 'Status', bad: bad.NOT_OPTION },
		{ key: 'tags', label: 'Tags', bad: bad.NOT_TAGS },
		{ key: 'variableSchema', label: 'Variables', bad: bad.NOT_LIST },
	];
	const analytics = {
		options: {
			dimension: ex('dimension', 'campaign'),
			dimensionId: ex('dimensionId', ''),
			startDate: ex('startDate', ''),
			endDate: ex('endDate', ''),
			limit: ex('periods', 50),
			period: ex('period', 'daily'),
		},
	};
	const analyticsFields: Field[] = [
		{ key: 'dimension', label: 'Dimension', bad: bad.NOT_OPTION },
		{ key: 'dimensionId', label: 'Dimension ID', bad: bad.NOT_OPTIONAL_TEXT },
		{ key: 'startDate', label: 'From', bad: bad.NOT_DATE },
		{
			key: 'endDate',
			label: 'To',
			bad: [...bad.NOT_DATE, ['before From', '2024-01-01T00:00:00Z']],
			with: { startDate: '2024-02-01T00:00:00Z' },
		},
		{ key: 'periods', label: 'Periods', bad: bad.NOT_COUNT },
		{ key: 'period', label: 'Series By', bad: bad.NOT_OPTION },
	];
	const { dimension: _dimension, dimensionId: _dimensionId, ...withoutDimension } = analytics.options;
	const analyticsNoDimension = { options: withoutDimension };
	const analyticsNoDimensionFields = analyticsFields.filter((field) => !field.key.startsWith('dimension'));
	const templateChannels = {
		channel: [
			{
				channelId: ex('channelId', ''),
				channelType: ex('channelType', 'in_app'),
				content: ex('content', ''),
				dataType: ex('dataType', ''),
				sequenceOrder: ex('sequenceOrder', 1),
				stopCondition: ex('stopCondition', ''),
				waitMinutes: ex('waitMinutes', 0),
			},
		],
	};
	return [
		// Template Category
		{
			resource: 'templateCategory',
			operation: 'create',
			parameters: { name: ex('name', 'Cat A'), description: ex('description', '') },
			valid: [{}, { name: 'Cat B', description: 'b' }],
			fields: [
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
				{ key: 'description', label: 'Description', bad: bad.NOT_OPTIONAL_TEXT },
			],
		},
		pick('templateCategory', 'get', 'categoryId', 'Template Category', S.categories),
		{ resource: 'templateCategory', operation: 'getAll', parameters: listParameters, valid: [{}, { limit: 1 }], fields: limitFields },
		pick('templateCategory', 'update', 'categoryId', 'Template Category', S.categories, {
			parameters: { updateFields: { name: ex('name', 'Renamed'), description: ex('description', 'd') } },
			valid: [{}, { categoryId: S.categories[1], name: 'Other name' }],
			fields: [
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
				{ key: 'description', label: 'Description', bad: bad.NOT_OPTIONAL_TEXT },
			],
		}),
		pick('templateCategory', 'delete', 'categoryId', 'Template Category', S.categories),
		// Campaign Template
		{
			resource: 'campaignTemplate',
			operation: 'create',
			parameters: {
				name: ex('name', 'T A'),
				channels: templateChannels,
				additionalFields: { ...metadata, templateCategory: ex('templateCategory', 'Marketing'), templateId: ex('templateId', '') },
			},
			valid: [{}, { name: 'T B', waitMinutes: 30, stopCondition: 'read', content: { title: 'x' } }],
			fields: [
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
				{ key: 'channelId', label: 'Channel ID', bad: bad.NOT_OPTIONAL_TEXT },
				{ key: 'channelType', label: 'Channel Type', bad: bad.NOT_OPTION },
				{ key: 'content', label: 'Content (JSON)', bad: bad.NOT_JSON_OBJECT },
				{ key: 'dataType', label: 'Data Type', bad: bad.NOT_OPTION },
				{ key: 'sequenceOrder', label: 'Sequence Order', bad: bad.NOT_COUNT },
				{ key: 'stopCondition', label: 'Stop Condition', bad: [...bad.NOT_OPTION, ['a push condition on in-app', 'clicked']] },
				{ key: 'waitMinutes', label: 'Wait Minutes', bad: [...bad.NOT_OPTION, ['7 minutes', 7], ['numeric text', '30']] },
				...metadataFields,
				{ key: 'templateCategory', label: 'Template Category', bad: bad.NOT_OPTION },
				{ key: 'templateId', label: 'Template Slug', bad: bad.NOT_OPTIONAL_TEXT },
			],
		},
		pick('campaignTemplate', 'get', 'templateId', 'Template', S.templates),
		{
			resource: 'campaignTemplate',
			operation: 'getAll',
			parameters: {
				...listParameters,
				// Options → Simplify, as version 1 holds it: the matrix adds version 1.1's field and the tool's Output.
				options: { simplify: ex('simplify', true) },
				filters: {
					search: ex('search', ''),
					status: ex('status', ''),
					tags: ex('tags', ''),
					tagMatch: ex('tagMatch', 'any'),
					templateCategory: ex('templateCategory', ''),
				},
			},
			valid: [{}, { limit: 1, search: 'deal', status: 'approved', simplify: false }],
			fields: [
				...limitFields,
				{ key: 'simplify', label: 'Simplify', bad: bad.NOT_BOOLEAN },
				{ key: 'search', label: 'Search', bad: bad.NOT_OPTIONAL_TEXT },
				{ key: 'status', label: 'Status', bad: bad.NOT_OPTION },
				{ key: 'tags', label: 'Tags', bad: bad.NOT_TAGS },
				{ key: 'tagMatch', label: 'Tags Match', bad: bad.NOT_OPTION },
				{ key: 'templateCategory', label: 'Template Category', bad: bad.NOT_OPTIONAL_TEXT },
			],
		},
		pick('campaignTemplate', 'update', 'templateId', 'Template', S.templates, {
			parameters: { updateFields: { ...metadata, name: ex('name', 'Renamed'), templateCategory: ex('templateCategory', 'Deals') } },
			fields: [
				...metadataFields,
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
				{ key: 'templateCategory', label: 'Template Category', bad: bad.NOT_OPTIONAL_TEXT },
			],
		}),
		pick('campaignTemplate', 'archive', 'templateId', 'Template', S.templates),
		pick('campaignTemplate', 'updateChannelContent', 'templateId', 'Template', S.templates, {
			parameters: { channelType: ex('channelType', 'in_app'), content: ex('content', '{"title": "x"}') },
			fields: [
				{ key: 'channelType', label: 'Channel Type', bad: bad.NOT_OPTION },
				{ key: 'content', label: 'Content (JSON)', bad: [...bad.NOT_JSON_OBJECT, ['empty text', '']] },
			],
		}),
		pick('campaignTemplate', 'createVersion', 'templateId', 'Template', S.templates),
		// Campaign Channel
		{
			resource: 'campaignChannel',
			operation: 'create',
			parameters: {
				name: ex('name', 'Ch A'),
				type: ex('type', 'in_app'),
				additionalFields: { channelId: ex('channelId', ''), enabled: ex('enabled', false), metadata: ex('metadata', '') },
			},
			valid: [{}, { name: 'Ch B', type: 'push', metadata: { apiKey: 'k-123456' } }],
			fields: [
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
				{ key: 'type', label: 'Type', bad: bad.NOT_OPTION },
				{ key: 'channelId', label: 'Channel Slug', bad: bad.NOT_OPTIONAL_TEXT },
				{ key: 'enabled', label: 'Enabled', bad: bad.NOT_BOOLEAN },
				{ key: 'metadata', label: 'Metadata (JSON)', bad: bad.NOT_JSON_OBJECT },
			],
		},
		pick('campaignChannel', 'get', 'channelId', 'Channel', S.channels),
		{
			resource: 'campaignChannel',
			operation: 'getAll',
			parameters: { ...listParameters, filters: { search: ex('search', '') } },
			valid: [{}, { limit: 1, search: 'push' }],
			fields: [...limitFields, { key: 'search', label: 'Search', bad: bad.NOT_OPTIONAL_TEXT }],
		},
		pick('campaignChannel', 'update', 'channelId', 'Channel', S.channels, {
			parameters: { updateFields: { enabled: ex('enabled', true), metadata: ex('metadata', ''), name: ex('name', 'Renamed') } },
			fields: [
				{ key: 'enabled', label: 'Enabled', bad: bad.NOT_BOOLEAN },
				{ key: 'metadata', label: 'Metadata (JSON)', bad: bad.NOT_JSON_OBJECT },
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
			],
		}),
		{ resource: 'campaignChannel', operation: 'getAvailability', parameters: {}, valid: [{}, {}], fields: [] },
		// Templated Notification
		{
			resource: 'templatedNotification',
			operation: 'send',
			parameters: {
				templateId: rl('templateId', 'deal-won'),
				mode: ex('mode', 'combineItems'),
				receiver: rl('receiver', 'ada'),
				// Receivers is required where it is shown: with Receivers (`mode`) an expression, n8n counts it as shown.
				receivers: 'ada',
				variables: ex('variables', ''),
				tag: ex('tag', ''),
			},
			valid: [{}, { receiver: 'bob', variables: { name: 'Bob' }, tag: 't' }],
			fields: [
				{ key: 'templateId', label: 'Template', bad: bad.NOT_ID },
				{ key: 'mode', label: 'Receivers', bad: bad.NOT_OPTION },
				{ key: 'receiver', label: 'Receiver', bad: bad.NOT_UID },
				{ key: 'variables', label: 'Variables (JSON)', bad: bad.NOT_JSON_OBJECT },
				{ key: 'tag', label: 'Tag', bad: bad.NOT_OPTIONAL_TEXT },
			],
		},
		{
			resource: 'templatedNotification',
			operation: 'send',
			parameters: {
				templateId: rl('templateId', 'deal-won'),
				mode: 'perItem',
				receivers: ex('receivers', 'ada'),
				userVariables: ex('userVariables', ''),
				tag: ex('tag', ''),
			},
			valid: [{}, { receivers: ['ada', 'bob'], userVariables: { bob: { name: 'Bob' } } }],
			fields: [
				{ key: 'receivers', label: 'Receivers', bad: USERS_TO_ADD },
				{ key: 'userVariables', label: 'Variables by Receiver (JSON)', bad: USER_VARIABLES },
			],
		},
		// Campaign
		{
			resource: 'campaign',
			operation: 'create',
			parameters: {
				name: ex('name', 'Q3'),
				templateId: rl('templateId', 'deal-won'),
				templateVersion: ex('templateVersion', 1),
				additionalFields: { config: ex('config', ''), variables: ex('variables', '') },
			},
			valid: [{}, { name: 'Q4', variables: { promoCode: 'X' } }],
			fields: [
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
				{ key: 'templateId', label: 'Template', bad: bad.NOT_ID },
				{ key: 'templateVersion', label: 'Template Version', bad: [...bad.NOT_COUNT, ['0', 0]] },
				{ key: 'config', label: 'Config (JSON)', bad: bad.NOT_JSON_OBJECT },
				{ key: 'variables', label: 'Variables (JSON)', bad: bad.NOT_JSON_OBJECT },
			],
		},
		pick('campaign', 'get', 'campaignId', 'Campaign', S.drafts),
		{
			resource: 'campaign',
			operation: 'getAll',
			parameters: { ...listParameters, filters: { search: ex('search', ''), status: ex('status', '') } },
			valid: [{}, { limit: 1, status: 'draft', search: 'draft' }],
			fields: [
				...limitFields,
				{ key: 'search', label: 'Search', bad: bad.NOT_OPTIONAL_TEXT },
				{ key: 'status', label: 'Status', bad: bad.NOT_OPTION },
			],
		},
		pick('campaign', 'update', 'campaignId', 'Campaign', S.drafts, {
			parameters: { updateFields: { config: ex('config', ''), name: ex('name', 'Renamed') } },
			fields: [
				{ key: 'config', label: 'Config (JSON)', bad: bad.NOT_JSON_OBJECT },
				{ key: 'name', label: 'Name', bad: bad.NOT_REQUIRED_TEXT },
			],
		}),
		pick('campaign', 'delete', 'campaignId', 'Campaign', S.drafts),
		pick('campaign', 'addRecipients', 'campaignId', 'Campaign', S.drafts, {
			parameters: { userIds: ex('userIds', 'ada'), userVariables: ex('userVariables', '') },
			fields: [
				{ key: 'userIds', label: 'Users', bad: USERS_TO_ADD },
				{ key: 'userVariables', label: 'Variables by User (JSON)', bad: USER_VARIABLES },
			],
		}),
		{
			resource: 'campaign',
			operation: 'getRecipients',
			parameters: { campaignId: rl('campaignId', S.sendable[0]), ...listParameters, filters: { status: ex('status', '') } },
			valid: [{}, { campaignId: S.sendable[1], limit: 1, status: 'pending' }],
			fields: [
				{ key: 'campaignId', label: 'Campaign', bad: bad.NOT_ID },
				...limitFields,
				{ key: 'status', label: 'Status', bad: bad.NOT_OPTION },
			],
		},
		pick('campaign', 'getRecipientSummary', 'campaignId', 'Campaign', S.sendable),
		pick('campaign', 'getUploadUrl', 'campaignId', 'Campaign', S.drafts),
		pick('campaign', 'importCsv', 'campaignId', 'Campaign', S.drafts, {
			parameters: { s3Key: ex('s3Key', S.uploads[0]) },
			valid: [{}, { campaignId: S.drafts[1], s3Key: S.uploads[1] }],
			fields: [{ key: 's3Key', label: 'Upload Key', bad: bad.NOT_REQUIRED_TEXT }],
		}),
		pick('campaign', 'getImportStatus', 'campaignId', 'Campaign', S.imported),
		pick('campaign', 'send', 'campaignId', 'Campaign', S.sendable),
		pick('campaign', 'schedule', 'campaignId', 'Campaign', S.drafts, {
			parameters: { scheduledAt: ex('scheduledAt', '2096-01-01T00:00:00Z') },
			fields: [{ key: 'scheduledAt', label: 'Send At', bad: [...bad.NOT_DATE, ['empty text', '']] }],
		}),
		pick('campaign', 'getSequenceMetrics', 'campaignId', 'Campaign', S.sendable),
		pick('campaign', 'cancel', 'campaignId', 'Campaign', S.scheduled),
		// Feed Item
		pick('feedItem', 'get', 'feedItemId', 'Feed Item ID', S.feed, {
			parameters: { ...optionalActAs, templateOnly: ex('templateOnly', false) },
			fields: [optionalActAsField, { key: 'templateOnly', label: 'Template Only', bad: bad.NOT_BOOLEAN }],
		}),
		{
			resource: 'feedItem',
			operation: 'getAll',
			parameters: {
				...optionalActAs,
				...listParameters,
				filters: {
					channelId: ex('channelId', ''),
					dateFrom: ex('dateFrom', ''),
					dateTo: ex('dateTo', ''),
					includeDeleted: ex('includeDeleted', false),
					includeExpired: ex('includeExpired', false),
					readState: ex('readState', 'all'),
					receiver: ex('receiver', ''),
					tags: ex('tags', ''),
					tagMatch: ex('tagMatch', 'any'),
					templateCategory: ex('templateCategory', ''),
					templateOnly: ex('templateOnly', false),
				},
			},
			valid: [{}, { onBehalfOf: 'ada', limit: 1, readState: 'unread' }],
			fields: [
				optionalActAsField,
				...limitFields,
				{ key: 'channelId', label: 'Channel ID', bad: bad.NOT_OPTIONAL_ID },
				{ key: 'dateFrom', label: 'Sent After', bad: bad.NOT_DATE },
				{
					key: 'dateTo',
					label: 'Sent Before',
					bad: [...bad.NOT_DATE, ['before Sent After', '2024-01-01T00:00:00Z']],
					with: { dateFrom: '2024-02-01T00:00:00Z' },
				},
				{ key: 'includeDeleted', label: 'Include Deleted', bad: bad.NOT_BOOLEAN },
				{ key: 'includeExpired', label: 'Include Expired', bad: bad.NOT_BOOLEAN },
				{ key: 'readState', label: 'Read State', bad: bad.NOT_OPTION },
				{ key: 'receiver', label: 'Receiver', bad: bad.NOT_OPTIONAL_UID },
				{ key: 'receiver', label: 'Receiver', bad: [['with Act As', 'bob']], with: { onBehalfOf: 'ada' } },
				{ key: 'tags', label: 'Tags', bad: bad.NOT_TAGS },
				{ key: 'tagMatch', label: 'Tags Match', bad: bad.NOT_OPTION },
				{ key: 'templateCategory', label: 'Template Category', bad: bad.NOT_OPTIONAL_TEXT },
				{ key: 'templateOnly', label: 'Template Only', bad: bad.NOT_BOOLEAN },
			],
		},
		{
			resource: 'feedItem',
			operation: 'getUnreadCount',
			parameters: { ...actAs, templateCategory: ex('templateCategory', 'Transactional') },
			valid: [{}, { onBehalfOf: 'bob' }],
			fields: [actAsField, { key: 'templateCategory', label: 'Template Category', bad: bad.NOT_REQUIRED_TEXT }],
		},
		pick('feedItem', 'delete', 'feedItemId', 'Feed Item ID', S.feed),
		pick('feedItem', 'markAsRead', 'feedItemId', 'Feed Item ID', S.feed, { parameters: actAs, fields: [actAsField] }),
		pick('feedItem', 'markAsDelivered', 'feedItemId', 'Feed Item ID', S.feed, { parameters: actAs, fields: [actAsField] }),
		pick('feedItem', 'reportEngagement', 'feedItemId', 'Feed Item ID', S.feed, {
			parameters: { ...actAs, topic: ex('topic', '') },
			fields: [actAsField, { key: 'topic', label: 'Topic', bad: TOPIC }],
		}),
		// Campaign Push Notification
		pick('campaignPushNotification', 'get', 'pushNotificationId', 'Push Notification ID', S.push, {
			parameters: optionalActAs,
			fields: [optionalActAsField],
		}),
		{
			resource: 'campaignPushNotification',
			operation: 'getAll',
			parameters: { ...actAs, limit: ex('limit', 5) },
			valid: [{}, { onBehalfOf: 'bob', limit: 1 }],
			fields: [actAsField, { key: 'limit', label: 'Limit', bad: bad.NOT_LIMIT }],
		},
		pick('campaignPushNotification', 'markAsDelivered', 'pushNotificationId', 'Push Notification ID', S.push, {
			parameters: actAs,
			fields: [actAsField],
		}),
		pick('campaignPushNotification', 'markAsClicked', 'pushNotificationId', 'Push Notification ID', S.push, {
			parameters: actAs,
			fields: [actAsField],
		}),
		pick('campaignPushNotification', 'reportEngagement', 'pushNotificationId', 'Push Notification ID', S.push, {
			parameters: { ...actAs, topic: ex('topic', '') },
			fields: [actAsField, { key: 'topic', label: 'Topic', bad: TOPIC }],
		}),
		// Campaign Analytics
		{
			resource: 'campaignAnalytics',
			operation: 'getOverview',
			parameters: analytics,
			valid: [{}, { period: 'hourly' }],
			fields: analyticsFields,
		},
		{
			resource: 'campaignAnalytics',
			operation: 'getChannelBreakdown',
			parameters: analytics,
			valid: [{}, { dimension: 'channel', dimensionId: 'push' }],
			fields: analyticsFields,
		},
		pick('campaignAnalytics', 'getCampaign', 'campaignId', 'Campaign', S.sendable, {
			parameters: analyticsNoDimension,
			fields: analyticsNoDimensionFields,
		}),
		pick('campaignAnalytics', 'getTemplate', 'templateId', 'Template', S.templates, {
			parameters: analyticsNoDimension,
			fields: analyticsNoDimensionFields,
		}),
		{
			resource: 'campaignAnalytics',
			operation: 'getUserInsights',
			parameters: { uid: rl('uid', 'ada'), ...analytics },
			valid: [{}, { uid: 'bob' }],
			fields: [{ key: 'uid', label: 'User', bad: bad.NOT_UID }, ...analyticsFields],
		},
	];
}
