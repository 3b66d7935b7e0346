import type { INodeProperties } from 'n8n-workflow';

import { apiKey } from './apiKey';
import { notificationSetting } from './notificationSetting';
import { fcmProvider } from './fcmProvider';
import { apnsProvider } from './apnsProvider';
import { authToken } from './authToken';
import { blockedMessage } from './blockedMessage';
import { blockedUser } from './blockedUser';
import { bot } from './bot';
import { call } from './call';
import { campaign } from './campaign';
import { campaignAnalytics } from './campaignAnalytics';
import { campaignChannel } from './campaignChannel';
import { campaignPushNotification } from './campaignPushNotification';
import { campaignTemplate } from './campaignTemplate';
import { conversation } from './conversation';
import { contactDetail } from './contactDetail';
import { dataImport } from './dataImport';
import { feedItem } from './feedItem';
import { flaggedMessage } from './flaggedMessage';
import { group } from './group';
import { groupMember } from './groupMember';
import { keywordList } from './keywordList';
import { message } from './message';
import { metric } from './metric';
import { moderatedMessage } from './moderatedMessage';
import { moderationReason } from './moderationReason';
import { oneAtATimeFields } from './oneAtATime';
import { moderationRule } from './moderationRule';
import { notificationPreference } from './notificationPreference';
import { notificationLog } from './notificationLog';
import { notificationProvider } from './notificationProvider';
import { pushToken } from './pushToken';
import { namingRefusedFields } from './refusedField';
import { reviewedMessage } from './reviewedMessage';
import { role } from './role';
import { templateCategory } from './templateCategory';
import { templatedNotification } from './templatedNotification';
import { toolDescriptionFields } from './toolDescription';
import type { OperationDefinition, ResourceDefinition } from './types';
import { user } from './user';
import { webhook } from './webhook';

/** Every resource of the node, in the order of the Resource dropdown. */
export const resources: ResourceDefinition[] = [
	user,
	authToken,
	blockedUser,
	group,
	groupMember,
	message,
	conversation,
	role,
	call,
	pushToken,
	notificationPreference,
	contactDetail,
	flaggedMessage,
	blockedMessage,
	moderationReason,
	moderationRule,
	keywordList,
	moderatedMessage,
	reviewedMessage,
	bot,
	metric,
	notificationProvider,
	notificationLog,
	apiKey,
	notificationSetting,
	fcmProvider,
	apnsProvider,
	dataImport,
	webhook,
	campaignTemplate,
	templateCategory,
	campaignChannel,
	templatedNotification,
	campaign,
	feedItem,
	campaignPushNotification,
	campaignAnalytics,
];

/** Each operation as the node runs it: its service errors name the field that held a refused value. */
const operationTable = new Map<string, OperationDefinition>(
	resources.flatMap((resource) =>
		resource.operations.map((operation) => [`${resource.value}:${operation.value}`, namingRefusedFields(operation)]),
	),
);

export function findOperation(resource: string, operation: string): OperationDefinition | undefined {
	return operationTable.get(`${resource}:${operation}`);
}

/** n8n lists dropdown entries alphabetically. */
function byName<T extends { name: string }>(entries: T[]): T[] {
	return [...entries].sort((a, b) => a.name.localeCompare(b.name));
}

/** Shows a field only for one operation of one resource, keeping any conditions it has of its own. */
function scopedTo(resource: string, operation: string, field: INodeProperties): INodeProperties {
	const show = field.displayOptions?.show ?? {};
	return {
		...field,
		displayOptions: {
			...field.displayOptions,
			// Resource and operation first: n8n stops at the first condition whose value is an
			// expression and counts the field as shown, so an expression in a field's own condition
			// (e.g. Group → Create's Type) must not make it count as shown in other operations.
			show: { resource: [resource], operation: [operation], ...show },
		},
	};
}

/**
 * A node's properties: the Resource dropdown, one Operation dropdown per resource, then the fields.
 * `shown`: the resources and operations the node offers (all of them for the CometChat node).
 * Each operation's fields start with its Description for an AI agent, shown only in the node's AI
 * tool (actions/toolDescription.ts), as Output is.
 */
export function nodeProperties(shown: ResourceDefinition[] = resources): INodeProperties[] {
	const defaultResource = shown[0].value;
	const resourceField: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: byName(shown.map(({ name, value, description }) => ({ name, value, description }))),
		default: defaultResource,
	};
	const operationFields = shown.map((resource): INodeProperties => {
		const defaultOperation = resource.defaultOperation;
		return {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: byName(
				resource.operations.map(({ name, value, action, description }) => ({
					name,
					value,
					action,
					description,
				})),
			),
			default: defaultOperation,
		};
	});
	const fields = shown.flatMap((resource) =>
		resource.operations.flatMap((operation) =>
			[...toolDescriptionFields(operation), ...operation.properties].map((field) => scopedTo(resource.value, operation.value, field)),
		),
	);
	return [resourceField, ...operationFields, ...fields, ...oneAtATimeFields(shown)];
}
