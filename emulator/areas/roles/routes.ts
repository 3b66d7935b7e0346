import { ApiError, throwIfInvalid, validationError } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { clone } from '../../core/util';
import { checkTypes, isObject, isStringArray, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Areas } from '../types';
import { FEATURES, GROUP_SCOPES, permissionValueProblem, ROLE_PERMISSIONS, SCOPE_PERMISSIONS } from './catalog';
import type { PermissionDefinition } from './catalog';
import type { Role } from './collection';

const roleOut = (r: Role) => structuredClone(r);

/** The role settings a role takes, and their values (the published description of settings). */
const SETTINGS = { listUsers: ['all', 'friendsOnly'], sendMessagesTo: ['all', 'friendsOnly'] } as const;
const UNSETTABLE = ['settings', 'description', 'metadata'];

function checkSettings(settings: unknown, details: Details): void {
	if (!isObject(settings)) return;
	for (const [key, value] of Object.entries(settings)) {
		const allowed = (SETTINGS as Record<string, readonly string[]>)[key];
		if (allowed === undefined) (details[`settings.${key}`] ??= []).push(`The setting ${key} does not exist.`);
		else if (!allowed.includes(value)) (details[`settings.${key}`] ??= []).push(`The ${key} must be one of ${allowed.join(', ')}.`);
	}
}

/** The permissions a PUT sets, each checked against the catalog; refused whole when one is wrong. */
function permissionsToSet(body: Json, catalog: readonly PermissionDefinition[]): [string, unknown][] {
	const details: Details = {};
	if (!isObject(body.permissions) || Object.keys(body.permissions).length === 0) {
		details.permissions = ['The permissions field is required and must be an object of permission keys and values.'];
	}
	const entries = Object.entries(isObject(body.permissions) ? body.permissions : {});
	for (const [key, value] of entries) {
		const definition = catalog.find((d) => d.id === key);
		const problem = definition ? permissionValueProblem(definition, value) : `The permission ${key} does not exist.`;
		if (problem) (details[`permissions.${key}`] ??= []).push(problem);
	}
	throwIfInvalid(details);
	return entries;
}

/** Each permission as the list shows it, with `value`: the one set, else its default. */
function permissionList(catalog: readonly PermissionDefinition[], set: Map<string, unknown>): Json[] {
	return catalog.map((d) => ({ ...clone(d), value: clone(set.has(d.id) ? set.get(d.id) : d.defaultValue) }));
}

function requireKnown(catalog: readonly PermissionDefinition[], permission: string): void {
	if (!catalog.some((d) => d.id === permission)) throw validationError({ permission: [`The permission ${permission} does not exist.`] });
}

function requireScope(scope: string): void {
	if (!GROUP_SCOPES.includes(scope)) throw validationError({ scope: [`The scope must be one of ${GROUP_SCOPES.join(', ')}.`] });
}

