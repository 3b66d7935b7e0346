import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { optionalTextOf, requiredId } from '../../readers/text';

export const FEED_ITEM_FIELD: INodeProperties = {
	displayName: 'Feed Item ID',
	name: 'feedItemId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. cmfd00000000000000000001',
	description: "The feed item's ID, as Get Many outputs it",
};

export function feedItemIdOf(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(context, itemIndex, 'feedItemId', 'Feed Item ID', "Give the feed item's ID in 'Feed Item ID', e.g. {{ $json.id }}.");
}

/**
 * The user whose feed it is: the operations a user's app makes (marks, engagement, unread count)
 * act for one user, so Act As is required there (docs/cometchat-api.md, Campaigns).
 */
export const ACT_AS_REQUIRED = onBehalfOfField(ACTING_USER.actAs, true, 'The user whose feed item it is (the onbehalfof header)');

export function actingUserOf(context: IExecuteFunctions, itemIndex: number): string {
	return requiredOnBehalfOf(context, itemIndex, ACTING_USER.actAs);
}

/** The most characters of an engagement topic, and its characters (EngagementEventDto.topic). */
const TOPIC_MAX = 64;
const TOPIC = /^[A-Za-z0-9_-]+$/;

export const TOPIC_FIELD: INodeProperties = {
	displayName: 'Topic',
	name: 'topic',
	type: 'string',
	default: '',
	placeholder: 'e.g. clicked',
	description: 'What the user did: "clicked", or your own word of letters, digits, _ and - (at most 64)',
};

/** The engagement's topic, if given: at most 64 letters, digits, underscores and hyphens. */
export function topicOf(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const topic = optionalTextOf(context, itemIndex, 'Topic', context.getNodeParameter('topic', itemIndex, ''));
	if (topic !== undefined && (topic.length > TOPIC_MAX || !TOPIC.test(topic))) {
		throw fieldError(
			context,
			itemIndex,
			'Topic',
			`holds "${topic.slice(0, 40)}", which is not ${TOPIC_MAX} or fewer letters, digits, underscores or hyphens`,
			"Use a word such as clicked or dismissed in 'Topic'.",
		);
	}
	return topic;
}
