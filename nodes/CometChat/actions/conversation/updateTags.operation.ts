import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { tagsField } from '../../fields/common';
import { tagsOf } from '../../readers/lists';
import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget } from './fields';

/** PUT /users/{uid}/conversation or /groups/{guid}/conversation with {tags}: see docs/cometchat-api.md, Conversations. */
export const updateTags: OperationDefinition = {
	value: 'updateTags',
	name: 'Update Tags',
	action: 'Update the tags of a conversation',
	description: "Replace the tags a user gives a conversation (each user's own), e.g. to file it; Get Many can then filter by them",
	returns: 'Returns the conversation with its new tags: conversationId, conversationType, tags, conversationWith and more.',
	properties: [
		...conversationFields('to tag'),
		{
			...tagsField,
			description: 'The new tags, replacing the current ones: separated by commas, or a list from an expression. Empty removes every tag.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const tags = tagsOf(this, itemIndex, 'Tags', this.getNodeParameter('tags', itemIndex, ''));
		const response = await conversationRequest(this, target, 'PUT', [], { tags });
		return response.data as IDataObject | IDataObject[];
	},
};
