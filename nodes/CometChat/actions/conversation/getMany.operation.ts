import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue, tagsField } from '../../fields/common';
import { listOf } from '../../readers/lists';
import { optionalTextOf } from '../../readers/text';
import { booleanOf, compact, optionalOptionOf } from '../../readers/values';
import { listOperation } from '../list';
import { SIMPLIFIED_CONVERSATION_FIELDS, simplifyConversation } from './simplify';

const AGENTIC = ['include', 'hide', 'only'] as const;

const filters: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Agentic Conversations',
				name: 'agentic',
				type: 'options',
				options: [
					{ name: 'Hide', value: 'hide', description: 'Leave out the conversations with AI agents (hideAgentic)' },
					{ name: 'Include', value: 'include' },
					{ name: 'Only', value: 'only', description: 'List only the conversations with AI agents (onlyAgentic)' },
				],
				default: 'include',
			},
			{
				displayName: 'Conversation Type',
				name: 'conversationType',
				type: 'options',
				options: [
					{ name: 'Group', value: 'group' },
					{ name: 'User', value: 'user', description: 'One-to-one conversations' },
				],
				default: 'user',
			},
			{
				displayName: 'Group Tags',
				name: 'groupTags',
				type: 'string',
				default: '',
				placeholder: 'e.g. support',
				description: 'Only group conversations whose group has any of these tags, separated by commas',
			},
			{
				displayName: 'Include Blocked Users',
				name: 'includeBlockedUsers',
				type: 'boolean',
				default: false,
				description: "Whether to list the conversations with users the user in 'Act As' has blocked",
			},
			{
				displayName: 'Search Term',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. support',
				description: 'Only conversations whose user or group name contains this',
			},
			{ ...tagsField, description: 'Only conversations having any of these tags (their own, set with Update Tags), separated by commas' },
			{
				displayName: 'Unread Only',
				name: 'unread',
				type: 'boolean',
				default: false,
				description: 'Whether to list only the conversations with unread messages',
			},
			{
				displayName: 'User Tags',
				name: 'userTags',
				type: 'string',
				default: '',
				placeholder: 'e.g. vip',
				description: 'Only one-to-one conversations whose other user has any of these tags, separated by commas',
			},
			{
				displayName: 'With Blocked Info',
				name: 'withBlockedInfo',
				type: 'boolean',
				default: false,
				description: "Whether to add to each other user whether the user in 'Act As' blocked them",
			},
			{
				displayName: 'With User and Group Tags',
				name: 'withUserAndGroupTags',
				type: 'boolean',
				default: false,
				description: 'Whether to include the tags of the other user or the group in the output',
			},
		],
	},
];

/**
 * GET /conversations, numbered pages (docs/cometchat-api.md, Conversations). With Act As:
 * that user's conversations, the latest first; without: every user's, by UID.
 */
export const getMany = listOperation({
	action: 'Get many conversations',
	description: "List a user's conversations (or every user's), latest first, with unread counts and last messages",
	strategy: 'numberedPages',
	properties: [
		onBehalfOfField(
			ACTING_USER.actAs,
			false,
			"The user (UID) whose conversations to list, the latest first. Leave empty to list every user's conversations, ordered by user.",
		),
	],
	filters,
	request(itemIndex) {
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const given = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const flag = (name: string, label: string) => booleanOf(this, itemIndex, label, given[name], false) || undefined;
		const agentic = optionalOptionOf(this, itemIndex, 'Agentic Conversations', given.agentic, AGENTIC);
		const qs = compact({
			conversationType: optionalOptionOf(this, itemIndex, 'Conversation Type', given.conversationType, ['user', 'group']),
			searchKey: optionalTextOf(this, itemIndex, 'Search Term', given.searchKey),
			// The tag filters are published as one comma-separated value each.
			tags: listOf(this, itemIndex, 'Tags', given.tags).join(','),
			userTags: listOf(this, itemIndex, 'User Tags', given.userTags).join(','),
			groupTags: listOf(this, itemIndex, 'Group Tags', given.groupTags).join(','),
			unread: flag('unread', 'Unread Only'),
			includeBlockedUsers: flag('includeBlockedUsers', 'Include Blocked Users'),
			withBlockedInfo: flag('withBlockedInfo', 'With Blocked Info'),
			withUserAndGroupTags: flag('withUserAndGroupTags', 'With User and Group Tags'),
			hideAgentic: agentic === 'hide' || undefined,
			onlyAgentic: agentic === 'only' || undefined,
			// Each conversation's own tags come with it; numbered pages, not the cursor index (docs/cometchat-api.md).
			withTags: true,
			useCursoredIndex: 0,
		});
		return { method: 'GET', path: ['conversations'], qs, onBehalfOf };
	},
	simplify: { fields: SIMPLIFIED_CONVERSATION_FIELDS, pick: simplifyConversation },
});
