import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredId } from '../../readers/text';

/** The Conversation ID field of the deprecated operations: `<uid>_user_<uid>` or `group_<guid>`. */
export function conversationIdField(): INodeProperties {
	return {
		displayName: 'Conversation ID',
		name: 'conversationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. cometchat-uid-1_user_cometchat-uid-2 or group_cometchat-guid-1',
		description: "The conversation's ID, as in the conversationId of a message or of Get Many",
	};
}

export function conversationIdValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(
		context,
		itemIndex,
		'conversationId',
		'Conversation ID',
		'Enter the conversation ID, e.g. with the expression {{ $json.conversationId }} after a step that listed it.',
	);
}
