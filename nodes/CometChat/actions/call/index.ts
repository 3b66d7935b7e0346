import type { ResourceDefinition } from '../types';
import { get } from './get.operation';

export const call: ResourceDefinition = {
	value: 'call',
	name: 'Call',
	description: 'Voice and video call sessions (on the call host of the credential)',
	operations: [get],
	defaultOperation: 'get',
};
