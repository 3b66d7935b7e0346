import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { booleanOf } from '../../readers/values';
import { VISIBLE_ENDING } from '../../helpers/secrets';

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

/**
 * `shownSecrets` of Get and Get Many: the token in clear when Reveal Tokens is on; otherwise the
 * node puts out `authTokenMasked` instead (helpers/secrets.ts).
 */
export function revealedTokens(this: IExecuteFunctions, itemIndex: number): string[] {
	return revealOf(this, itemIndex) ? ['authToken'] : [];
}
