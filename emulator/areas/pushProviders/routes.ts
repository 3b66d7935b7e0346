import type { Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import type { Areas } from '../types';
import type { PushProviders } from './collection';

export function register(router: Router, { fcmProviders, apnsProviders }: Areas): void {
	providerRoutes(router, '/v3/notifications/push/v1/providers/fcm', fcmProviders);
	providerRoutes(router, '/v3/notifications/push/v1/providers/apns', apnsProviders);
}

/** The five routes of one kind of provider (FCM, APNs), the same shape. */
function providerRoutes(router: Router, base: string, providers: PushProviders): void {
	// The published answers: the list under `pushProviders`, `{"success": true}` for the changes.
	router.add('GET', base, () => ({ data: { pushProviders: providers.list() } }));

	router.add('POST', base, (req) => {
		providers.add(requireBodyObject(req.body));
		return { data: { success: true } };
	});

	router.add('PUT', base, (req) => {
		providers.update(requireBodyObject(req.body));
		return { data: { success: true } };
	});

	router.add('DELETE', `${base}/:providerId`, (req) => {
		providers.remove(req.params.providerId);
		return { data: { success: true } };
	});

	router.add('PUT', `${base}/default/:providerId`, (req) => {
		providers.setDefault(req.params.providerId);
		return { data: { success: true } };
	});
}
