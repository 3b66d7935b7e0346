import type { ResourceDefinition } from '../types';
import { deleteById } from './deleteById.operation';
import { get } from './get.operation';
import { getById } from './getById.operation';
import { getMany } from './getMany.operation';
import { getPinned } from './getPinned.operation';
import { markDelivered } from './markDelivered.operation';
import { markRead } from './markRead.operation';
import { markUnread } from './markUnread.operation';
import { pin } from './pin.operation';
import { reset } from './reset.operation';
import { setPinned } from './setPinned.operation';
import { unpin } from './unpin.operation';
import { updateTags } from './updateTags.operation';

export const conversation: ResourceDefinition = {
	value: 'conversation',
	name: 'Conversation',
	description: "Users' conversations: list, get, tag, pin, mark delivered, read or unread, reset; the app's global pins",
	operations: [get, getMany, updateTags, reset, pin, unpin, markDelivered, markRead, markUnread, getPinned, setPinned, getById, deleteById],
	defaultOperation: getMany.value,
};
