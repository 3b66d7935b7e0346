import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import { sendMessage } from '../messages/routes';
import type { Areas } from '../types';
import { botOut } from './collection';

export function register(router: Router, areas: Areas): void {
	const { bots } = areas;

	router.add('POST', '/v3/bots', (req) => ({ data: botOut(bots.add(requireBodyObject(req.body))) }));

	// Every bot (at most 25), oldest first, with the page envelope of the other lists.
	router.add('GET', '/v3/bots', (req) => {
		const { items, pagination } = numberedPage([...bots.byId.values()], pageParams(req.query));
		return { data: items.map(botOut), meta: { pagination } };
	});

	router.add('GET', '/v3/bots/:uid', (req) => ({ data: botOut(bots.require(req.params.uid)) }));

	router.add('PUT', '/v3/bots/:uid', (req) => ({ data: botOut(bots.update(req.params.uid, requireBodyObject(req.body))) }));

	// The user stays: only the bot and its webhook go.
	router.add('DELETE', '/v3/bots/:uid', (req) => {
		const bot = bots.remove(req.params.uid);
		return { data: { success: true, message: `The bot with UID ${bot.uid} has been deleted successfully.` } };
	});

	// A message from the bot user: the send body of POST /messages.
	router.add('POST', '/v3/bots/:uid/messages', (req) => {
		const bot = bots.require(req.params.uid);
		return sendMessage(areas, bot.uid, req.body, undefined);
	});
}
