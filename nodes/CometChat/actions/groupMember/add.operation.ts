import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { inputError } from '../../readers/fieldErrors';
import { readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import { groupField, groupValue } from '../group/fields';
import { MEMBER_ROLES, memberFields, memberListsOf } from '../group/members';
import type { OperationDefinition } from '../types';

const PARTIAL_FAILURE = ['fail', 'output'] as const;

/** One UID's result, as the service answers it under its list: `{success: true, …}` or `{error: {code, message}}`. */
function resultOf(guid: string, uid: string, scope: string, entry: unknown): IDataObject {
	const answer = (entry ?? {}) as IDataObject;
	if (answer.success === true) return { guid, uid, scope, success: true };
	const error = (answer.error ?? {}) as IDataObject;
	return {
		guid,
		uid,
		scope,
		success: false,
		error: { code: error.code ?? 'UNKNOWN', message: error.message ?? 'CometChat gave no result for this user.' },
	};
}

/**
 * POST /groups/{guid}/members (docs/cometchat-api.md, Group members). The service answers each UID
 * on its own; the output is one item per UID. By default any failed UID fails the item (naming
 * each one), so nothing goes unnoticed; Output Each Result returns the failures as items instead.
 */
export const add: OperationDefinition = {
	value: 'add',
	name: 'Add',
	action: 'Add members to a group',
	description: 'Add users to a group as admins, moderators or participants, or ban users from it',
	returns: 'Returns one item per user: its GUID, UID, scope and success, or the error CometChat gave for it.',
	properties: [
		groupField('The group to add the members to'),
		{
			displayName: 'Members',
			name: 'members',
			type: 'collection',
			placeholder: 'Add Members',
			default: {},
			options: memberFields,
		},
		onBehalfOfField(ACTING_USER.actAs, false, 'The admin or moderator (UID) who adds the members. Leave empty to act as the app.'),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'On Partial Failure',
					name: 'onPartialFailure',
					type: 'options',
					options: [
						{
							name: 'Fail the Item',
							value: 'fail',
							description: 'Stop with an error naming each user that could not be added (the others are added)',
						},
						{
							name: 'Output Each Result',
							value: 'output',
							description: 'Return one item per user with success and, for a failure, error {code, message}',
						},
					],
					default: 'fail',
					description: 'What happens when CometChat refuses some of the users, e.g. one already in the group',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const members = this.getNodeParameter('members', itemIndex, {}) as IDataObject;
		const lists = memberListsOf(this, itemIndex, members);
		if (Object.keys(lists).length === 0) {
			throw inputError(
				this,
				itemIndex,
				'No users to add',
				'Add Admins, Moderators, Participants or Users to Ban under Members, with at least one UID.',
			);
		}
		const onPartialFailure = readOption(this, itemIndex, 'options.onPartialFailure', 'On Partial Failure', PARTIAL_FAILURE, 'fail');
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'POST',
			path: ['groups', guid, 'members'],
			body: lists,
			onBehalfOf,
		});
		const answer = (response.data ?? {}) as IDataObject;
		const results = MEMBER_ROLES.flatMap(({ name, scope }) =>
			((lists[name] as string[] | undefined) ?? []).map((uid) =>
				resultOf(guid, uid, scope, (answer[name] as IDataObject | undefined)?.[uid]),
			),
		);
		const failed = results.filter((result) => result.success !== true);
		if (failed.length > 0 && onPartialFailure === 'fail') {
			const named = failed.map((result) => `${result.uid as string} (${(result.error as IDataObject).code as string})`).join(', ');
			const added = results.filter((result) => result.success === true).map((result) => result.uid as string);
			throw new NodeOperationError(
				this.getNode(),
				`${failed.length} of ${results.length} users could not be added to group ${guid}: ${named}`,
				{
					itemIndex,
					description:
						`${failed.map((result) => `${result.uid as string}: ${(result.error as IDataObject).message as string}`).join(' ')} ` +
						(added.length > 0 ? `These were added: ${added.join(', ')}. ` : 'None was added. ') +
						'To get one item per user instead, set Options → On Partial Failure to Output Each Result.',
				},
			);
		}
		return results;
	},
};
