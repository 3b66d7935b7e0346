import { ApiError, throwIfInvalid } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { checkTypes, isObject, requireBodyObject } from '../../core/validation';
import type { Areas } from '../types';
import type { Role } from './collection';

const roleOut = (r: Role) => structuredClone(r);

export function register(router: Router, { roles }: Areas): void {
	router.add('GET', '/v3/roles', (req) => {
		const { items, pagination } = numberedPage(roles.list(), pageParams(req.query));
		return { data: items.map(roleOut), meta: { pagination } };
	});

	router.add('GET', '/v3/roles/:role', (req) => {
		const r = roles.byId.get(req.params.role);
		if (!r) throw new ApiError('ERR_ROLE_NOT_FOUND', `The role ${req.params.role} does not exist.`);
		return { data: roleOut(r) };
	});

	// Extra: create a role.
	router.add('POST', '/v3/roles', (req) => {
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (typeof body.role !== 'string' || body.role === '') details.role = ['The role field is required.'];
		if (typeof body.name !== 'string' || body.name === '') details.name = ['The name field is required.'];
		checkTypes(body, { description: 'string', metadata: 'object', settings: 'object' }, details);
		throwIfInvalid(details);
		if (roles.byId.has(body.role)) throw new ApiError('ERR_ROLE_ALREADY_EXISTS', `The role ${body.role} already exists.`);
		const r = roles.add({
			role: body.role,
			name: body.name,
			description: body.description,
			metadata: isObject(body.metadata) ? body.metadata : undefined,
			settings: body.settings,
		});
		return { data: roleOut(r) };
	});
}