export function register(router: Router, { roles, groups }: Areas): void {
	router.add('GET', '/v3/roles', (req) => {
		const { items, pagination } = numberedPage(roles.list(), pageParams(req.query));
		return { data: items.map(roleOut), meta: { pagination } };
	});

	router.add('GET', '/v3/roles/:role', (req) => {
		const r = roles.byId.get(req.params.role);
		if (!r) throw new ApiError('ERR_ROLE_NOT_FOUND', `The role ${req.params.role} does not exist.`);
		return { data: roleOut(r) };
	});

	router.add('POST', '/v3/roles', (req) => {
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (typeof body.role !== 'string' || body.role === '') details.role = ['The role field is required.'];
		if (typeof body.name !== 'string' || body.name === '') details.name = ['The name field is required.'];
		checkTypes(body, { description: 'string', metadata: 'object', settings: 'object' }, details);
		checkSettings(body.settings, details);
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

	// Settings given are merged into the role's; `unset` removes settings, description or metadata.
	router.add('PUT', '/v3/roles/:role', (req) => {
		const r = roles.require(req.params.role);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		checkTypes(body, { name: 'string', description: 'string', metadata: 'object', settings: 'object', unset: 'string[]' }, details);
		checkSettings(body.settings, details);
		if (typeof body.name === 'string' && body.name === '') details.name = ['The name must not be empty.'];
		const unset: string[] = isStringArray(body.unset) ? body.unset : [];
		for (const field of unset) {
			if (!UNSETTABLE.includes(field)) (details.unset ??= []).push(`The unset field ${field} is not one of ${UNSETTABLE.join(', ')}.`);
			else if (body[field] !== undefined) (details.unset ??= []).push(`The ${field} cannot be set and unset at once.`);
		}
		throwIfInvalid(details);
		if (body.name !== undefined) r.name = body.name;
		if (body.description !== undefined) r.description = body.description;
		if (body.metadata !== undefined) r.metadata = clone(body.metadata);
		if (body.settings !== undefined) r.settings = { ...(r.settings ?? {}), ...clone(body.settings) };
		for (const field of unset) delete r[field as 'settings' | 'description' | 'metadata'];
		r.updatedAt = roles.now();
		return { data: roleOut(r) };
	});

	// The `default` role, which every new user gets, stays.
	router.add('DELETE', '/v3/roles/:role', (req) => {
		const role = req.params.role;
		if (role === 'default') throw validationError({ role: ['The default role cannot be deleted.'] });
		roles.remove(role);
		return { data: { success: true, message: `Role ${role} has been deleted successfully.` } };
	});

	// ------------------------------------------------------------------ permissions of a role
	router.add('GET', '/v3/roles/:role/permissions', (req) => {
		const set = roles.permissionsOf(req.params.role);
		const { items, pagination } = numberedPage(permissionList(ROLE_PERMISSIONS, set), pageParams(req.query));
		return { data: items, meta: { pagination } };
	});

	router.add('PUT', '/v3/roles/:role/permissions', (req) => {
		const role = req.params.role;
		const set = roles.permissionsOf(role);
		const data: Json = {};
		for (const [key, value] of permissionsToSet(requireBodyObject(req.body), ROLE_PERMISSIONS)) {
			set.set(key, clone(value));
			data[key] = { success: true, message: `Permission with id ${key} have been mapped successfully to role ${role}.` };
		}
		return { data: { ...data, permissions: Object.fromEntries(clone([...set])) } };
	});

	// Unsetting a permission that is not set changes nothing and succeeds.
	router.add('DELETE', '/v3/roles/:role/permissions/:permission', (req) => {
		const set = roles.permissionsOf(req.params.role);
		requireKnown(ROLE_PERMISSIONS, req.params.permission);
		set.delete(req.params.permission);
		return { data: { permissions: Object.fromEntries(clone([...set])) } };
	});

	// ------------------------------------------------------------------ permissions of a group scope
	const scopeSet = (guid: string, scope: string) => {
		groups.require(guid);
		requireScope(scope);
		return roles.scopePermissionsOf(guid, scope);
	};

	router.add('GET', '/v3/groups/:guid/scopes/:scope/permissions', (req) => {
		const set = scopeSet(req.params.guid, req.params.scope);
		const { items, pagination } = numberedPage(permissionList(SCOPE_PERMISSIONS, set), pageParams(req.query));
		return { data: items, meta: { pagination } };
	});

	router.add('PUT', '/v3/groups/:guid/scopes/:scope/permissions', (req) => {
		const { guid, scope } = req.params;
		const set = scopeSet(guid, scope);
		const data: Json = {};
		for (const [key, value] of permissionsToSet(requireBodyObject(req.body), SCOPE_PERMISSIONS)) {
			set.set(key, clone(value));
			data[key] = { success: true, message: `Permission with id ${key} have been mapped successfully to scope ${scope} on group ${guid}.` };
		}
		return { data: { ...data, permissions: Object.fromEntries(clone([...set])) } };
	});

	router.add('DELETE', '/v3/groups/:guid/scopes/:scope/permissions/:permission', (req) => {
		const set = scopeSet(req.params.guid, req.params.scope);
		requireKnown(SCOPE_PERMISSIONS, req.params.permission);
		set.delete(req.params.permission);
		return { data: { permissions: Object.fromEntries(clone([...set])) } };
	});

	// ------------------------------------------------------------------ restricted features
	const checkFeatures = (field: string, keys: unknown): string[] => {
		const details: Details = {};
		if (!isStringArray(keys) || keys.length === 0) details[field] = [`The ${field} field must be a non-empty array of feature keys.`];
		const list = isStringArray(keys) ? keys : [];
		for (const key of list) {
			if (!FEATURES.some((f) => f.key === key)) (details[field] ??= []).push(`The feature ${key} does not exist.`);
		}
		throwIfInvalid(details);
		return list;
	};

	router.add('POST', '/v3/roles/:role/restrictedfeatures', (req) => {
		const set = roles.restrictedFeaturesOf(req.params.role);
		const keys = checkFeatures('featuresToRestrict', requireBodyObject(req.body).featuresToRestrict);
		const data: Json = {};
		for (const key of keys) {
			if (!set.has(key)) set.set(key, roles.now());
			data[key] = { success: true, message: `The feature ${key} has been restricted successfully.` };
		}
		return { data };
	});

	router.add('GET', '/v3/roles/:role/restrictedfeatures', (req) => {
		const set = roles.restrictedFeaturesOf(req.params.role);
		const list = FEATURES.filter((f) => set.has(f.key)).map((f) => ({ ...f, createdAt: set.get(f.key) }));
		const { items, pagination } = numberedPage(list, pageParams(req.query));
		return { data: items, meta: { pagination } };
	});

	// featuresToAllow, or allowAll: true; allowing a feature that is not restricted changes nothing.
	router.add('DELETE', '/v3/roles/:role/restrictedfeatures', (req) => {
		const set = roles.restrictedFeaturesOf(req.params.role);
		const body = requireBodyObject(req.body);
		if (body.allowAll === true) {
			if (body.featuresToAllow !== undefined) throw validationError({ featuresToAllow: ['Send featuresToAllow or allowAll, not both.'] });
			set.clear();
		} else {
			for (const key of checkFeatures('featuresToAllow', body.featuresToAllow)) set.delete(key);
		}
		return { data: { success: true, message: 'The feature has been allowed successfully.' } };
	});
}
