/**
 * What a Data Import request must be, apart from serving it (routes.ts): the body's shape (an
 * object keyed by the entities' IDs, at most 50) and each entity's own rules, as
 * data-import-apis.json publishes them. The contract (contract/operations.json) already checked
 * the types; these are the rules a schema cannot say.
 */
import { ApiError } from '../../core/errors';
import type { ErrorCode } from '../../core/errors';
import { isObject } from '../../core/validation';
import type { Json } from '../../core/validation';

/** The published limit: "transmit up to 50 entities within a single request". */
export const ENTITIES_PER_REQUEST = 50;

/** The four collections of a Data Import request, by their body key. */
export type ImportKind = 'users' | 'groups' | 'members' | 'messages';

/** An entity's failure, as `data.<id>.error` carries it. */
export interface EntityError {
	code: string;
	message: string;
}

const FORMAT_CODES: Record<ImportKind, ErrorCode> = {
	users: 'ERR_IMPORT_INVALID_USER_FORMAT',
	groups: 'ERR_IMPORT_INVALID_GROUP_FORMAT',
	members: 'ERR_IMPORT_INVALID_MEMBER_FORMAT',
	messages: 'ERR_IMPORT_INVALID_MESSAGE_FORMAT',
};

/** The request's entities by key: an object of 1 to 50 objects, else the kind's format error for the whole request. */
export function entitiesOf(body: unknown, kind: ImportKind): Array<[string, Json]> {
	const entities = isObject(body) ? body[kind] : undefined;
	const refuse = (why: string) => new ApiError(FORMAT_CODES[kind], `The value for ${kind} property ${why}.`);
	if (!isObject(entities)) throw refuse(`should be an object of ${kind} keyed by their IDs`);
	const entries = Object.entries(entities);
	if (entries.length === 0) throw refuse('should hold at least one entity');
	if (entries.length > ENTITIES_PER_REQUEST)
		throw refuse(`holds ${entries.length} entities; at most ${ENTITIES_PER_REQUEST} are imported a request`);
	const notObject = entries.find(([, entity]) => !isObject(entity));
	if (notObject) throw refuse(`should hold objects (${notObject[0]} is not one)`);
	return entries as Array<[string, Json]>;
}

const formatError = (kind: ImportKind, message: string): EntityError => ({ code: FORMAT_CODES[kind], message });

/** The key must be the entity's own ID ("should be the same as value of the placeholder"). */
function keyProblem(kind: ImportKind, key: string, field: string, value: unknown): EntityError | undefined {
	if (value === key) return undefined;
	return formatError(kind, `The ${field} ${JSON.stringify(value)} is not the key ${JSON.stringify(key)} it is imported under.`);
}

export function userProblem(key: string, user: Json): EntityError | undefined {
	return keyProblem('users', key, 'uid', user.uid);
}

export function groupProblem(key: string, group: Json): EntityError | undefined {
	const problem = keyProblem('groups', key, 'guid', group.guid);
	if (problem) return problem;
	if (group.type === 'password' && (typeof group.password !== 'string' || group.password === ''))
		return formatError('groups', 'A group of type password needs a password.');
	if (group.owner !== undefined && isObject(group.groupOwnerDetails) && group.groupOwnerDetails.uid !== group.owner)
		return formatError('groups', 'The groupOwnerDetails describe another user than the owner.');
	return undefined;
}

export function memberProblem(key: string, member: Json): EntityError | undefined {
	const problem = keyProblem('members', key, 'memberId', member.memberId);
	if (problem) return problem;
	if (member.memberId !== `${member.guid}_member_${member.uid}`)
		return formatError('members', `The memberId must be <guid>_member_<uid>: ${member.guid}_member_${member.uid}.`);
	if (isObject(member.groupDetails) && member.groupDetails.guid !== member.guid)
		return formatError('members', 'The groupDetails describe another group than guid.');
	if (isObject(member.userDetails) && member.userDetails.uid !== member.uid)
		return formatError('members', 'The userDetails describe another user than uid.');
	return undefined;
}

/** `joinedAt` "should be greater than `createdAt` and less than the current timestamp" (ERR_IMPORT_INVALID_JOINEDAT). */
export function joinedAtProblem(joinedAt: number | undefined, groupCreatedAt: number, now: number): EntityError | undefined {
	if (joinedAt === undefined || (joinedAt > groupCreatedAt && joinedAt < now)) return undefined;
	return { code: 'ERR_IMPORT_INVALID_JOINEDAT', message: 'joinedAt should be greater than createdAt and less than the current timestamp.' };
}

const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];

export function messageProblem(key: string, message: Json): EntityError | undefined {
	const problem = keyProblem('messages', key, 'muid', message.muid);
	if (problem) return problem;
	// The enum holds for standard messages; "if category==custom the customized type can be used".
	if ((message.category ?? 'message') === 'message' && message.type !== undefined && !MESSAGE_TYPES.includes(message.type))
		return formatError('messages', `The type ${JSON.stringify(message.type)} is not one of ${MESSAGE_TYPES.join(', ')}.`);
	const details = message.receiverType === 'group' ? message.receiverGroupDetails : message.receiverUserDetails;
	const detailsId = message.receiverType === 'group' ? details?.guid : details?.uid;
	if (isObject(details) && detailsId !== message.receiver)
		return formatError('messages', 'The receiver details describe another receiver.');
	if (isObject(message.senderUserDetails) && message.senderUserDetails.uid !== message.sender)
		return formatError('messages', 'The senderUserDetails describe another user than sender.');
	return undefined;
}
