import type { IExecuteFunctions } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import type { OperationDefinition } from '../types';
import { botOutput, readBots } from './fields';

/**
 * GET /bots: the published operation declares no paging parameters (an app has at most 25 bots),
 * so the list is read in one request and Limit is applied here.
 */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many bots',
	description: 'List the bots of the app (at most 25), without their Basic Auth passwords',
	properties: returnAllOrLimitFields(),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { returnAll, limit } = pageLimitOf(this, itemIndex);
		const bots = (await readBots(this)).map(botOutput);
		return returnAll ? bots : bots.slice(0, limit);
	},
};
