import type { IExecuteFunctions } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { simplifiedPicker } from '../../fields/lists';
import { requiredUid } from '../../readers/text';
import { listOperation } from '../list';
import { SIMPLIFIED_USER_FIELDS } from '../user/simplify';

/** A blocked user as Simplify keeps it: the user's short record and when the block was made. */
const SIMPLIFIED_BLOCKED_FIELDS = [...SIMPLIFIED_USER_FIELDS, 'blockedAt'];

export const getMany = listOperation({
	action: 'Get many blocked users',
	description: 'List the users a user has blocked, the latest block first',
	strategy: 'numberedPages',
	identity: 'uid',
	properties: [userField('The user whose blocked users to list')],
	request(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		return { method: 'GET', path: ['users', uid, 'blockedusers'] };
	},
	simplify: { fields: SIMPLIFIED_BLOCKED_FIELDS, pick: simplifiedPicker(SIMPLIFIED_BLOCKED_FIELDS) },
});
