import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { noteSecrets, secretValues } from '../../helpers/secrets';
import { cometChatRequest } from '../../transport/request';
import { keySecrets } from '../fcmProvider/fields';
import type { OperationDefinition } from '../types';
import { APNS_PATH } from './fields';

/**
 * GET /notifications/push/v1/providers/apns: `data.pushProviders`, in one answer (no paging is
 * published). The .p8 key is dropped, its key and team IDs masked (helpers/secrets.ts).
 */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many APNs providers',
	description: "List the app's APNs providers and the default one; their .p8 keys are never shown",
	properties: returnAllOrLimitFields(),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { returnAll, limit } = pageLimitOf(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: APNS_PATH });
		const providers = (response.data as IDataObject | undefined)?.pushProviders;
		const list = Array.isArray(providers) ? (providers as IDataObject[]) : [];
		// The keys CometChat answers with are secrets of the run: cut out wherever else they show.
		for (const provider of list) noteSecrets(this, secretValues(keySecrets([provider.p8Key, provider.keyId, provider.teamId])));
		return returnAll ? list : list.slice(0, limit);
	},
};
