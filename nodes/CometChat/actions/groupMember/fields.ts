import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredUid } from '../../readers/text';

/** The scopes a member can have (docs/cometchat-api.md, Group members). */
export const SCOPES = ['admin', 'moderator', 'participant'] as const;

export const scopeOptions = [
	{ name: 'Admin', value: 'admin', description: 'Manages the group, its members and their scopes' },
	{ name: 'Moderator', value: 'moderator', description: 'Moderates messages and members' },
	{ name: 'Participant', value: 'participant', description: 'Takes part in the conversation' },
];

/**
 * The user an operation acts on (`uid`): picked from the chosen group's members, its banned
 * users, or all users, depending on the operation.
 */
export function memberUserField(kind: 'groupMember' | 'bannedUser' | 'user', description: string): INodeProperties {
	const displayName = kind === 'groupMember' ? 'Member' : 'User';
	return locatorField(LOCATOR_KINDS[kind], { name: 'uid', displayName, required: true, description });
}

/** Reads the Member / User locator of memberUserField. */
export function memberUserValue(context: IExecuteFunctions, itemIndex: number, label: 'Member' | 'User'): string {
	return requiredUid(context, itemIndex, 'uid', label);
}
