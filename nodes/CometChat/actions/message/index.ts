import type { ResourceDefinition } from '../types';
import { flag } from './flag.operation';
import { getReactions } from './getReactions.operation';
import { getThread } from './getThread.operation';
import { send } from './send.operation';
import { sendForm } from './sendForm.operation';
import { update } from './update.operation';

export const message: ResourceDefinition = {
	value: 'message',
	name: 'Message',
	description: 'Send messages and interactive forms on behalf of a user, edit and re-moderate, read threads and reactions, flag',
	operations: [flag, getReactions, getThread, send, sendForm, update],
	defaultOperation: send.value,
};
