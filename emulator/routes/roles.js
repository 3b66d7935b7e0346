// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { queryInt, isObject } = require('../util');
const { pagination } = require('../views');
const { requireBodyObject, checkTypes, PAGE_DEFAULT, PAGE_MAX } = require('./users');

/** @param {import('../store').Role} r */
function roleOut(r) {
	return structuredClone(r);
}

/** @param {import('../router').Router} router @param {import('../store').Store} store */
function register(router, store) {
	router.add('GET', '/v3/roles', (req) => {
		const perPage = queryInt(req.query, 'perPage', PAGE_DEFAULT, PAGE_MAX);
		const page = queryInt(req.query, 'page', 1);
		const all = store.listRoles();
		const items = all.slice((page - 1) * perPage, page * perPage);
		return { data: items.map(roleOut), meta: { pagination: pagination(all.length, items.length, perPage, page) } };
	});

	router.add('GET', '/v3/roles/:role', (req) => {
		const r = store.roles.get(req.params.role);
		if (!r) throw new ApiError('ERR_ROLE_NOT_FOUND', `The role ${req.params.role} does not exist.`);
		return { data: roleOut(r) };
	});

	// Extra: create a role.
	router.add('POST', '/v3/roles', (req) => {
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		if (typeof body.role !== 'string' || body.role === '') details.role = ['The role field is required.'];
		if (typeof body.name !== 'string' || body.name === '') details.name = ['The name field is required.'];
		checkTypes(body, { description: 'string', metadata: 'object', settings: 'object' }, details);
		if (Object.keys(details).length) throw validationError(details);
		if (store.roles.has(body.role)) throw new ApiError('ERR_ROLE_ALREADY_EXISTS', `The role ${body.role} already exists.`);
		const r = store.addRole({
			role: body.role, name: body.name, description: body.description,
			metadata: isObject(body.metadata) ? body.metadata : undefined, settings: body.settings,
		});
		return { data: roleOut(r) };
	});
}

module.exports = { register };
