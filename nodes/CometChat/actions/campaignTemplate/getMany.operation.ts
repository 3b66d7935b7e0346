import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { tagsOf } from '../../readers/lists';
import { optionalTextOf } from '../../readers/text';
import { optionalOptionOf } from '../../readers/values';
import { campaignsList } from '../campaignService';
import { TEMPLATE_STATUS_OPTIONS, TEMPLATE_STATUSES } from './fields';

/** GET /v3/campaigns/templates: a cursor list, filtered by the service. */
export const getMany = campaignsList({
	action: 'Get many campaign templates',
	description: "List the app's campaign templates, by status, category, tags or a search",
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Search',
					name: 'search',
					type: 'string',
					default: '',
					description: 'Only templates whose name or slug contains this text',
				},
				{ displayName: 'Status', name: 'status', type: 'options', options: TEMPLATE_STATUS_OPTIONS, default: 'approved' },
				{
					displayName: 'Tags',
					name: 'tags',
					type: 'string',
					default: '',
					placeholder: 'e.g. crm, deals',
					description: 'Only templates with these tags',
				},
				{
					displayName: 'Tags Match',
					name: 'tagMatch',
					type: 'options',
					options: [
						{ name: 'All', value: 'all' },
						{ name: 'Any', value: 'any' },
					],
					default: 'any',
					description: 'Whether a template needs all the tags or any one',
				},
				{ displayName: 'Template Category', name: 'templateCategory', type: 'string', default: '', placeholder: 'e.g. Transactional' },
			],
		},
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		for (const [name, label] of [
			['search', 'Search'],
			['templateCategory', 'Template Category'],
		] as const) {
			const text = optionalTextOf(this, itemIndex, label, filters[name]);
			if (text !== undefined) qs[name] = text;
		}
		const status = optionalOptionOf(this, itemIndex, 'Status', filters.status, TEMPLATE_STATUSES);
		if (status !== undefined) qs.status = status;
		// `tags` is one comma-separated value (campaigns-apis.json).
		const tags = filters.tags === undefined ? [] : tagsOf(this, itemIndex, 'Tags', filters.tags);
		if (tags.length > 0) qs.tags = tags.join(',');
		const tagMatch = optionalOptionOf(this, itemIndex, 'Tags Match', filters.tagMatch, ['any', 'all'] as const);
		if (tagMatch !== undefined) qs.tagMatch = tagMatch;
		return { method: 'GET', path: ['templates'], qs };
	},
});
