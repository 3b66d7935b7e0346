import { listOperation } from '../list';
import { botOutput } from './fields';

export const getMany = listOperation({
	action: 'Get many bots',
	description: 'List the bots of the app (at most 25), without their Basic Auth passwords',
	strategy: 'numberedPages',
	request: () => ({ method: 'GET', path: ['bots'] }),
	arrange: (records) => records.map(botOutput),
});
