import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue, requiredOnBehalfOf } from '../../fields/common';
import { readRequiredText } from '../../readers/text';
import type { CometChatResponse } from '../../transport/request';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/**
 * One thing done to one message with no body of its own, or a short one: pin, save, react,
 * subscribe to its thread (docs/cometchat-api.md, Message actions). The request is
 * `METHOD /messages/{id}/<path>`; every field is read and checked before it is sent.
 */
interface MessageActionSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	/** What the item holds, for an AI agent's model (OperationDefinition.returns). */
	returns: string;
	method: IHttpRequestMethods;
	/** The description of the Message field. */
	messageDescription: string;
	/** Whether CometChat requires the onBehalfOf header here, and what the user is for. */
	onBehalfOf: { required: boolean; description: string };
	/** Fields shown between Message and Act As (e.g. the reaction). */
	properties?: INodeProperties[];
	/** The path after /messages/{id}, read from the item's fields. */
	path(this: IExecuteFunctions, itemIndex: number): string[];
	body?(this: IExecuteFunctions, itemIndex: number): IDataObject;
	/** The item's output; by default the answer's `data` (the message). */
	output?(response: CometChatResponse, id: string): IDataObject;
}

export function messageAction(spec: MessageActionSpec): OperationDefinition {
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		returns: spec.returns,
		properties: [
			messageIdField(spec.messageDescription),
			...(spec.properties ?? []),
			onBehalfOfField(ACTING_USER.actAs, spec.onBehalfOf.required, spec.onBehalfOf.description),
		],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const id = messageIdValue(this, itemIndex);
			const path = spec.path.call(this, itemIndex);
			const body = spec.body?.call(this, itemIndex);
			const onBehalfOf = spec.onBehalfOf.required
				? requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs)
				: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
			const response = await cometChatRequest.call(this, { method: spec.method, path: ['messages', id, ...path], body, onBehalfOf });
			return spec.output ? spec.output(response, id) : (response.data as IDataObject);
		},
	};
}

/** The reaction of Add Reaction, Remove Reaction and Get Reactions by Emoji: an emoji or the app's own name. */
export function reactionField(description: string): INodeProperties {
	return {
		displayName: 'Reaction',
		name: 'reaction',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 👍',
		description,
	};
}

/** Reads the Reaction field: text, not empty or blank; sent as given, one path segment. */
export function reactionValue(context: IExecuteFunctions, itemIndex: number): string {
	return readRequiredText(context, itemIndex, 'reaction', 'Reaction', "Enter the reaction, e.g. an emoji such as 👍, in 'Reaction'.");
}
