import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { changesModeField } from '../../fields/common';
import { describeValue, fieldError, requireChanges } from '../../readers/fieldErrors';
import { booleanOf, optionOf, parseJsonObject, readOption } from '../../readers/values';
import type { OperationDefinition } from '../types';
import { preferencesRequest, preferenceUserField, preferenceUserValue } from './request';

const CHANGES_MODES = ['fields', 'json'] as const;
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The published values of a setting: 1 don't notify, 2 notify (for all), 3 a narrower notify. */
const NOTIFY: INodePropertyOptions[] = [
	{ name: "Don't Notify", value: 1 },
	{ name: 'Notify', value: 2 },
];
const MESSAGES: INodePropertyOptions[] = [
	{ name: "Don't Notify", value: 1 },
	{ name: 'All Messages', value: 2 },
	{ name: 'Only Mentions', value: 3 },
];
const REPLIES: INodePropertyOptions[] = [
	{ name: "Don't Notify", value: 1 },
	{ name: 'All Replies', value: 2 },
	{ name: 'Only Mentions', value: 3 },
];
const REACTIONS: INodePropertyOptions[] = [
	{ name: "Don't Notify", value: 1 },
	{ name: 'On Own Messages', value: 2 },
	{ name: 'On All Messages', value: 3 },
];

/** Each setting of Update Fields: its body section and name (pnUpdatePreferences), label and values. */
const SETTINGS: Array<{
	section: 'groupPreferences' | 'oneOnOnePreferences';
	name: string;
	label: string;
	options: INodePropertyOptions[];
}> = [
	{ section: 'groupPreferences', name: 'groupMessages', label: 'Group Messages', options: MESSAGES },
	{ section: 'groupPreferences', name: 'groupReplies', label: 'Group Replies', options: REPLIES },
	{ section: 'groupPreferences', name: 'groupReactions', label: 'Group Reactions', options: REACTIONS },
	{ section: 'groupPreferences', name: 'groupMemberAdded', label: 'Group Member Added', options: NOTIFY },
	{ section: 'groupPreferences', name: 'groupMemberJoined', label: 'Group Member Joined', options: NOTIFY },
	{ section: 'groupPreferences', name: 'groupMemberLeft', label: 'Group Member Left', options: NOTIFY },
	{ section: 'groupPreferences', name: 'groupMemberKicked', label: 'Group Member Kicked', options: NOTIFY },
	{ section: 'groupPreferences', name: 'groupMemberBanned', label: 'Group Member Banned', options: NOTIFY },
	{ section: 'groupPreferences', name: 'groupMemberUnbanned', label: 'Group Member Unbanned', options: NOTIFY },
	{ section: 'groupPreferences', name: 'groupMemberScopeChanged', label: 'Group Member Scope Changed', options: NOTIFY },
	{ section: 'oneOnOnePreferences', name: 'oneOnOneMessages', label: 'One-to-One Messages', options: MESSAGES },
	{ section: 'oneOnOnePreferences', name: 'oneOnOneReplies', label: 'One-to-One Replies', options: REPLIES },
	{ section: 'oneOnOnePreferences', name: 'oneOnOneReactions', label: 'One-to-One Reactions', options: REACTIONS },
];

/** The published sections of the body, for Preferences (JSON). */
const SECTIONS = ['groupPreferences', 'oneOnOnePreferences', 'mutePreferences', 'usePrivacyTemplate'];

