import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOption } from '../../readers/values';
import { SCOPES, scopeOptions } from '../groupMember/fields';
import { groupField, groupValue } from './fields';

/** The fields every scope-permission operation starts with: the group, then the scope. */
export function scopeFields(what: string): INodeProperties[] {
	return [
		groupField(`The group whose scope permissions to ${what}`),
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: scopeOptions,
			default: 'participant',
			description: `The members whose permissions to ${what}: the group's admins, moderators or participants`,
		},
	];
}

/** The path of a group scope's permissions, `groups/{guid}/scopes/{scope}/permissions`. */
export function scopePermissionsPath(context: IExecuteFunctions, itemIndex: number): string[] {
	const guid = groupValue(context, itemIndex);
	const scope = readOption(context, itemIndex, 'scope', 'Scope', SCOPES, 'participant');
	return ['groups', guid, 'scopes', scope, 'permissions'];
}
