import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalTextOf } from '../../readers/text';
import { optionalOptionOf } from '../../readers/values';
import { campaignsList, filtersField, searchOption, TAG_MATCH_OPTION, tagsQueryOf } from '../campaignService';
import { TEMPLATE_STATUS_OPTIONS, TEMPLATE_STATUSES } from './fields';
import { SIMPLIFIED_TEMPLATE_FIELDS, simplifyTemplate } from './simplify';

/** GET /v3/campaigns/templates: a cursor list, filtered by the service. */
export const getMany = campaignsList({
	action: 'Get many campaign templates',
	description: "List the app's campaign templates, by status, category, tags or a search",
	filters: [
		filtersField([
			searchOption('Only templates whose name or slug contains this text'),
			{ displayName: 'Status', name: 'status', type: 'options', options: TEMPLATE_STATUS_OPTIONS, default: 'approved' },
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. crm, deals',
				description: 'Only templates with these tags',
			},
			TAG_MATCH_OPTION,
			{ displayName: 'Template Category', name: 'templateCategory', type: 'string', default: '', placeholder: 'e.g. Transactional' },
		]),
	],
	simplify: { fields: SIMPLIFIED_TEMPLATE_FIELDS, pick: simplifyTemplate },
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
		Object.assign(qs, tagsQueryOf(this, itemIndex, filters));
		return { method: 'GET', path: ['templates'], qs };
	},
});
