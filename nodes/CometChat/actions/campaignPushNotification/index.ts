import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { markAsClicked } from './markAsClicked.operation';
import { markAsDelivered } from './markAsDelivered.operation';
import { reportEngagement } from './reportEngagement.operation';

export const campaignPushNotification: ResourceDefinition = {
	value: 'campaignPushNotification',
	name: 'Campaign Push Notification',
	description: 'The push notifications campaign sends made, per user: delivery, clicks, engagement (Campaigns service)',
	operations: [get, getMany, markAsClicked, markAsDelivered, reportEngagement],
	defaultOperation: getMany.value,
};
