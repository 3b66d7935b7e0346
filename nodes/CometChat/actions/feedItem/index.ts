import type { ResourceDefinition } from '../types';
import { deleteFeedItem } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getUnreadCount } from './getUnreadCount.operation';
import { markAsDelivered } from './markAsDelivered.operation';
import { markAsRead } from './markAsRead.operation';
import { reportEngagement } from './reportEngagement.operation';

export const feedItem: ResourceDefinition = {
	value: 'feedItem',
	name: 'Feed Item',
	description: 'The in-app notification feed of campaign sends, per user (Campaigns service)',
	operations: [deleteFeedItem, get, getMany, getUnreadCount, markAsDelivered, markAsRead, reportEngagement],
	defaultOperation: getMany.value,
};
