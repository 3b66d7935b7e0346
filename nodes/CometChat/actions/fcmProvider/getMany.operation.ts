import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { noteSecrets, secretValues } from '../../helpers/secrets';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { serviceAccountSecrets } from './fields';

export const FCM_PATH = ['notifications', 'push', 'v1', 'providers', 'fcm'];

/**
 * GET /notifications/push/v1/providers/fcm: `data.pushProviders`, in one answer (no paging is
 * published). Each provider's service-account key is masked (helpers/secrets.ts).
 */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many FCM providers',
	description: "List the app's FCM providers and the default one; their service-account keys are never shown",
	properties: returnAllOrLimitFields(),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { returnAll, limit } = pageLimitOf(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: FCM_PATH });
		const providers = (response.data as IDataObject | undefined)?.pushProviders;
		const list = Array.isArray(providers) ? (providers as IDataObject[]) : [];
		// The keys CometChat answers with are secrets of the run: cut out wherever else they show.
		for (const provider of list) {
			const creds = provider.serviceAccountCreds;
			if (creds !== null && typeof creds === 'object' && !Array.isArray(creds))
				noteSecrets(this, secretValues(serviceAccountSecrets('', creds as IDataObject)));
		}
		return returnAll ? list : list.slice(0, limit);
	},
};