const scheduleField: INodeProperties = {
	displayName: 'Do Not Disturb Schedule',
	name: 'schedule',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Day',
	default: {},
	description: "Per weekday, the hours the user wants notifications (in the user's time zone, see Update Timezone)",
	options: [
		{
			displayName: 'Day',
			name: 'day',
			values: [
				{
					displayName: 'Weekday',
					name: 'weekday',
					type: 'options',
					options: DAYS.map((day) => ({ name: day[0].toUpperCase() + day.slice(1), value: day })),
					default: 'monday',
				},
				{
					displayName: 'From',
					name: 'from',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 2359 },
					default: 0,
					description: 'Start of the hours, as HHMM: 900 is 09:00, 0 is midnight',
				},
				{
					displayName: 'To',
					name: 'to',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 2359 },
					default: 2359,
					description: 'End of the hours, as HHMM: 1730 is 17:30, 2359 the end of the day',
				},
				{
					displayName: 'Do Not Disturb',
					name: 'dnd',
					type: 'boolean',
					default: false,
					description: 'Whether the whole day is without notifications',
				},
			],
		},
	],
};

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: "Update a user's notification preferences",
	description: 'Change what a user is notified of; settings left out keep their values',
	returns:
		'Returns uid and the preferences after the change: groupPreferences, oneOnOnePreferences, mutePreferences and usePrivacyTemplate.',
	properties: [
		preferenceUserField('The user whose notification preferences to change'),
		changesModeField('specifyBody'),
		{
			displayName: 'Preferences (JSON)',
			name: 'preferencesJson',
			type: 'json',
			default: '{\n  "groupPreferences": {\n    "groupMessages": 3\n  }\n}',
			description:
				'The update as CometChat takes it: any of groupPreferences, oneOnOnePreferences, mutePreferences ({dnd, schedule}) and usePrivacyTemplate',
			displayOptions: { show: { specifyBody: ['json'] } },
		},
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: { show: { specifyBody: ['fields'] } },
			options: (
				[
					...SETTINGS.map(
						(setting): INodeProperties => ({
							displayName: setting.label,
							name: setting.name,
							type: 'options',
							options: setting.options,
							default: 2,
						}),
					),
					{
						displayName: 'Do Not Disturb',
						name: 'dnd',
						type: 'boolean',
						default: false,
						description: 'Whether the user gets no notifications at all until it is turned off',
					},
					scheduleField,
					{
						displayName: 'Use Privacy Template',
						name: 'usePrivacyTemplate',
						type: 'boolean',
						default: false,
						description: 'Whether notifications hide the message (e.g. "New message") instead of showing its text',
					},
				] as INodeProperties[]
			).sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = preferenceUserValue(this, itemIndex);
		const body =
			readOption(this, itemIndex, 'specifyBody', 'Define Changes', CHANGES_MODES, 'fields') === 'json'
				? bodyFromJson(this, itemIndex)
				: bodyFromFields(this, itemIndex);
		requireChanges(
			this,
			itemIndex,
			body,
			"Add at least one field under 'Update Fields', or put the changes in 'Preferences (JSON)'.",
			'There is nothing to update',
		);
		return { uid, ...(await preferencesRequest(this, 'PATCH', uid, [], body)) };
	},
};

function bodyFromJson(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const body = parseJsonObject(context, itemIndex, context.getNodeParameter('preferencesJson', itemIndex, ''), 'Preferences (JSON)') ?? {};
	const unknown = Object.keys(body).find((key) => !SECTIONS.includes(key));
	if (unknown !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			'Preferences (JSON)',
			`has "${unknown}", which is not a section CometChat takes`,
			`Use only ${SECTIONS.join(', ')}.`,
		);
	}
	checkJsonBody(context, itemIndex, body);
	return body;
}

const JSON_LABEL = 'Preferences (JSON)';
/** The two values of a published on/off setting (mutePreferences.dnd): 1 off, 2 on. */
const ON_OFF: INodePropertyOptions[] = [
	{ name: 'Off', value: 1 },
	{ name: 'On', value: 2 },
];

/**
 * Every value of a JSON body checked as the fields check theirs: each setting of a section one of
 * its published numbers, the schedule's weekdays and HHMM times, the switches true or false. A
 * wrong value would otherwise be the service's to refuse, or to store.
 */
function checkJsonBody(context: IExecuteFunctions, itemIndex: number, body: IDataObject): void {
	const at = (path: string) => `${JSON_LABEL} → ${path}`;
	const objectAt = (path: string, value: unknown): IDataObject => {
		if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
		throw fieldError(context, itemIndex, at(path), `must be a JSON object, not ${describeValue(value)}`, `Fix ${path} in '${JSON_LABEL}'.`);
	};
	for (const section of ['groupPreferences', 'oneOnOnePreferences'] as const) {
		if (body[section] === undefined) continue;
		for (const [name, value] of Object.entries(objectAt(section, body[section]))) {
			const setting = SETTINGS.find((entry) => entry.section === section && entry.name === name);
			if (setting === undefined) {
				const names = SETTINGS.filter((entry) => entry.section === section).map((entry) => entry.name);
				throw fieldError(context, itemIndex, at(section), `has "${name}", which is not a setting of it`, `Use only ${names.join(', ')}.`);
			}
			settingOf(context, itemIndex, at(`${section}.${name}`), value, setting.options);
		}
	}
	if (body.mutePreferences !== undefined) {
		const mute = objectAt('mutePreferences', body.mutePreferences);
		const unknown = Object.keys(mute).find((key) => key !== 'dnd' && key !== 'schedule');
		if (unknown !== undefined) {
			throw fieldError(context, itemIndex, at('mutePreferences'), `has "${unknown}", which it does not take`, 'Use only dnd and schedule.');
		}
		if (mute.dnd !== undefined) settingOf(context, itemIndex, at('mutePreferences.dnd'), mute.dnd, ON_OFF);
		if (mute.schedule !== undefined) checkJsonSchedule(context, itemIndex, objectAt('mutePreferences.schedule', mute.schedule), at);
	}
	if (body.usePrivacyTemplate !== undefined && typeof body.usePrivacyTemplate !== 'boolean') {
		booleanOf(context, itemIndex, at('usePrivacyTemplate'), body.usePrivacyTemplate, false);
	}
}

