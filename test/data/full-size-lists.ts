/**
 * The lists CometChat publishes no example answer of, each filled in the emulator with 12 records
 * of full size (more than the tool's Limit of 10): made through the emulator's collections as the
 * operation's create would make them, with every field that create accepts set, the texts long but
 * plausible (a template body of a few hundred characters), metadata objects of a few keys. Keyed by
 * `resource:operation`; `fill` answers the list's required fields, nothing else.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Store } from '../../emulator';
import { byId } from '../harness/suite';
import { APNS_P8_KEY, FCM_PRIVATE_KEY } from './pushKeys';

/** More records than the tool's Limit, so Limit is what cuts the answer. */
export const FULL_SIZE_COUNT = 12;

export interface FullSizeList {
	/** Fills the store; answers the list's required fields (resource and operation added by the caller). */
	fill(store: Store): INodeParameters;
}

/** One of `make`'s for each of 1 … FULL_SIZE_COUNT. */
const numbered = <T>(make: (n: number) => T): T[] => Array.from({ length: FULL_SIZE_COUNT }, (_, index) => make(index + 1));
/** 1 … FULL_SIZE_COUNT. */
const NUMBERS = numbered((n) => n);

const USER = 'customer-success-lead-ada';

const FEED_BODY =
	'Hi {{firstName}}, your {{plan}} plan renews on {{renewalDate}}. We have added three things your team asked for: ' +
	'shared inboxes for support queues, message retention controls per group, and a moderation review screen that ' +
	'shows the rule that matched. Book a 20-minute walkthrough with {{accountManager}} to see how they fit your ' +
	'workflows, or reply to this message with any question about the renewal.';

const PUSH_BODY =
	'{{firstName}}, your {{plan}} plan renews on {{renewalDate}}. Tap to review the new shared inboxes and moderation ' +
	'review screen, or to book a walkthrough with {{accountManager}}.';

const VARIABLES = { firstName: 'Ada', plan: 'Business Annual', renewalDate: '2026-12-15', accountManager: 'Grace Hopper' };

/** A user to act as or to list for. */
function addUser(store: Store, uid = USER): void {
	store.addUser({ uid, name: 'Ada Lovelace (Customer Success)' });
}

/** Channels of both kinds a template delivers through: in-app (a feed item) and push. */
function addChannels(store: Store): void {
	for (const type of ['in_app', 'push']) {
		store.areas.campaigns.createChannel({
			name: `Renewal reminders ${type}`,
			type,
			channelId: `cc-notification-channel-renewal-reminders-${type}`,
			enabled: true,
			metadata: { team: 'customer-success', costCenter: 'CS-EMEA-042', owner: 'ada.lovelace@example.com' },
		});
	}
}

/** A template as Campaign Template → Create makes it with every field, its channels full. */
function addTemplate(store: Store, n: number): string {
	return store.areas.campaigns.createTemplate({
		name: `Plan renewal reminder, wave ${n}`,
		templateId: `plan-renewal-reminder-wave-${n}`,
		templateCategory: 'Transactional',
		label: 'Renewal',
		alternativeText: 'Your plan renews soon: see what is new and book a walkthrough with your account manager.',
		tags: ['renewals', 'customer-success', 'emea', 'annual-plans'],
		status: 'approved',
		variableSchema: Object.keys(VARIABLES),
		channels: [
			{
				channelType: 'in_app',
				channelId: 'cc-notification-channel-renewal-reminders-in_app',
				dataType: 'ui_template',
				sequenceOrder: 1,
				stopCondition: 'read',
				content: {
					title: '{{firstName}}, your plan renews on {{renewalDate}}',
					body: FEED_BODY,
					imageUrl: 'https://assets.example.com/campaigns/renewals/2026/whats-new-banner@2x.png',
					cta: { label: 'Book a walkthrough', url: 'https://example.com/customers/renewals/walkthrough?source=feed' },
				},
			},
			{
				channelType: 'push',
				channelId: 'cc-notification-channel-renewal-reminders-push',
				sequenceOrder: 2,
				waitMinutes: 1440,
				stopCondition: 'clicked',
				content: { title: 'Your plan renews on {{renewalDate}}', body: PUSH_BODY, deepLink: 'exampleapp://account/renewal' },
			},
		],
	}).id;
}

/** The Campaigns service's sends: `FULL_SIZE_COUNT` sends of a full template to the user. */
function sendToUser(store: Store): void {
	addUser(store);
	addChannels(store);
	const templateId = addTemplate(store, 1);
	for (let n = 0; n < FULL_SIZE_COUNT; n++) {
		store.areas.campaigns.send({ templateId, receivers: [USER], variables: { [USER]: VARIABLES }, tag: 'renewal-reminder-2026-q4' });
	}
}

