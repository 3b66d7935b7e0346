import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { authTokenField, authTokenValue } from '../../fields/common';
import { idOf, requiredId } from '../../readers/text';
import { optionalTimeZoneOf } from '../../readers/timezones';
import { readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { pushTokenField } from './fields';

/** The published platforms (pnTokenSchema), each with the body field its token goes in. */
const PLATFORMS: Array<{ value: string; name: string; field: 'fcmToken' | 'deviceToken' | 'voipToken' }> = [
	{ value: 'fcm_android', name: 'FCM: Android', field: 'fcmToken' },
	{ value: 'fcm_ios', name: 'FCM: iOS', field: 'fcmToken' },
	{ value: 'fcm_web', name: 'FCM: Web', field: 'fcmToken' },
	{ value: 'fcm_flutter_android', name: 'FCM: Flutter Android', field: 'fcmToken' },
	{ value: 'fcm_flutter_ios', name: 'FCM: Flutter iOS', field: 'fcmToken' },
	{ value: 'fcm_react_native_android', name: 'FCM: React Native Android', field: 'fcmToken' },
	{ value: 'fcm_react_native_ios', name: 'FCM: React Native iOS', field: 'fcmToken' },
	{ value: 'fcm_ionic_cordova_android', name: 'FCM: Ionic Cordova Android', field: 'fcmToken' },
	{ value: 'fcm_ionic_cordova_ios', name: 'FCM: Ionic Cordova iOS', field: 'fcmToken' },
	{ value: 'apns_ios_device', name: 'APNs: iOS', field: 'deviceToken' },
	{ value: 'apns_flutter_device', name: 'APNs: Flutter', field: 'deviceToken' },
	{ value: 'apns_react_native_device', name: 'APNs: React Native', field: 'deviceToken' },
	{ value: 'apns_ionic_cordova_device', name: 'APNs: Ionic Cordova', field: 'deviceToken' },
	{ value: 'apns_ios_voip', name: 'APNs VoIP: iOS', field: 'voipToken' },
	{ value: 'apns_flutter_voip', name: 'APNs VoIP: Flutter', field: 'voipToken' },
	{ value: 'apns_react_native_voip', name: 'APNs VoIP: React Native', field: 'voipToken' },
	{ value: 'apns_ionic_cordova_voip', name: 'APNs VoIP: Ionic Cordova', field: 'voipToken' },
];
const PLATFORM_VALUES = PLATFORMS.map((platform) => platform.value);

export const register: OperationDefinition = {
	value: 'register',
	name: 'Register',
	action: 'Register a push token',
	description: "Register a device's push token (FCM, APNs or APNs VoIP) with a user's auth token; again updates it",
	returns:
		'Returns registered (true), the platform and tokenType: the field the token went as (fcmToken, deviceToken or voipToken); never the token.',
	properties: [
		authTokenField('The auth token (session) of the user the device belongs to'),
		{
			displayName: 'Platform',
			name: 'platform',
			type: 'options',
			required: true,
			options: PLATFORMS.map(({ name, value }): INodePropertyOptions => ({ name, value })),
			default: 'fcm_android',
			description: 'The push service and app framework of the device; it decides whether the token is sent as an FCM, APNs or VoIP token',
		},
		pushTokenField('The token the device got from FCM or APNs'),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Provider ID',
					name: 'providerId',
					type: 'string',
					default: '',
					placeholder: 'e.g. fcm-provider-2',
					description: "The push provider of the app to send through, as set up in CometChat's dashboard. Empty: the default one.",
				},
				{
					displayName: 'Timezone',
					name: 'timezone',
					type: 'string',
					default: '',
					placeholder: 'e.g. Asia/Tokyo',
					description: "The device's IANA time zone name, for the user's quiet hours",
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const authToken = authTokenValue(this, itemIndex);
		const platform = readOption(this, itemIndex, 'platform', 'Platform', PLATFORM_VALUES, 'fcm_android');
		const pushToken = requiredId(this, itemIndex, 'pushToken', 'Push Token', 'Enter the token the device got from FCM or APNs.');
		const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const providerId = idOf(this, itemIndex, 'Provider ID', fields.providerId ?? '') || undefined;
		const timezone = optionalTimeZoneOf(this, itemIndex, 'Timezone', fields.timezone);
		const field = PLATFORMS.find((entry) => entry.value === platform)!.field;
		const body: IDataObject = { platform, [field]: pushToken, authToken };
		if (providerId !== undefined) body.providerId = providerId;
		if (timezone !== undefined) body.timezone = timezone;
		await cometChatRequest.call(this, {
			method: 'POST',
			path: ['notifications', 'push', 'v1', 'tokens'],
			body,
			secrets: [authToken, pushToken],
		});
		// The push token and the auth token are secrets: the output names the platform only.
		return { registered: true, platform, tokenType: field };
	},
};
