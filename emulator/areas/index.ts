/**
 * Every area of the API: its collection and its routes. To add an area, create
 * `areas/<name>/collection.ts` and `areas/<name>/routes.ts`, add the collection to `Areas`
 * (types.ts) and `createAreas` below, and its `register` to CHAT_ROUTES, CALL_ROUTES or MGMT_ROUTES.
 */
import type { App } from '../core/app';
import { ApiKeys } from './apikeys/collection';
import * as apiKeyRoutes from './apikeys/routes';
import { NotificationSettings } from './notificationSettings/collection';
import * as notificationSettingRoutes from './notificationSettings/routes';
import { PushProviders } from './pushProviders/collection';
import * as pushProviderRoutes from './pushProviders/routes';
import { Bots } from './bots/collection';
import { Campaigns } from './campaigns/collection';
import * as campaignRoutes from './campaigns/routes';
import * as botRoutes from './bots/routes';
import { Router } from '../core/router';
import { Calls } from './calls/collection';
import * as callRoutes from './calls/routes';
import { Conversations } from './conversations/collection';
import * as conversationRoutes from './conversations/routes';
import * as dataImportRoutes from './dataImport/routes';
import { Groups } from './groups/collection';
import * as groupMemberRoutes from './groups/memberRoutes';
import * as groupRoutes from './groups/routes';
import { Messages } from './messages/collection';
import * as messageActionRoutes from './messages/actionRoutes';
import * as messageRoutes from './messages/routes';
import { Moderation } from './moderation/collection';
import * as moderationRoutes from './moderation/routes';
import * as moderationSetupRoutes from './moderation/setupRoutes';
import { UserNotifications } from './notifications/collection';
import * as notificationRoutes from './notifications/routes';
import { NotificationProviders } from './notificationProviders/collection';
import * as notificationProviderRoutes from './notificationProviders/routes';
import { PushTokens } from './push/collection';
import * as pushRoutes from './push/routes';
import { Roles } from './roles/collection';
import * as roleRoutes from './roles/routes';
import * as statsRoutes from './stats/routes';
import type { Areas } from './types';
import { Webhooks } from './webhooks/collection';
import * as webhookRoutes from './webhooks/routes';
import { Users } from './users/collection';
import * as userRoutes from './users/routes';

export type { Areas } from './types';

/** The collections, each given the ones it reads (in dependency order). */
export function createAreas(app: App): Areas {
	const roles = new Roles(app);
	const users = new Users(app);
	const groups = new Groups(app, users);
	const messages = new Messages(app, users, groups);
	const moderation = new Moderation(app, users, messages);
	const calls = new Calls(app, users);
	const push = new PushTokens(app, users);
	const notifications = new UserNotifications(app, users);
	const bots = new Bots(app, users, groups, messages);
	const webhooks = new Webhooks(app);
	const notificationProviders = new NotificationProviders(app);
	const conversations = new Conversations(app, users, groups, messages, bots);
	const apiKeys = new ApiKeys(app);
	const notificationSettings = new NotificationSettings();
	const fcmProviders = new PushProviders('fcm');
	const apnsProviders = new PushProviders('apns');
	const campaigns = new Campaigns(app);
	return {
		app,
		roles,
		users,
		groups,
		messages,
		moderation,
		calls,
		push,
		notifications,
		bots,
		webhooks,
		conversations,
		notificationProviders,
		apiKeys,
		notificationSettings,
		fcmProviders,
		apnsProviders,
		campaigns,
	};
}

type Register = (router: Router, areas: Areas) => void;

/** The routes of the chat host, area by area. */
export const CHAT_ROUTES: readonly Register[] = [
	userRoutes.register,
	roleRoutes.register,
	groupRoutes.register,
	groupMemberRoutes.register,
	messageRoutes.register,
	messageActionRoutes.register,
	moderationRoutes.register,
	moderationSetupRoutes.register,
	pushRoutes.register,
	notificationRoutes.register,
	botRoutes.register,
	conversationRoutes.register,
	statsRoutes.register,
	notificationProviderRoutes.register,
	apiKeyRoutes.register,
	notificationSettingRoutes.register,
	pushProviderRoutes.register,
	dataImportRoutes.register,
	// The Campaigns service: its own API on the chat host, under /v3/campaigns.
	campaignRoutes.register,
];

/** The routes of the call host. */
export const CALL_ROUTES: readonly Register[] = [callRoutes.register];

/** The routes of the management host (app webhooks). */
export const MGMT_ROUTES: readonly Register[] = [webhookRoutes.register];

/** Builds the routers of the three hosts. */
export function buildRouters(areas: Areas): { chat: Router; call: Router; mgmt: Router } {
	const chat = new Router();
	for (const register of CHAT_ROUTES) register(chat, areas);
	const call = new Router();
	for (const register of CALL_ROUTES) register(call, areas);
	const mgmt = new Router();
	for (const register of MGMT_ROUTES) register(mgmt, areas);
	return { chat, call, mgmt };
}

/** Empties every collection (the `default` role and the default moderation reasons come back). */
export function resetAreas(a: Areas): void {
	for (const collection of [
		a.roles,
		a.users,
		a.groups,
		a.messages,
		a.moderation,
		a.calls,
		a.push,
		a.notifications,
		a.bots,
		a.webhooks,
		a.conversations,
		a.notificationProviders,
		a.apiKeys,
		a.notificationSettings,
		a.fcmProviders,
		a.apnsProviders,
		a.campaigns,
	])
		collection.reset();
}
