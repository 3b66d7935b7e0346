/**
 * The app's push notification settings (docs/cometchat-api.md, Notification settings): one record
 * of `preferences`, `sound` and `templates`. PATCH merges what it is given into them (objects key by
 * key, anything else replaced), DELETE puts the defaults back.
 */
import { validationError } from '../../core/errors';
import { clone, mergedJson } from '../../core/util';
import type { Json } from '../../core/validation';
import { isObject } from '../../core/validation';

export const SETTING_PARTS = ['preferences', 'sound', 'templates'] as const;

/** The defaults: a part of the published List Settings example. */
const DEFAULTS: Json = {
	preferences: {
		group: {
			messagesSetting: 2,
			messagesOverride: true,
			repliesSetting: 2,
			repliesOverride: true,
			reactionsSetting: 2,
			reactionsOverride: true,
		},
		oneOnOne: {
			messagesSetting: 2,
			messagesOverride: true,
			repliesSetting: 2,
			repliesOverride: true,
			reactionsSetting: 2,
			reactionsOverride: true,
		},
		bypassPreferencesForMentions: false,
		bypassPreferencesForGroupMentions: false,
	},
	sound: { chat: 'default', call: 'default' },
	templates: {
		usePrivacyTemplate: 3,
		textMessageTemplateDefault: {
			titleOneOnOne: '{{message.data.entities.sender.entity.name}}',
			titleGroup: '{{message.data.entities.sender.entity.name}} @ {{message.data.entities.receiver.entity.name}}',
			body: '{{message.data.text}}',
		},
	},
};

export class NotificationSettings {
	current!: Json;

	constructor() {
		this.reset();
	}

	reset(): void {
		this.current = clone(DEFAULTS);
	}

	get(): Json {
		return clone(this.current);
	}

	/** PATCH: each part given must be an object; the rest stays. */
	update(body: Json): void {
		const wrong = SETTING_PARTS.filter((part) => body[part] !== undefined && !isObject(body[part]));
		if (wrong.length > 0) throw validationError(Object.fromEntries(wrong.map((part) => [part, [`The ${part} must be an object.`]])));
		this.current = mergedJson(this.current, body);
	}
}
