import type { ResourceDefinition } from '../types';
import { addReaction } from './addReaction.operation';
import { edit } from './edit.operation';
import { getReactionsByEmoji } from './getReactionsByEmoji.operation';
import { getThreads } from './getThreads.operation';
import { markInteracted } from './markInteracted.operation';
import { pin } from './pin.operation';
import { removeReaction } from './removeReaction.operation';
import { save } from './save.operation';
import { subscribeThread } from './subscribeThread.operation';
import { unpin } from './unpin.operation';
import { unsave } from './unsave.operation';
import { unsubscribeThread } from './unsubscribeThread.operation';
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
	description: 'Send messages, forms and bot replies, ask and wait for answers; get, list, edit, delete, moderate, react, pin',
	operations: [
		deleteMessage,
		flag,
		get,
		getMany,
		getReactions,
		getThread,
		send,
		sendAndWait,
		sendAsBot,
		sendForm,
		update,
		addReaction,
		edit,
		getReactionsByEmoji,
		getThreads,
		markInteracted,
		pin,
		removeReaction,
		save,
		subscribeThread,
		unpin,
		unsave,
		unsubscribeThread,
	],
	defaultOperation: send.value,
};
