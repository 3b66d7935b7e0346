import type { ResourceDefinition } from '../types';
import { deleteMessage } from './delete.operation';
import { flag } from './flag.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getReactions } from './getReactions.operation';
import { getThread } from './getThread.operation';
import { send } from './send.operation';
import { sendAsBot } from './sendAsBot.operation';
import { sendAndWait } from './sendAndWait/sendAndWait.operation';
import { sendForm } from './sendForm/sendForm.operation';
import { update } from './update.operation';

export const message: ResourceDefinition = {
	value: 'message',
	name: 'Message',
	description:
		'Send messages (also as thread replies and as a bot) and interactive forms on behalf of a user, ask a person and wait for the answer, get, list and delete them, edit and re-moderate, read threads and reactions, flag',
	operations: [deleteMessage, flag, get, getMany, getReactions, getThread, send, sendAndWait, sendAsBot, sendForm, update],
	defaultOperation: send.value,
};
