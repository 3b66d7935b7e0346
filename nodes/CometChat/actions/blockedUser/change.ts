import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { uidListField, uidListValue, userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';

/** The fields of Block and Unblock: who blocks, and whom. */
export function blockFields(verb: 'block' | 'unblock'): INodeProperties[] {
	return [
		userField(`The user who ${verb}s the others`),
		uidListField({
			name: 'blockedUids',
			displayName: verb === 'block' ? 'Users to Block' : 'Users to Unblock',
			description: `The users to ${verb}`,
		}),
	];
}

/** What Block and Unblock output, for the AI tool's description: `done` names the list of UIDs taken. */
export function changeReturns(done: 'blocked' | 'unblocked'): string {
	return `Returns uid, ${done} (the UIDs ${done}) and failed: each UID refused, with CometChat's code and message.`;
}

/**
 * POST or DELETE /users/{uid}/blockedusers {blockedUids}. CometChat answers one entry per UID;
 * the output lists the UIDs it took (`done`) and those it refused, with the service's words (`failed`).
 */
export async function changeBlocks(
	context: IExecuteFunctions,
	itemIndex: number,
	method: 'POST' | 'DELETE',
	done: 'blocked' | 'unblocked',
): Promise<IDataObject> {
	const uid = requiredUid(context, itemIndex, 'uid', 'User');
	const label = done === 'blocked' ? 'Users to Block' : 'Users to Unblock';
	const blockedUids = uidListValue(context, itemIndex, 'blockedUids', label);
	const response = await cometChatRequest.call(context, { method, path: ['users', uid, 'blockedusers'], body: { blockedUids } });
	const { succeeded, failed } = answersPerUid(blockedUids, (response.data ?? {}) as IDataObject);
	return { uid, [done]: succeeded, failed };
}

/**
 * An answer with one entry per UID sent (`{success, message}` or `{error: {code, message}}`): the
 * UIDs it took, and the others with the service's words, so no UID is skipped in silence.
 */
export function answersPerUid(uids: string[], answers: IDataObject): { succeeded: string[]; failed: IDataObject[] } {
	const succeeded: string[] = [];
	const failed: IDataObject[] = [];
	for (const other of uids) {
		const answer = (answers[other] ?? {}) as IDataObject;
		const error = answer.error as IDataObject | undefined;
		if (answer.success === true) succeeded.push(other);
		else failed.push({ uid: other, code: error?.code ?? null, message: error?.message ?? 'CometChat gave no answer for this UID' });
	}
	return { succeeded, failed };
}
