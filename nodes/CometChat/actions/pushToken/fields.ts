import type { INodeProperties } from 'n8n-workflow';

/** A device's push token: a secret (whoever holds it can address the device), so a password field. */
export function pushTokenField(description: string): INodeProperties {
	return {
		displayName: 'Push Token',
		name: 'pushToken',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description,
	};
}
