import type { App } from '../../core/app';
import { validationError } from '../../core/errors';
import { clone, hex } from '../../core/util';
import type { Json } from '../../core/validation';

/** The five notification providers of an app, each at `/notifications/<channel>/v1/providers/<kind>`. */
export const PROVIDER_PATHS = ['sms/twilio', 'email/sendgrid', 'push/custom', 'sms/custom', 'email/custom'] as const;
export type ProviderPath = (typeof PROVIDER_PATHS)[number];

/** One entry of GET /notifications/v1/logs, in the published example's shape. */
export interface NotificationLog extends Json {
	_id: string;
	processingStartedAtMS: number;
	channel: string;
	provider: string;
	messageId: number;
	trigger: string;
	sender: string;
	receiver: string;
	receiverType: string;
	notificationTriggered: boolean;
}

/**
 * Notification providers (one record per provider, stored as the service returns it, secrets
 * included) and the notification logs, oldest first: seeded, or from the messages sent while a
 * provider is enabled.
 */
export class NotificationProviders {
	providers!: Map<ProviderPath, Json>;
	logs!: NotificationLog[];

	constructor(private readonly app: App) {
		this.reset();
		app.onEvent((trigger, data) => {
			if (trigger === 'message_sent') this.notifyMessage(data.message as Json);
		});
	}

	/**
	 * The app's notification activity: a message sent is logged once per channel whose provider is
	 * saved and enabled (push: the custom provider; SMS and e-mail: Twilio or SendGrid, else the
	 * custom one), as sent and accepted. The emulator calls no provider.
	 */
	private notifyMessage(message: Json | undefined): void {
		if (!message || typeof message.sender !== 'string' || typeof message.receiver !== 'string') return;
		const enabled = (path: ProviderPath) => this.providers.get(path)?.isEnabled === true;
		const channels: Array<[string, ProviderPath[]]> = [
			['push', ['push/custom']],
			['sms', ['sms/twilio', 'sms/custom']],
			['email', ['email/sendgrid', 'email/custom']],
		];
		for (const [channel, paths] of channels) {
			const path = paths.find(enabled);
			if (path === undefined) continue;
			this.addLog({
				channel,
				provider: path.split('/')[1],
				messageId: Number(message.id),
				sender: message.sender,
				receiver: message.receiver,
				receiverType: message.receiverType,
				at: Number(message.sentAt) * 1000,
			});
		}
	}

	reset(): void {
		this.providers = new Map();
		this.logs = [];
	}

	/** POST: the provider's settings replace what was stored. */
	save(path: ProviderPath, body: Json): Json {
		const record = clone(body);
		this.providers.set(path, record);
		return record;
	}

	/** PUT: the fields given change the stored ones; with nothing stored, they are stored. */
	update(path: ProviderPath, body: Json): Json {
		const record = { ...(this.providers.get(path) ?? {}), ...clone(body) };
		this.providers.set(path, record);
		return record;
	}

	/** DELETE: the provider is gone; deleting one that is not there changes nothing. */
	remove(path: ProviderPath): void {
		this.providers.delete(path);
	}

	/**
	 * A log entry: `{messageId, sender, receiver, channel?, provider?, trigger?, receiverType?, pushToken?,
	 * notificationTriggered?, success?, reason?, at?}` (at: epoch milliseconds, default the store clock).
	 */
	addLog(input: Json): NotificationLog {
		if (typeof input.sender !== 'string' || typeof input.receiver !== 'string')
			throw validationError({ log: ['A notification log needs a sender and a receiver.'] });
		const at = typeof input.at === 'number' ? input.at : this.app.now() * 1000;
		const triggered = input.notificationTriggered !== false;
		const log: NotificationLog = {
			_id: typeof input._id === 'string' ? input._id : hex(24),
			processingStartedAtMS: at,
			processingEndedAtMS: at + 40,
			totalProcessingTimeInMS: 40,
			component: 'notifications-core',
			channel: input.channel ?? 'push',
			provider: input.provider ?? 'custom',
			messageId: Number(input.messageId ?? this.logs.length + 1),
			trigger: input.trigger ?? 'after_message',
			messageSentAtMS: at,
			sender: input.sender,
			receiver: input.receiver,
			receiverType: input.receiverType ?? 'user',
			...(typeof input.pushToken === 'string'
				? { tokenType: input.tokenType ?? 'fcm', pushToken: input.pushToken, providerId: input.providerId ?? 'fcm-provider-1' }
				: {}),
			notificationTriggered: triggered,
			...(triggered ? { success: input.success !== false } : { reason: input.reason ?? 'MUTE_PREFERENCE' }),
		};
		this.logs.push(log);
		return log;
	}
}
