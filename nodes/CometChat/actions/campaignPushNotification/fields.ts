import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredId } from '../../readers/text';

export const PUSH_FIELD: INodeProperties = {
	displayName: 'Push Notification ID',
	name: 'pushNotificationId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. cmpsh0000000000000000001',
	description: "The push notification's ID, as Get Many outputs it",
};

export function pushIdOf(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(
		context,
		itemIndex,
		'pushNotificationId',
		'Push Notification ID',
		"Give the push notification's ID, e.g. {{ $json.id }}.",
	);
}
