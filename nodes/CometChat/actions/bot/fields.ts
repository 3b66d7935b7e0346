import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { fieldError, inputError } from '../../readers/fieldErrors';
import { optionalTextOf, optionalUrlOf } from '../../readers/text';
import { booleanOf, compact, optionalOptionOf } from '../../readers/values';
import type { CometChatContext } from '../../transport/request';
import { cometChatRequest } from '../../transport/request';

/** The bot an operation is about, as the required locator `botUid` ("Bot"). */
export function botField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.bot, { name: 'botUid', displayName: 'Bot', required: true, description });
}

export const GROUP_CHAT_SETTINGS = ['allMessages', 'mentionedMessages', 'none', 'slashedMessages'] as const;

/** Which group messages CometChat relays to the bot (one-to-one messages always are). */
export const groupChatSettingField: INodeProperties = {
	displayName: 'Group Messages',
	name: 'groupChatSetting',
	type: 'options',
	options: [
		{ name: 'All Messages', value: 'allMessages', description: 'Every message in the groups the bot is a member of' },
		{ name: 'Mentions Only', value: 'mentionedMessages', description: 'Group messages that mention the bot' },
		{ name: 'None', value: 'none', description: 'No group messages, only one-to-one messages' },
		{ name: 'Slash Commands Only', value: 'slashedMessages', description: 'Group messages that start with a slash, e.g. /help' },
	],
	default: 'none',
	description: 'Which group messages CometChat relays to the bot. One-to-one messages to the bot always are.',
};

/** The longest webhook URL, Basic Auth username and password CometChat stores. */
const LIMITS = { webhookURL: 255, username: 50, password: 50 };

