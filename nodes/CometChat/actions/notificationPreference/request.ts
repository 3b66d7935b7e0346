import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';

/** The user whose notification settings an operation reads or changes (the `uid` query parameter). */
export const preferenceUserField = (description: string) => userField(description);

export function preferenceUserValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredUid(
		context,
		itemIndex,
		'uid',
		'User',
		'Choose the user whose notification settings to use from the list, or enter a UID.',
	);
}

/** A request to /notifications/v1/preferences[/…] for one user; the answer's `data`. */
export async function preferencesRequest(
	context: IExecuteFunctions,
	method: IHttpRequestMethods,
	uid: string,
	tail: string[],
	body?: IDataObject,
): Promise<IDataObject> {
	const response = await cometChatRequest.call(context, {
		method,
		path: ['notifications', 'v1', 'preferences', ...tail],
		qs: { uid },
		body,
	});
	return (response.data ?? {}) as IDataObject;
}
