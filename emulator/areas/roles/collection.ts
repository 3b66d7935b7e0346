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

/** The roles of the app. */
export class Roles {
	byId!: Map<string, Role>;

	constructor(private readonly app: App) {
		this.reset();
	}

	/** Only the `default` role remains. */
	reset(): void {
		this.byId = new Map(BASE_ROLES.map((r) => [r.role, clone(r)]));
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