/** The optional settings of a bot, shared by Create (Additional Fields) and Update (Update Fields). */
export function botSettingsOptions(withGroupSetting: boolean): INodeProperties[] {
	const options: INodeProperties[] = [
		{
			displayName: 'Basic Auth Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Password CometChat sends with every webhook call when Use Basic Auth is on (at most 50 characters). Never shown in the output.',
		},
		{
			displayName: 'Basic Auth Username',
			name: 'username',
			type: 'string',
			default: '',
			description: 'Username CometChat sends with every webhook call when Use Basic Auth is on (at most 50 characters)',
		},
		{
			displayName: 'Enabled',
			name: 'enabled',
			type: 'boolean',
			default: true,
			description: 'Whether CometChat relays messages to the bot. CometChat stores false unless this is sent.',
		},
		{
			displayName: 'Use Basic Auth',
			name: 'useBasicAuth',
			type: 'boolean',
			default: true,
			description: 'Whether CometChat sends the username and password as HTTP Basic Auth with every webhook call',
		},
		{
			displayName: 'Webhook URL',
			name: 'webhookURL',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/webhooks/helpbot',
			description: 'URL that receives the messages sent to the bot (at most 255 characters)',
		},
	];
	if (withGroupSetting) options.push(groupChatSettingField);
	return options.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

function urlOf(context: IExecuteFunctions, itemIndex: number, value: unknown): string | undefined {
	return optionalUrlOf(context, itemIndex, 'Webhook URL', value, {
		maxLength: LIMITS.webhookURL,
		howToFix: "Enter the full address that receives the bot's messages, e.g. https://example.com/webhooks/helpbot.",
	});
}

function limitedText(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown, max: number): string | undefined {
	const text = optionalTextOf(context, itemIndex, label, value);
	if (text === undefined || text === '') return undefined;
	if (text.length > max) {
		// The value itself is never repeated in the error: a password must not appear in one.
		throw fieldError(
			context,
			itemIndex,
			label,
			`has ${text.length} characters; CometChat takes at most ${max}`,
			`Shorten '${label}' to at most ${max} characters.`,
		);
	}
	return text;
}

/**
 * Basic Auth carries `username:password` (RFC 7617): a username cannot hold a colon, and neither
 * can hold control characters such as a line break. The value is not repeated in the error.
 */
export function checkBasicAuthPart(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	text: string | undefined,
	colonAllowed: boolean,
): void {
	if (text === undefined) return;
	const control = [...text].some((character) => (character.codePointAt(0) ?? 0) < 0x20 || character === '\u007f');
	const problem = control ? 'control characters such as a line break' : !colonAllowed && text.includes(':') ? 'a colon (:)' : undefined;
	if (problem === undefined) return;
	throw fieldError(
		context,
		itemIndex,
		label,
		`holds ${problem}, which HTTP Basic Auth cannot carry`,
		`Basic Auth sends "username:password"; remove ${problem} from '${label}'.`,
	);
}

/**
 * The bot body from a settings collection: only the fields given, each checked. A username or
 * password while Use Basic Auth is off is refused: CometChat would store credentials it never
 * sends, which is a mistake either way. `basicAuthWhenUnset` is what an unset Use Basic Auth means:
 * off for a new bot (nothing is sent, and the service's default is off), unchanged for an update.
 */
export function botSettingsBody(
	context: IExecuteFunctions,
	itemIndex: number,
	settings: IDataObject,
	basicAuthWhenUnset: 'off' | 'unchanged',
): IDataObject {
	const body = botSettingsOf(context, itemIndex, settings);
	checkBasicAuthPart(context, itemIndex, 'Basic Auth Username', body.username as string | undefined, false);
	checkBasicAuthPart(context, itemIndex, 'Basic Auth Password', body.password as string | undefined, true);
	const given = [
		body.username === undefined ? undefined : 'Basic Auth Username',
		body.password === undefined ? undefined : 'Basic Auth Password',
	].filter((label): label is string => label !== undefined);
	const off = body.useBasicAuth === false || (body.useBasicAuth === undefined && basicAuthWhenUnset === 'off');
	if (off && given.length > 0) {
		throw inputError(
			context,
			itemIndex,
			`'${given.join("' and '")}' ${given.length > 1 ? 'are' : 'is'} set, but Use Basic Auth is off`,
			`Turn 'Use Basic Auth' on so CometChat sends them, or remove '${given.join("' and '")}'.`,
		);
	}
	return body;
}

function botSettingsOf(context: IExecuteFunctions, itemIndex: number, settings: IDataObject): IDataObject {
	return compact({
		webhookURL: urlOf(context, itemIndex, settings.webhookURL),
		groupChatSetting:
			settings.groupChatSetting === undefined
				? undefined
				: optionalOptionOf(context, itemIndex, 'Group Messages', settings.groupChatSetting, GROUP_CHAT_SETTINGS),
		useBasicAuth:
			settings.useBasicAuth === undefined ? undefined : booleanOf(context, itemIndex, 'Use Basic Auth', settings.useBasicAuth, true),
		username: limitedText(context, itemIndex, 'Basic Auth Username', settings.username, LIMITS.username),
		password: limitedText(context, itemIndex, 'Basic Auth Password', settings.password, LIMITS.password),
		enabled: settings.enabled === undefined ? undefined : booleanOf(context, itemIndex, 'Enabled', settings.enabled, true),
	});
}

/** What a bot's output holds (botOutput), for the AI tool's description of Create, Get and Update. */
export const BOT_RETURNS =
	'Returns the bot: uid, webhookURL, groupChatSetting, useBasicAuth, enabled and hasPassword (its password never shows).';

/**
 * A bot with `hasPassword`: whether a Basic Auth password is stored. CometChat echoes the stored
 * password; the node drops it from every output (helpers/secrets.ts).
 */
export function botOutput(record: IDataObject): IDataObject {
	return { ...record, hasPassword: typeof record.password === 'string' && record.password !== '' };
}

/** Every bot of the app: GET /bots, one request (at most 25 bots; no paging parameter is published). */
export async function readBots(context: CometChatContext): Promise<IDataObject[]> {
	const response = await cometChatRequest.call(context, { method: 'GET', path: ['bots'] });
	return Array.isArray(response.data) ? response.data : [];
}
