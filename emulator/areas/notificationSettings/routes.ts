import type { Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import type { Areas } from '../types';

export function register(router: Router, { notificationSettings }: Areas): void {
	router.add('GET', '/v3/notifications/v1/settings', () => ({ data: notificationSettings.get() }));

	// The published answers of an update and a reset: `{"success": true}`.
	router.add('PATCH', '/v3/notifications/v1/settings', (req) => {
		notificationSettings.update(requireBodyObject(req.body));
		return { data: { success: true } };
	});

	router.add('DELETE', '/v3/notifications/v1/settings', () => {
		notificationSettings.reset();
		return { data: { success: true } };
	});
}
