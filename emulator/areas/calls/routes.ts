import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { newestFirst } from '../../core/sorted-index';
import { clone } from '../../core/util';
import type { Areas } from '../types';
import { requireOnBehalfOf } from '../users/access';

/** Routes of the CALL host. */
export function register(router: Router, { users, calls }: Areas): void {
	router.add('GET', '/v3/calls/:sessionId', (req) => {
		requireOnBehalfOf(users, req);
		return { data: clone(calls.require(req.params.sessionId)) };
	});

	// Extra: list calls (newest initiatedAt first); meta.pagination as the docs show it (no per_page).
	router.add('GET', '/v3/calls', (req) => {
		requireOnBehalfOf(users, req);
		const p = pageParams(req.query);
		const { items, pagination } = numberedPage(
			newestFirst(calls.byId.values(), (c) => c.initiatedAt),
			p,
			false,
		);
		return { data: items.map((c) => clone(c)), meta: { pagination } };
	});
}
