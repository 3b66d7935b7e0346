import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { booleanOf } from '../../helpers/parameters';

/** How many characters of a masked token stay visible, so an admin can tell tokens apart. */
const VISIBLE_ENDING = 4;

/**
 * Options → Reveal Tokens. Tokens are credentials: whoever holds one chats as the user, and n8n
 * keeps node outputs in its execution history. So lists and lookups mask them unless this is on.
 */
export function revealOptionsField(what: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Reveal Tokens',
				name: 'reveal',
				type: 'boolean',
				default: false,
				description: `Whether to output ${what} in clear in "authToken", e.g. to pass it to Delete. Off: only its last ${VISIBLE_ENDING} characters, in "authTokenMasked". Whoever can see the execution can use a revealed token to chat as the user.`,
			},
		],
	};
}

export function revealOf(context: IExecuteFunctions, itemIndex: number): boolean {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return booleanOf(context, itemIndex, 'Reveal Tokens', options.reveal, false);
}

/** The record with its token replaced by `authTokenMasked` (`****` and the last characters), unless revealed. */
export function maskToken(record: IDataObject, reveal: boolean): IDataObject {
	if (reveal || typeof record.authToken !== 'string') return record;
	const { authToken, ...rest } = record;
	const ending = authToken.length > VISIBLE_ENDING * 2 ? authToken.slice(-VISIBLE_ENDING) : '';
	return { ...rest, authTokenMasked: `****${ending}` };
}
