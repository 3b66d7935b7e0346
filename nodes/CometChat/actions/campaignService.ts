/**
 * What the Campaigns service's operations share (docs/cometchat-api.md, Campaigns): its requests
 * (the chat host under /v3/campaigns), the records' pickers (templates, channels, campaigns,
 * categories), its cursor lists, and the readers of its free-form JSON fields.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../fields/common';
import { fieldError } from '../readers/fieldErrors';
import { tagsOf } from '../readers/lists';
import { requiredId } from '../readers/text';
import { optionalOptionOf, parseJsonObject } from '../readers/values';
import type { CometChatRequest, CometChatResponse } from '../transport/request';
import { cometChatRequest } from '../transport/request';
import { listOperation } from './list';
import type { ListSpec } from './list';
import type { OperationDefinition } from './types';

/** A request to the Campaigns service. */
export async function campaignsRequest(context: IExecuteFunctions, request: Omit<CometChatRequest, 'host'>): Promise<CometChatResponse> {
	return await cometChatRequest.call(context, { ...request, host: 'campaigns' });
}

/** The record a Campaigns answer holds under `data` (overview.mdx's single-entity envelope). */
export function recordOf(response: CometChatResponse): IDataObject {
	const data = response.data;
	return data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
}

/** The records a Campaigns answer holds under `data` as a list (one output item each). */
export function recordsOf(response: CometChatResponse): IDataObject[] {
	return Array.isArray(response.data) ? response.data : [];
}

/** A Campaigns list: a cursor list (`meta.next` sent back as it is), pages of at most 100, records by `id`. */
export function campaignsList(spec: Omit<ListSpec, 'strategy' | 'identity'>): OperationDefinition {
	return listOperation({
		...spec,
		strategy: 'cursor',
		identity: 'id',
		request(itemIndex) {
			return { ...spec.request.call(this, itemIndex), host: 'campaigns' };
		},
	});
}

/** The pickers of the Campaigns service's records. */
export const CAMPAIGN_LOCATORS = {
	template: { field: 'templateId', label: 'Template', kind: LOCATOR_KINDS.campaignTemplate },
	channel: { field: 'channelId', label: 'Channel', kind: LOCATOR_KINDS.campaignChannel },
	campaign: { field: 'campaignId', label: 'Campaign', kind: LOCATOR_KINDS.campaign },
	category: { field: 'categoryId', label: 'Template Category', kind: LOCATOR_KINDS.templateCategory },
} as const;

type CampaignRecord = keyof typeof CAMPAIGN_LOCATORS;

/** The picker of the record an operation is about (required). */
export function recordField(record: CampaignRecord, description: string): INodeProperties {
	const { field, label, kind } = CAMPAIGN_LOCATORS[record];
	return locatorField(kind, { name: field, displayName: label, required: true, description });
}

/** Reads the record's picker: its ID, never empty. */
export function recordIdOf(context: IExecuteFunctions, itemIndex: number, record: CampaignRecord): string {
	const { field, label } = CAMPAIGN_LOCATORS[record];
	return requiredId(context, itemIndex, field, label);
}

/** The Filters collection of a Campaigns list: the service filters by each option given. */
export function filtersField(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options };
}

/** The `search` filter of a Campaigns list ("Search by name", or name and slug). */
export function searchOption(description: string): INodeProperties {
	return { displayName: 'Search', name: 'search', type: 'string', default: '', description };
}

/** The `tagMatch` filter: whether a record needs all the tags of `tags` or any one. */
export const TAG_MATCH_OPTION: INodeProperties = {
	displayName: 'Tags Match',
	name: 'tagMatch',
	type: 'options',
	options: [
		{ name: 'All', value: 'all' },
		{ name: 'Any', value: 'any' },
	],
	default: 'any',
	description: 'Whether a record needs all the tags or any one',
};

/** The `tags` (one comma-separated value, as published) and `tagMatch` filters given. */
export function tagsQueryOf(context: IExecuteFunctions, itemIndex: number, filters: IDataObject): IDataObject {
	const qs: IDataObject = {};
	const tags = filters.tags === undefined ? [] : tagsOf(context, itemIndex, 'Tags', filters.tags);
	if (tags.length > 0) qs.tags = tags.join(',');
	const tagMatch = optionalOptionOf(context, itemIndex, 'Tags Match', filters.tagMatch, ['any', 'all'] as const);
	if (tagMatch !== undefined) qs.tagMatch = tagMatch;
	return qs;
}

/** A free-form JSON object field (content, config, variables, metadata). */
export function jsonObjectField(name: string, displayName: string, description: string, required = false): INodeProperties {
	return {
		displayName,
		name,
		type: 'json',
		default: '',
		...(required ? { required: true } : {}),
		description,
	};
}

/** A JSON object field's value: an object, or undefined when left empty; anything else is refused. */
export function optionalJsonObjectOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
): IDataObject | undefined {
	return parseJsonObject(context, itemIndex, value, label);
}

/** A JSON object field the request needs (e.g. a channel's content). */
export function requiredJsonObjectOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): IDataObject {
	const object = parseJsonObject(context, itemIndex, value, label);
	if (object === undefined) {
		throw fieldError(context, itemIndex, label, 'is empty', `Put a JSON object in '${label}', e.g. {"title": "Hello {{name}}"}.`);
	}
	return object;
}

/** Per-user variables: each value an object of variables (`{ "ada": { "name": "Ada" } }`). */
export function userVariablesOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): IDataObject | undefined {
	const variables = parseJsonObject(context, itemIndex, value, label);
	if (variables === undefined) return undefined;
	for (const [uid, entry] of Object.entries(variables)) {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw fieldError(
				context,
				itemIndex,
				label,
				`holds ${JSON.stringify(uid)} with a value that is not an object of variables`,
				`Give '${label}' as an object keyed by UID, each value an object of variables, e.g. {"ada": {"name": "Ada"}}.`,
			);
		}
	}
	return variables;
}
