import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredId } from '../../helpers/parameters';

/** The group types (docs/cometchat-api.md, Groups). */
export const GROUP_TYPES = ['public', 'password', 'private'] as const;

export const groupTypeOptions = [
	{ name: 'Password', value: 'password', description: 'Anyone who knows the password can join' },
	{ name: 'Private', value: 'private', description: 'Only users added by a member can join' },
	{ name: 'Public', value: 'public', description: 'Anyone can join' },
];

/** The group an operation acts on: a locator named `guid`, with the groups to pick from. */
export function groupField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.group, { name: 'guid', displayName: 'Group', required: true, description });
}

/** Reads the Group locator; an empty one fails with [item N]. */
export function groupValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(context, itemIndex, 'guid', 'Group');
}
