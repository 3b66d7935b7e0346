import type { Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import type { Areas } from '../types';

const FCM = '/v3/notifications/push/v1/providers/fcm';

export function register(router: Router, { fcmProviders }: Areas): void {
	// The published answers: the list under `pushProviders`, `{"success": true}` for the changes.
	router.add('GET', FCM, () => ({ data: { pushProviders: fcmProviders.list() } }));

	router.add('POST', FCM, (req) => {
		fcmProviders.add(requireBodyObject(req.body));
		return { data: { success: true } };
	});

	router.add('PUT', FCM, (req) => {
		fcmProviders.update(requireBodyObject(req.body));
		return { data: { success: true } };
	});

	router.add('DELETE', `${FCM}/:providerId`, (req) => {
		fcmProviders.remove(req.params.providerId);
		return { data: { success: true } };
	});

	router.add('PUT', `${FCM}/default/:providerId`, (req) => {
		fcmProviders.setDefault(req.params.providerId);
		return { data: { success: true } };
	});
}
