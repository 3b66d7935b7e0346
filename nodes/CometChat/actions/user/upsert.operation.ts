import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { asNodeError } from '../../helpers/itemErrors';
import { serviceCodeOf } from '../../transport/requestErrors';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { askedAuthToken, userRecordFields, userRecordOf } from './profile';

/** The code CometChat answers a create with when the UID is taken (docs/cometchat-api.md, Errors). */
const UID_TAKEN = 'ERR_UID_ALREADY_EXISTS';

/**
 * Beyond the spec, for no-code syncing: POST /users, and when the UID is taken, PUT /users/{uid}
 * with the same fields. The user record comes back with `operation: 'created' | 'updated'`.
 */
export const upsert: OperationDefinition = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a user',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	returns: 'Returns the user as CometChat answers (uid, name, role, status and more) and operation: created or updated.',
	properties: userRecordFields({
		uid: 'Unique identifier of the user. A new UID creates the user; an existing one updates it with these fields. The output field "operation" says which happened.',
		withAuthToken: 'Whether to create an auth token and return it when the user is created. An existing user gets none.',
	}),
	shownSecrets: askedAuthToken,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { uid, body, withAuthToken } = userRecordOf(this, itemIndex);
		try {
			const created = await cometChatRequest.call(this, {
				method: 'POST',
				path: ['users'],
				body: withAuthToken ? { ...body, withAuthToken: true } : body,
				// Safe to send again after a lost answer: when the lost one was applied, the repeat is
				// answered "UID taken" and the PUT below sets the same fields.
				retrySafe: true,
			});
			return { ...(created.data as IDataObject), operation: 'created' };
		} catch (error) {
			if (serviceCodeOf(error) !== UID_TAKEN) throw asNodeError(this.getNode(), error, itemIndex);
		}
		// The same fields, but the UID is in the path.
		const changes = { ...body };
		delete changes.uid;
		const updated = await cometChatRequest.call(this, { method: 'PUT', path: ['users', uid], body: changes });
		return { ...(updated.data as IDataObject), operation: 'updated' };
	},
};
