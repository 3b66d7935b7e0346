/** What the Send and Wait test files share: Ada asks Bob, one to one. */
import type { INodeParameters } from 'n8n-workflow';

import type { Emulator } from './emulator';
import { byId } from './suite';

/** Adds the sender (ada) and the receiver (bob) to the emulator's store. */
export function addAdaAndBob(emulator: Emulator): void {
	emulator.store.addUser({ uid: 'ada', name: 'Ada' });
	emulator.store.addUser({ uid: 'bob', name: 'Bob' });
}

/** Send and Wait's parameters: Ada asks Bob "May I refund order 4711?", with `extra` over them. */
export const ask = (extra: INodeParameters): INodeParameters => ({
	resource: 'message',
	operation: 'sendAndWait',
	onBehalfOf: byId('ada'),
	receiverType: 'user',
	receiverUid: byId('bob'),
	message: 'May I refund order 4711?',
	...extra,
});
