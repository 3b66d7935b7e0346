import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { secretValues } from '../../helpers/secrets';
import { optionalTextOf, requiredTextOf } from '../../readers/text';
import { booleanOf } from '../../readers/values';
import { jsonObjectField, optionalJsonObjectOf } from '../campaignService';

export const NAME_FIELD: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. My Push',
	description: 'The channel name',
};

export const ENABLED_FIELD: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: false,
	description: 'Whether sends go through the channel (CometChat creates a channel disabled)',
};

export const METADATA_FIELD = jsonObjectField(
	'metadata',
	'Metadata (JSON)',
	'The provider\'s settings, e.g. {"apiKey": "…", "senderId": "…"}: its values are kept as secrets',
);

/** A channel's body from the fields given: name, enabled, and metadata, whose values are the request's secrets. */
export function channelBodyOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	nameRequired: boolean,
): { body: IDataObject; secrets: string[] } {
	const body: IDataObject = {};
	if (nameRequired || fields.name !== undefined) {
		body.name = requiredTextOf(context, itemIndex, 'Name', fields.name, "Enter the channel's name in 'Name'.");
	}
	if (fields.enabled !== undefined) body.enabled = booleanOf(context, itemIndex, 'Enabled', fields.enabled, false);
	const metadata = optionalJsonObjectOf(context, itemIndex, 'Metadata (JSON)', fields.metadata);
	if (metadata !== undefined) body.metadata = metadata;
	const slug = optionalTextOf(context, itemIndex, 'Channel Slug', fields.channelId);
	if (slug !== undefined) body.channelId = slug;
	// Its example holds a provider's API key: every text in it is cut from errors (helpers/secrets.ts).
	return { body, secrets: secretValues(metadataTexts(metadata)) };
}

function metadataTexts(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (value !== null && typeof value === 'object') return Object.values(value).flatMap(metadataTexts);
	return [];
}

/** What a channel's record holds in the output (its metadata masked), for the AI tool's description. */
export const CHANNEL_RETURNS =
	'Returns the channel: id, channelId, name, channelType, enabled, createdAt and metadataKeys (the keys of its metadata, never their values).';