export const FULL_SIZE_LISTS: Record<string, FullSizeList> = {
	'pushToken:getAll': {
		fill(store) {
			addUser(store);
			const authToken = `${USER}_1718000000a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0`;
			for (const n of NUMBERS) {
				// An FCM registration token is about 160 characters.
				const pushToken = `d${n}Xk3pQ9sTzR:APA91bH${'Lm7QwErTyUiOpAsDfGhJkZxCvBnM'.repeat(5)}_${n}`;
				store.addPushToken({ uid: USER, authToken, pushToken, platform: 'fcm_react_native_android', providerId: 'fcm-production-eu' });
			}
			return { authToken, all: true };
		},
	},
	'notificationPreference:getMuted': {
		fill(store) {
			addUser(store);
			const until = (store.now() + 30 * 24 * 3600) * 1000;
			const conversations = numbered((n) => ({
				id: n % 2 ? `regional-support-escalations-emea-${n}` : `enterprise-account-owner-${n}`,
				type: n % 2 ? ('group' as const) : ('oneOnOne' as const),
				until,
			}));
			store.areas.notifications.mute(USER, conversations);
			return { uid: byId(USER) };
		},
	},
	'bot:getAll': {
		fill(store) {
			for (const n of NUMBERS) {
				const uid = `support-triage-assistant-${n}`;
				store.addUser({ uid, name: `Support triage assistant ${n}` });
				store.addBot({
					uid,
					webhookURL: `https://automation.example.com/webhook/cometchat/bots/${uid}/relay?workspace=customer-success&region=eu-west-1`,
					groupChatSetting: 'mentions',
					useBasicAuth: true,
					username: `bot-relay-${n}`,
					password: `Relay-Passw0rd-${n}`,
					enabled: true,
				});
			}
			return {};
		},
	},
	'fcmProvider:getAll': {
		fill(store) {
			for (const n of NUMBERS) {
				const project = `shop-app-production-${n}`;
				store.areas.fcmProviders.add({
					providerId: `fcm-${project}`,
					serviceAccountFilename: `${project}-firebase-adminsdk-x8k2p-4f1c9e7b2a.json`,
					serviceAccountCreds: {
						project_id: project,
						client_email: `firebase-adminsdk-x8k2p@${project}.iam.gserviceaccount.com`,
						private_key: FCM_PRIVATE_KEY,
						private_key_id: `4f1c9e7b2a6d8e0f1a3b5c7d9e1f3a5b7c9d1e${String(n).padStart(2, '0')}`,
					},
					notificationInPayload: {
						android: { chat: true, call: true },
						ios: { chat: true, call: false },
						web: { chat: true, call: false },
					},
				});
			}
			return {};
		},
	},
	'apnsProvider:getAll': {
		fill(store) {
			for (const n of NUMBERS) {
				store.areas.apnsProviders.add({
					providerId: `apns-shop-app-production-${n}`,
					p8Key: APNS_P8_KEY,
					p8KeyFilename: `AuthKey_K7Y3RW5S${String(n).padStart(2, '0')}.p8`,
					keyId: `K7Y3RW5S${String(n).padStart(2, '0')}`,
					teamId: 'T5GH8JK2WX',
					bundleId: `com.example.shop.production.app${n}`,
					includeContentAvailable: true,
					includeMutableContent: true,
					productionMode: true,
				});
			}
			return {};
		},
	},
	'webhook:getAll': {
		fill(store) {
			for (const n of NUMBERS) {
				store.areas.webhooks.add({
					id: `order-and-support-events-${n}`,
					name: `Order and support events to the CRM (${n})`,
					webhookURL: `https://automation.example.com/webhook/cometchat/app-events/crm-sync-${n}?source=cometchat&region=eu`,
					useBasicAuth: true,
					username: `cometchat-webhook-${n}`,
					password: `Webh00k-Passw0rd-${n}`,
					enabled: true,
					retryOnFailure: true,
				});
			}
			return {};
		},
	},
	'campaignTemplate:getAll': {
		fill(store) {
			addChannels(store);
			for (const n of NUMBERS) addTemplate(store, n);
			return {};
		},
	},
	'templateCategory:getAll': {
		fill(store) {
			for (const n of NUMBERS) {
				store.areas.campaigns.createCategory({
					name: `Renewals and billing notices ${n}`,
					description:
						'Reminders sent ahead of a plan renewal, failed-payment notices and invoice receipts: transactional ' +
						'messages every customer gets, reviewed by the billing team before each change.',
				});
			}
			return {};
		},
	},
	'campaignChannel:getAll': {
		fill(store) {
			// At most 10 channels of a type: half in-app, half push.
			for (const n of NUMBERS) {
				const type = n % 2 ? 'in_app' : 'push';
				store.areas.campaigns.createChannel({
					name: `Customer success ${type} channel ${n}`,
					type,
					channelId: `cc-notification-channel-customer-success-${type}-${n}`,
					enabled: true,
					metadata: { team: 'customer-success', costCenter: 'CS-EMEA-042', owner: 'ada.lovelace@example.com', region: 'eu-west-1' },
				});
			}
			return {};
		},
	},
	'campaign:getAll': {
		fill(store) {
			addChannels(store);
			const templateId = addTemplate(store, 1);
			for (const n of NUMBERS) {
				store.areas.campaigns.createCampaign({
					name: `Q4 2026 renewal reminders, EMEA annual plans, wave ${n}`,
					templateId,
					templateVersion: 1,
					variables: VARIABLES,
					config: { sendWindow: '09:00-17:00', timezone: 'Europe/London', throttlePerMinute: 500, owner: 'ada.lovelace@example.com' },
				});
			}
			return {};
		},
	},
	'campaign:getRecipients': {
		fill(store) {
			addChannels(store);
			const templateId = addTemplate(store, 1);
			const { id } = store.areas.campaigns.createCampaign({ name: 'Q4 2026 renewal reminders', templateId, templateVersion: 1 });
			const userIds = numbered((n) => `enterprise-customer-admin-${n}`);
			const userVariables = Object.fromEntries(userIds.map((uid) => [uid, { ...VARIABLES, firstName: `Admin ${uid.slice(-2)}` }]));
			store.areas.campaigns.addRecipients(id, { userIds, userVariables });
			return { campaignId: byId(id) };
		},
	},
	'feedItem:getAll': {
		fill(store) {
			sendToUser(store);
			return {};
		},
	},
	'campaignPushNotification:getAll': {
		fill(store) {
			sendToUser(store);
			return { onBehalfOf: byId(USER) };
		},
	},
};
