import type { Webhook } from './collection';

/** A webhook as the management host answers it (never its password). */
export function webhookOut(w: Webhook) {
	return {
		id: w.id,
		name: w.name,
		webhookURL: w.webhookURL,
		useBasicAuth: w.useBasicAuth,
		...(w.useBasicAuth ? { username: w.username } : {}),
		enabled: w.enabled,
		retryOnFailure: w.retryOnFailure,
		createdAt: w.createdAt,
		updatedAt: w.updatedAt,
	};
}
