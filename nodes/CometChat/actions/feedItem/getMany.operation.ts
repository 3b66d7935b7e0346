import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { checkRange, rangeEndOf } from '../../readers/dates';
import { idOf, optionalTextOf, uidOf } from '../../readers/text';
import { booleanOf, optionalOptionOf } from '../../readers/values';
import { campaignsList, filtersField, TAG_MATCH_OPTION, tagsQueryOf } from '../campaignService';

const READ_STATES = ['read', 'unread', 'all'] as const;

/** GET /v3/campaigns/notification-feed: a cursor list (by `sentAt`), as the app or as a user. */
export const getMany = campaignsList({
	action: 'Get many feed items',
	description: "List a user's notification feed, or every user's as the app, with filters",
	properties: [
		onBehalfOfField(ACTING_USER.actAs, false, 'The user whose feed to list. Leave empty to list as the app (every user, or Receiver).'),
	],
	filters: [
		filtersField([
			{ displayName: 'Channel ID', name: 'channelId', type: 'string', default: '', description: 'Only items sent through this channel' },
			{
				displayName: 'Include Deleted',
				name: 'includeDeleted',
				type: 'boolean',
				default: false,
				description: 'Whether to list deleted items too',
			},
			{
				displayName: 'Include Expired',
				name: 'includeExpired',
				type: 'boolean',
				default: false,
				description: 'Whether to list expired items too',
			},
			{
				displayName: 'Read State',
				name: 'readState',
				type: 'options',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Read', value: 'read' },
					{ name: 'Unread', value: 'unread' },
				],
				default: 'unread',
			},
			{
				displayName: 'Receiver',
				name: 'receiver',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-1',
				description: "Only this user's items (as the app; Act As lists the acting user's own)",
			},
			{
				displayName: 'Sent After',
				name: 'dateFrom',
				type: 'dateTime',
				default: '',
				description: 'Only items sent at or after this time',
			},
			{
				displayName: 'Sent Before',
				name: 'dateTo',
				type: 'dateTime',
				default: '',
				description: 'Only items sent at or before this time',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. crm, deals',
				description: 'Only items with these tags',
			},
			TAG_MATCH_OPTION,
			{ displayName: 'Template Category', name: 'templateCategory', type: 'string', default: '', placeholder: 'e.g. Transactional' },
			{
				displayName: 'Template Only',
				name: 'templateOnly',
				type: 'boolean',
				default: false,
				description: "Whether to get the template's content as it is, {{variables}} not filled in",
			},
		]),
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		const readState = optionalOptionOf(this, itemIndex, 'Read State', filters.readState, READ_STATES);
		if (readState !== undefined) qs.readState = readState;
		const from = rangeEndOf(this, itemIndex, 'Sent After', filters.dateFrom);
		const to = rangeEndOf(this, itemIndex, 'Sent Before', filters.dateTo);
		checkRange(this, itemIndex, from, to);
		if (from.seconds !== undefined) qs.dateFrom = from.seconds;
		if (to.seconds !== undefined) qs.dateTo = to.seconds;
		Object.assign(qs, tagsQueryOf(this, itemIndex, filters));
		const category = optionalTextOf(this, itemIndex, 'Template Category', filters.templateCategory);
		if (category !== undefined) qs.templateCategory = category;
		const channelId = idOf(this, itemIndex, 'Channel ID', filters.channelId);
		if (channelId !== '') qs.channelId = channelId;
		for (const [name, label] of [
			['includeDeleted', 'Include Deleted'],
			['includeExpired', 'Include Expired'],
		] as const) {
			if (booleanOf(this, itemIndex, label, filters[name], false)) qs[name] = true;
		}
		if (booleanOf(this, itemIndex, 'Template Only', filters.templateOnly, false)) qs.templateOnly = 'true';
		const receiver = optionalTextOf(this, itemIndex, 'Receiver', filters.receiver);
		if (receiver !== undefined) {
			// The service ignores it for a user (campaigns-apis.json): refused rather than dropped.
			if (onBehalfOf !== undefined) {
				throw fieldError(
					this,
					itemIndex,
					'Receiver',
					'is set with Act As',
					"Leave 'Receiver' empty with 'Act As': a user lists their own feed.",
				);
			}
			qs.receiver = uidOf(this, itemIndex, 'Receiver', receiver);
		}
		return { method: 'GET', path: ['notification-feed'], qs, onBehalfOf };
	},
});
