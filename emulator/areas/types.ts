/** The collections of every area, as route modules receive them. */
import type { App } from '../core/app';
import type { ApiKeys } from './apikeys/collection';
import type { NotificationSettings } from './notificationSettings/collection';
import type { PushProviders } from './pushProviders/collection';
import type { Bots } from './bots/collection';
import type { Campaigns } from './campaigns/collection';
import type { Calls } from './calls/collection';
import type { Conversations } from './conversations/collection';
import type { Groups } from './groups/collection';
import type { Messages } from './messages/collection';
import type { Moderation } from './moderation/collection';
import type { UserNotifications } from './notifications/collection';
import type { NotificationProviders } from './notificationProviders/collection';
import type { PushTokens } from './push/collection';
import type { Roles } from './roles/collection';
import type { Users } from './users/collection';
import type { Webhooks } from './webhooks/collection';

export interface Areas {
	app: App;
	roles: Roles;
	users: Users;
	groups: Groups;
	messages: Messages;
	moderation: Moderation;
	calls: Calls;
	push: PushTokens;
	notifications: UserNotifications;
	bots: Bots;
	webhooks: Webhooks;
	conversations: Conversations;
	notificationProviders: NotificationProviders;
	apiKeys: ApiKeys;
	notificationSettings: NotificationSettings;
	fcmProviders: PushProviders;
	apnsProviders: PushProviders;
	campaigns: Campaigns;
}
