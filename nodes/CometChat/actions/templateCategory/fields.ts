import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionalTextOf, requiredTextOf } from '../../readers/text';

export function categoryNameField(required: boolean): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		placeholder: 'e.g. Deals',
		description: 'The category name; templates and feed filters name a category by it',
	};
}

export const DESCRIPTION_FIELD: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	placeholder: 'e.g. Notifications about won deals',
	description: 'What the category is for',
};

/** A category's body: the name (required on Create) and the description, only those given. */
export function categoryBodyOf(context: IExecuteFunctions, itemIndex: number, fields: IDataObject, nameRequired: boolean): IDataObject {
	const body: IDataObject = {};
	if (nameRequired || fields.name !== undefined) {
		body.name = requiredTextOf(context, itemIndex, 'Name', fields.name, "Enter the category's name in 'Name'.");
	}
	const description = optionalTextOf(context, itemIndex, 'Description', fields.description);
	if (description !== undefined) body.description = description;
	return body;
}
