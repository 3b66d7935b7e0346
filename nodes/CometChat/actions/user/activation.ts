import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { uidListValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';

const ACTIVATION = {
	deactivate: { method: 'DELETE', sent: 'uidsToDeactivate', answered: 'deactivatedUids', done: 'deactivatedUids', verb: 'deactivated' },
	// CometChat answers the reactivated UIDs as `nonDeactivatedUids`.
	reactivate: { method: 'PUT', sent: 'uidsToActivate', answered: 'nonDeactivatedUids', done: 'reactivatedUids', verb: 'reactivated' },
} as const;

/**
 * DELETE /users {uidsToDeactivate} or PUT /users {uidsToActivate}. CometChat answers only the UIDs
 * it acted on; every other UID sent is listed in `failed` (as Block and Unblock do), so a UID the
 * service skipped, such as one that does not exist, is never lost in silence.
 */
export async function changeActivation(
	context: IExecuteFunctions,
	itemIndex: number,
	change: keyof typeof ACTIVATION,
): Promise<IDataObject> {
	const { method, sent, answered, done, verb } = ACTIVATION[change];
	const uids = uidListValue(context, itemIndex, 'uids', 'UIDs');
	const response = await cometChatRequest.call(context, { method, path: ['users'], body: { [sent]: uids } });
	const listed = ((response.data ?? {}) as IDataObject)[answered];
	const actedOn = new Set(Array.isArray(listed) ? listed.map(String) : []);
	return {
		[done]: uids.filter((uid) => actedOn.has(uid)),
		failed: uids
			.filter((uid) => !actedOn.has(uid))
			.map((uid) => ({ uid, code: null, message: `CometChat's answer does not list this UID as ${verb}; check that the user exists` })),
	};
}
