import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { inputError } from '../../readers/fieldErrors';
import { requiredGuid } from '../../readers/text';

/** The group types (docs/cometchat-api.md, Groups). */
export const GROUP_TYPES = ['public', 'password', 'private'] as const;

export const groupTypeOptions = [
	{ name: 'Password', value: 'password', description: 'Anyone who knows the password can join' },
	{ name: 'Private', value: 'private', description: 'Only users added by a member can join' },
	{ name: 'Public', value: 'public', description: 'Anyone can join' },
];

/** A new group's GUID, Name and Type: Group → Create's, and Data Import → Import Groups'. */
export function newGroupFields(guidDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'GUID',
			name: 'guid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-guid-1',
			description: guidDescription,
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Support Team',
			description: 'Display name of the group',
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			required: true,
			options: groupTypeOptions,
			default: 'public',
			description: 'Who can join the group',
		},
	];
}

/** The group an operation acts on: a locator named `guid`, with the groups to pick from. */
export function groupField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.group, { name: 'guid', displayName: 'Group', required: true, description });
}

/** Reads the Group locator; an empty one fails with [item N]. */
export function groupValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredGuid(context, itemIndex, 'guid', 'Group');
}

/**
 * A group's type and password go together: the type Password needs one, and Public or Private take
 * none (a password sent with them would be kept by nobody, or refused by the service with its
 * generic 400). Checked before anything is sent; a password alone (no type) changes it.
 */
export function checkTypeAndPassword(
	context: IExecuteFunctions,
	itemIndex: number,
	type: (typeof GROUP_TYPES)[number] | undefined,
	password: string | undefined,
): void {
	if (type === 'password' && !password) {
		throw inputError(
			context,
			itemIndex,
			'A group of type Password needs a password',
			'Fill in Password, or choose the type Public or Private.',
		);
	}
	if (type !== undefined && type !== 'password' && password) {
		const name = type === 'public' ? 'Public' : 'Private';
		throw inputError(
			context,
			itemIndex,
			`A group of type ${name} has no password, but 'Password' is set`,
			`Remove Password, or choose the type Password.`,
		);
	}
}

/** What a group's record holds, for the AI tool's description of Create, Get and Update. */
export const GROUP_RETURNS = 'Returns the group: guid, name, type, description, owner, membersCount, tags, createdAt and more.';
