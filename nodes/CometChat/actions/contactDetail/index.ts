import type { ResourceDefinition } from '../types';
import { deleteDetails } from './delete.operation';
import { get } from './get.operation';
import { update } from './update.operation';

export const contactDetail: ResourceDefinition = {
	value: 'contactDetail',
	name: 'Contact Detail',
	description: "A user's e-mail address and phone number for e-mail and SMS notifications",
	operations: [get, update, deleteDetails],
	defaultOperation: get.value,
};
