import { campaignsList } from '../campaignService';

/** GET /v3/campaigns/templates/categories: a cursor list, newest change first. */
export const getMany = campaignsList({
	action: 'Get many template categories',
	description: "List the app's template categories",
	request() {
		return { method: 'GET', path: ['templates', 'categories'] };
	},
});
