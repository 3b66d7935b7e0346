import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getTranscriptions } from './getTranscriptions.operation';

export const call: ResourceDefinition = {
	value: 'call',
	name: 'Call',
	description: 'Voice and video call sessions (on the call host of the credential)',
	operations: [get, getMany, getTranscriptions],
	defaultOperation: 'get',
};
