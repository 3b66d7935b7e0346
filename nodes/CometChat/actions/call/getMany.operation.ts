import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { simplifiedPicker } from '../../fields/lists';
import { checkRange, rangeEndOf } from '../../readers/dates';
import { idOf, uidOf } from '../../readers/text';
import { booleanOf, compact, integerOf, optionalOptionOf } from '../../readers/values';
import { listOperation } from '../list';

/** The 10 fields of a call that a workflow usually needs (Simplify). */
const SIMPLIFIED_CALL_FIELDS = [
	'sessionId',
	'type',
	'status',
	'initiator',
	'receiver',
	'receiverType',
	'startedAt',
	'endedAt',
	'totalDurationInMinutes',
	'hasRecording',
];

const choices = (values: string[]) => values.map((value) => ({ name: value.charAt(0).toUpperCase() + value.slice(1), value }));

/** The published filters of GET /calls (docs/cometchat-api.md, Calls), by display name. */
const filters: INodeProperties[] = [
	{
		displayName: 'Ended At or Before',
		name: 'endedAt',
		type: 'dateTime',
		default: '',
		description: 'Sent as endedAt (epoch seconds)',
	},
	{ displayName: 'Has Recording', name: 'hasRecording', type: 'boolean', default: true, description: 'Whether the calls have a recording' },
	{
		displayName: 'Has Transcription',
		name: 'hasTranscription',
		type: 'boolean',
		default: true,
		description: 'Whether the calls have a transcription',
	},
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: choices(['call', 'meet', 'presenter']),
		default: 'call',
		description: 'How the call was held: a call, a meeting or a presentation',
	},
	{
		displayName: 'Participant',
		name: 'uid',
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat-uid-1',
		description: 'Only the calls this user (UID) took part in',
	},
	{
		displayName: 'Participants Count',
		name: 'participantsCount',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 2,
		description: 'Only the calls with exactly this many participants',
	},
	{
		displayName: 'Receiver Type',
		name: 'receiverType',
		type: 'options',
		options: choices(['group', 'user']),
		default: 'user',
		description: 'One-to-one calls (User) or group calls (Group)',
	},
	{
		displayName: 'Started At or After',
		name: 'startedAt',
		type: 'dateTime',
		default: '',
		description: 'Sent as startedAt (epoch seconds)',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: choices(['ended', 'ongoing', 'rejected']),
		default: 'ended',
		description: 'Where the call stands',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: choices(['audio', 'video']),
		default: 'audio',
		description: 'Audio or video calls',
	},
];

/** GET /calls on the call host, newest first; filters as published, paged like the other numbered lists. */
export const getMany = listOperation({
	action: 'Get many calls',
	description: 'List the calls of the app, newest first, with optional filters: type, status, participant, recording, transcription',
	strategy: 'numberedPages',
	identity: 'sessionId',
	properties: [
		onBehalfOfField(
			ACTING_USER.actAs,
			false,
			'The user (UID) the calls are read for: only the calls they took part in. Leave empty to list all.',
		),
	],
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: filters,
		},
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const f = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const flag = (name: string, label: string) => (f[name] === undefined ? undefined : booleanOf(this, itemIndex, label, f[name], true));
		const uid = idOf(this, itemIndex, 'Participant', f.uid);
		const started = rangeEndOf(this, itemIndex, 'Started At or After', f.startedAt);
		const ended = rangeEndOf(this, itemIndex, 'Ended At or Before', f.endedAt);
		checkRange(this, itemIndex, started, ended);
		const qs = compact({
			type: optionalOptionOf(this, itemIndex, 'Type', f.type, ['audio', 'video']),
			mode: optionalOptionOf(this, itemIndex, 'Mode', f.mode, ['call', 'meet', 'presenter']),
			status: optionalOptionOf(this, itemIndex, 'Status', f.status, ['ended', 'ongoing', 'rejected']),
			receiverType: optionalOptionOf(this, itemIndex, 'Receiver Type', f.receiverType, ['user', 'group']),
			participantsCount:
				f.participantsCount === undefined ? undefined : integerOf(this, itemIndex, 'Participants Count', f.participantsCount, 1),
			startedAt: started.seconds,
			endedAt: ended.seconds,
			hasRecording: flag('hasRecording', 'Has Recording'),
			hasTranscription: flag('hasTranscription', 'Has Transcription'),
			uid: uid === '' ? undefined : uidOf(this, itemIndex, 'Participant', uid),
		});
		return { method: 'GET', host: 'call', path: ['calls'], qs, onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs) };
	},
	simplify: { fields: SIMPLIFIED_CALL_FIELDS, pick: simplifiedPicker(SIMPLIFIED_CALL_FIELDS) },
});
