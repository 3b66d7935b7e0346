import type { IDataObject } from 'n8n-workflow';

import { simplifiedPicker } from '../../fields/lists';

/**
 * What a simplified template keeps: its metadata, the types of its channels and when it last
 * changed. The channels' content (about 1.8 KB a template) stays in the raw record and in
 * Campaign Template → Get, so a list of templates stays short for a workflow and an AI agent.
 */
const KEPT_FIELDS = [
	'id',
	'templateId',
	'name',
	'templateCategory',
	'status',
	'tags',
	'version',
	'variableSchema',
	'channelTypes',
	'updatedAt',
];

/** The fields as Simplify's tooltip names them: `channelTypes` is no field of CometChat's, so it says so. */
export const SIMPLIFIED_TEMPLATE_FIELDS = KEPT_FIELDS.map((field) =>
	field === 'channelTypes' ? 'channelTypes (computed: the types of its channels)' : field,
);

const pickKept = simplifiedPicker(KEPT_FIELDS);

/** The types of a template's channels in the order it holds them, e.g. ["in_app", "push"]. */
function channelTypesOf(template: IDataObject): string[] | undefined {
	if (!Array.isArray(template.channels)) return undefined;
	return (template.channels as unknown[])
		.map((channel) => (channel !== null && typeof channel === 'object' ? (channel as IDataObject).channelType : undefined))
		.filter((type): type is string => typeof type === 'string');
}

/** A template (docs/cometchat-api.md, Campaigns) in short, `updatedAt` also in ISO 8601 (`updatedAtIso`). */
export function simplifyTemplate(template: IDataObject): IDataObject {
	return pickKept({ ...template, channelTypes: channelTypesOf(template) });
}
