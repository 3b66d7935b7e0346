import type { App } from '../../core/app';
import { ApiError, validationError } from '../../core/errors';
import { clone } from '../../core/util';
import type { Json } from '../../core/validation';

export interface Role {
	role: string;
	name: string;
	description?: string;
	metadata?: Json;
	settings?: Json;
	createdAt: number;
	updatedAt?: number;
}

/** The roles a fresh app has, also with seed `none`. */
const BASE_ROLES: readonly Role[] = [
	{ role: 'default', name: 'Default Role', description: 'The role every new user gets.', createdAt: 1629869270 },
];

/** The roles of the app, with what role-based access control keeps of them and of group scopes. */
export class Roles {
	byId!: Map<string, Role>;
	/** role → permission key → value set. */
	permissions!: Map<string, Map<string, unknown>>;
	/** `guid` + ' ' + scope → permission key → value set. */
	scopePermissions!: Map<string, Map<string, unknown>>;
	/** role → feature key → when it was restricted (epoch seconds). */
	restrictedFeatures!: Map<string, Map<string, number>>;

	constructor(private readonly app: App) {
		this.reset();
	}

	/** Only the `default` role remains. */
	reset(): void {
		this.byId = new Map(BASE_ROLES.map((r) => [r.role, clone(r)]));
		this.permissions = new Map();
		this.scopePermissions = new Map();
		this.restrictedFeatures = new Map();
	}

	/** Epoch seconds from the store clock. */
	now(): number {
		return this.app.now();
	}

	require(role: string): Role {
		const r = this.byId.get(role);
		if (!r) throw new ApiError('ERR_ROLE_NOT_FOUND', `The role ${role} does not exist.`, { details: { role } });
		return r;
	}

	/** A role and what was set for it go; its users keep the key. */
	remove(role: string): void {
		this.require(role);
		this.byId.delete(role);
		this.permissions.delete(role);
		this.restrictedFeatures.delete(role);
	}

	/** The permissions set for a role (created empty on first use). */
	permissionsOf(role: string): Map<string, unknown> {
		this.require(role);
		const set = this.permissions.get(role) ?? new Map<string, unknown>();
		this.permissions.set(role, set);
		return set;
	}

	/** The permissions set for a scope of a group (created empty on first use). */
	scopePermissionsOf(guid: string, scope: string): Map<string, unknown> {
		const key = `${guid} ${scope}`;
		const set = this.scopePermissions.get(key) ?? new Map<string, unknown>();
		this.scopePermissions.set(key, set);
		return set;
	}

	/** The features a role is restricted from (created empty on first use). */
	restrictedFeaturesOf(role: string): Map<string, number> {
		this.require(role);
		const set = this.restrictedFeatures.get(role) ?? new Map<string, number>();
		this.restrictedFeatures.set(role, set);
		return set;
	}

	add(r: Partial<Role>): Role {
		if (typeof r.role !== 'string' || r.role === '') throw validationError({ role: ['The role field is required.'] });
		const role: Role = {
			role: r.role,
			name: r.name ?? r.role,
			...(r.description !== undefined ? { description: r.description } : {}),
			...(r.metadata !== undefined ? { metadata: clone(r.metadata) } : {}),
			...(r.settings !== undefined ? { settings: clone(r.settings) } : {}),
			createdAt: r.createdAt ?? this.app.now(),
			...(r.updatedAt !== undefined ? { updatedAt: r.updatedAt } : {}),
		};
		this.byId.set(role.role, role);
		return role;
	}

	/** 404 ERR_ROLE_NOT_FOUND unless the role exists (undefined = no role asked for). */
	requireExisting(role: string | undefined): void {
		if (role !== undefined && !this.byId.has(role)) {
			throw new ApiError('ERR_ROLE_NOT_FOUND', `The role ${role} does not exist.`, { details: { role } });
		}
	}

	/** Newest first (createdAt desc, then role key). */
	list(): Role[] {
		return [...this.byId.values()].sort((a, b) => b.createdAt - a.createdAt || a.role.localeCompare(b.role));
	}
}