/** The schedule of a JSON body: weekdays, each with From and To as HHMM and a Do Not Disturb switch. */
function checkJsonSchedule(context: IExecuteFunctions, itemIndex: number, schedule: IDataObject, at: (path: string) => string): void {
	for (const [day, entry] of Object.entries(schedule)) {
		const path = `mutePreferences.schedule.${day}`;
		if (!(DAYS as readonly string[]).includes(day)) {
			throw fieldError(
				context,
				itemIndex,
				at('mutePreferences.schedule'),
				`has "${day}", which is not a weekday`,
				`Use ${DAYS.join(', ')}.`,
			);
		}
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw fieldError(
				context,
				itemIndex,
				at(path),
				`must be a JSON object, not ${describeValue(entry)}`,
				'Give it as {"from": 900, "to": 1730, "dnd": false}.',
			);
		}
		const { from, to, dnd } = entry as IDataObject;
		if (from !== undefined) hhmmOf(context, itemIndex, at(`${path}.from`), from);
		if (to !== undefined) hhmmOf(context, itemIndex, at(`${path}.to`), to);
		if (dnd !== undefined && typeof dnd !== 'boolean') booleanOf(context, itemIndex, at(`${path}.dnd`), dnd, false);
	}
}

function bodyFromFields(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	for (const setting of SETTINGS) {
		const value = fields[setting.name];
		if (value === undefined) continue;
		((body[setting.section] ??= {}) as IDataObject)[setting.name] = settingOf(context, itemIndex, setting.label, value, setting.options);
	}
	const mute: IDataObject = {};
	if (fields.dnd !== undefined) mute.dnd = booleanOf(context, itemIndex, 'Do Not Disturb', fields.dnd, false) ? 2 : 1;
	const days = ((fields.schedule as IDataObject | undefined)?.day ?? []) as IDataObject[];
	if (days.length > 0) mute.schedule = scheduleOf(context, itemIndex, days);
	if (Object.keys(mute).length > 0) body.mutePreferences = mute;
	if (fields.usePrivacyTemplate !== undefined) {
		body.usePrivacyTemplate = booleanOf(context, itemIndex, 'Use Privacy Template', fields.usePrivacyTemplate, false);
	}
	return body;
}

/** The weekly schedule: each weekday once, From and To as HHMM (0 to 2359, minutes under 60). */
function scheduleOf(context: IExecuteFunctions, itemIndex: number, days: IDataObject[]): IDataObject {
	const schedule: IDataObject = {};
	days.forEach((entry, n) => {
		const where = `day ${n + 1} of 'Do Not Disturb Schedule'`;
		const weekday = optionOf(context, itemIndex, `Weekday of ${where}`, entry.weekday ?? 'monday', DAYS);
		if (weekday in schedule) {
			throw fieldError(context, itemIndex, 'Do Not Disturb Schedule', `has ${weekday} more than once`, 'Give each weekday once.');
		}
		schedule[weekday] = {
			from: hhmmOf(context, itemIndex, `From of ${where}`, entry.from ?? 0),
			to: hhmmOf(context, itemIndex, `To of ${where}`, entry.to ?? 2359),
			dnd: booleanOf(context, itemIndex, `Do Not Disturb of ${where}`, entry.dnd, false),
		};
	});
	return schedule;
}

/** A setting's value: one of its options' numbers (1, 2 or 3), as the field or an expression gives it. */
function settingOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown, options: INodePropertyOptions[]): number {
	const chosen = options.find((option) => option.value === value);
	if (chosen === undefined) {
		const allowed = options.map((option) => `${option.value} (${option.name})`).join(', ');
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds ${describeValue(value)}, which is not one of ${allowed}`,
			`Choose a value for '${label}' from the list, or give one of the numbers ${options.map((option) => option.value).join(', ')} from an expression.`,
		);
	}
	return chosen.value as number;
}

function hhmmOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2359 || value % 100 > 59) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`is ${describeValue(value)}, not a time as HHMM`,
			'Give the time as a whole number HHMM from 0 to 2359, e.g. 900 for 09:00 or 1730 for 17:30.',
		);
	}
	return value;
}
