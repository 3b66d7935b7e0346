// @ts-check
'use strict';

const { ApiError } = require('../errors');
const { clone, queryInt } = require('../util');
const { requireOnBehalfOf } = require('./messages');
const { PAGE_DEFAULT, PAGE_MAX } = require('./users');

/** Routes of the CALL host. @param {import('../router').Router} router @param {import('../store').Store} store */
function register(router, store) {
	router.add('GET', '/v3/calls/:sessionId', (req) => {
		requireOnBehalfOf(store, req);
		const c = store.calls.get(req.params.sessionId);
		if (!c) throw new ApiError('ERR_CALL_SESSION_NOT_FOUND', `The call session ${req.params.sessionId} does not exist.`, { details: { sessionId: req.params.sessionId } });
		return { data: clone(c) };
	});

	// Extra: list calls (newest initiatedAt first); meta.pagination as the docs show it (no per_page).
	router.add('GET', '/v3/calls', (req) => {
		requireOnBehalfOf(store, req);
		const perPage = queryInt(req.query, 'perPage', PAGE_DEFAULT, PAGE_MAX);
		const page = queryInt(req.query, 'page', 1);
		const all = [...store.calls.values()].reverse().sort((a, b) => b.initiatedAt - a.initiatedAt);
		const items = all.slice((page - 1) * perPage, page * perPage);
		return {
			data: items.map((c) => clone(c)),
			meta: { pagination: { total: all.length, count: items.length, total_pages: Math.max(1, Math.ceil(all.length / perPage)), current_page: page } },
		};
	});
}

module.exports = { register };
