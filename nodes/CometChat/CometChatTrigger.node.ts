import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from './fields/common';
import { simplifyOption } from './fields/lists';
import { asNodeError } from './helpers/itemErrors';
import { locatorValue } from './readers/text';
import { moderationListSearch } from './methods/moderation';
import type { TriggerEvent } from './pollingTrigger/events';
import { TRIGGER_EVENTS } from './pollingTrigger/events';
import { PollClock } from './pollingTrigger/budget';
import type { ScannedRecord } from './pollingTrigger/scan';
import { pagesBefore, scanBacklog, scanList } from './pollingTrigger/scan';
import type { BacklogState, EventState } from './pollingTrigger/seenWindow';
import { SeenWindow } from './pollingTrigger/seenWindow';
import { MODERATION_MAX_LIMIT, pagesByLimitAndPage } from './transport/paginate';
import { isTransientError } from './transport/request';

/** What the trigger keeps in the workflow's static data, per event (see pollingTrigger/seenWindow.ts). */
type TriggerState = Partial<Record<TriggerEvent['value'], EventState>>;

/** Pages a manual test reads at most to find a sample that passes the filter. */
const SAMPLE_PAGES = 3;

export class CometChatTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Trigger',
		name: 'cometChatTrigger',
		icon: { light: 'file:cometchat.svg', dark: 'file:cometchat.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: eventNamesSubtitle(),
		// n8n's node panel lists this trigger inside the CometChat node's entry and shows this
		// description for both: it starts with the node's own.
		description: 'Manage CometChat users, groups, messages, bots, calls and moderation, and start on flagged or blocked messages',
		defaults: { name: 'CometChat Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'cometChatApi', required: true }],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: TRIGGER_EVENTS.map(({ name, value }) => ({ name, value })),
				default: ['flaggedMessage'],
				description: 'Which moderation events start the workflow. Each output item says which one in its "event" field.',
			},
			{
				...locatorField(LOCATOR_KINDS.reason, {
					name: 'reasonId',
					displayName: 'Only Flagged For Reason',
					description: 'Only flagged messages whose latest flag gives this reason. Leave empty for all.',
				}),
				displayOptions: { show: { events: ['flaggedMessage'] } },
			},
			{
				...locatorField(LOCATOR_KINDS.rule, {
					name: 'ruleId',
					displayName: 'Only Blocked By Rule',
					description: 'Only messages blocked by this moderation rule. Leave empty for all.',
				}),
				displayOptions: { show: { events: ['blockedMessage'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Include Existing on First Poll',
						name: 'includeExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll emits every message already flagged or blocked. When off, the first poll only notes where the lists stand, and later polls emit what is new.',
					},
					simplifyOption('id, sender, receiver, text, the reason or rule, and when: flaggedAt or createdAt'),
				],
			},
		],
	};

	methods = { listSearch: moderationListSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const events = selectedEvents(this);
		const options = this.getNodeParameter('options', {}) as IDataObject;
		if (this.getMode() === 'manual') return [await samples(this, events, options)];

		const staticData = this.getWorkflowStaticData('node') as { events?: TriggerState };
		const stored: TriggerState = staticData.events ?? {};
		const firstPoll = events.some((event) => stored[event.value] === undefined);
		const updated: TriggerState = {};
		let output: INodeExecutionData[] = [];
		// n8n's poll budget (2.38 and later): a long walk stops in time and the next polls go on.
		const clock = PollClock.of(this);
		try {
			for (const event of events) {
				const state = stored[event.value];
				const window = new SeenWindow(state);
				if (state === undefined && options.includeExisting !== true) {
					// Only note where the list stands: its newest second and the records at it.
					await scanList(this, event, window, { fromNewest: true });
					updated[event.value] = window.toState();
				} else {
					const filterId = filterIdOf(this, event);
					const { fresh, backlog } = await readEvent(this, event, window, state?.backlog ?? [], {
						output: (record) => (!filterId || event.matches(record, filterId) ? toJson(event, record, options) : undefined),
						clock,
					});
					output = output.concat(oldestFirst(fresh));
					updated[event.value] = { ...window.toState(), ...(backlog.length > 0 ? { backlog } : {}) };
				}
			}
		} catch (error) {
			// A failed poll emits nothing and keeps the state as it was: the next poll reads it all again.
			if (firstPoll || !isTransientError(error)) throw asNodeError(this.getNode(), error);
			this.logger.warn(`CometChat Trigger: the poll failed and is retried at the next poll time (${(error as Error).message})`);
			return null;
		}
		// Saved only now, after every request of the poll succeeded.
		staticData.events = { ...stored, ...updated };
		return output.length > 0 ? [output] : null;
	}
}

/**
 * One event's poll: the walk from the top of the list down to the window's floor, then the
 * backlogs that walks stopped by the budget left, newest first, while the budget lasts. A walk the
 * budget stops leaves the rest of its stretch as a backlog (docs/cometchat-api.md, The polling
 * trigger's budget).
 */
async function readEvent(
	context: IPollFunctions,
	event: TriggerEvent,
	window: SeenWindow,
	stored: BacklogState[],
	{ output, clock }: { output: (record: IDataObject) => IDataObject | undefined; clock?: PollClock },
): Promise<{ fresh: ScannedRecord[]; backlog: BacklogState[] }> {
	const top = await scanList(context, event, window, { output, clock });
	let fresh = top.fresh;
	const backlog = stored.slice();
	// The backlogs this poll read (or made), whose last page read is where they stand now.
	let current = 0;
	if (top.stopped) {
		// No read-back below the newest 60 s for a shift during a stopped walk: the next polls' time
		// goes to the backlog (docs/cometchat-api.md, The polling trigger's budget).
		backlog.unshift(window.splitBelow(top.stopped.second, null, pagesBefore(top.stopped.offset)));
		current = 1;
	} else {
		window.settle(top.shiftFloor);
		while (current < backlog.length && (!clock || clock.mayReadPage())) {
			// Every record found new so far this poll lies above it, and arrived since it was last read.
			const { fresh: found, rest } = await scanBacklog(context, event, backlog[current], { output, clock, shift: fresh.length });
			fresh = fresh.concat(found);
			if (rest) {
				backlog[current++] = rest;
				break;
			}
			backlog.splice(current, 1);
		}
	}
	// The others moved down by the records found new above them (each arrived since they were read).
	for (let i = current; i < backlog.length; i++) {
		const ceiling = backlog[i].ceiling;
		const above = fresh.reduce((count, record) => (record.timestamp > ceiling ? count + 1 : count), 0);
		backlog[i] = { ...backlog[i], page: backlog[i].page + Math.round(above / MODERATION_MAX_LIMIT) };
	}
	return { fresh, backlog };
}

/** The canvas subtitle: the selected events by name ("New Flagged Message"), not by value. */
function eventNamesSubtitle(): string {
	const names = TRIGGER_EVENTS.map(({ value, name }) => `.replace(${JSON.stringify(value)}, ${JSON.stringify(name)})`).join('');
	return `={{$parameter["events"].join(", ")${names}}}`;
}

function selectedEvents(context: IPollFunctions): TriggerEvent[] {
	const values = context.getNodeParameter('events', []) as string[];
	const events = TRIGGER_EVENTS.filter((event) => values.includes(event.value));
	if (events.length === 0) {
		throw new NodeOperationError(context.getNode(), 'No event is selected', {
			description: 'Choose New Flagged Message, New Blocked Message, or both, in Events.',
		});
	}
	return events;
}

/** The reason or rule a user narrowed the event to, if any. */
function filterIdOf(context: IPollFunctions, event: TriggerEvent): string {
	const parameter = event.value === 'flaggedMessage' ? 'reasonId' : 'ruleId';
	return locatorValue(context.getNodeParameter(parameter, ''));
}

/** Output items, oldest first (the list is newest first). */
function oldestFirst(fresh: ScannedRecord[]): INodeExecutionData[] {
	// Reversed and sorted stably, records of one second keep their order. Loops, not spreads: a
	// backlog can hold hundreds of thousands of records.
	const sorted = fresh
		.slice()
		.reverse()
		.sort((a, b) => a.timestamp - b.timestamp);
	const items: INodeExecutionData[] = [];
	for (const { json } of sorted) if (json) items.push({ json });
	return items;
}

function toJson(event: TriggerEvent, record: IDataObject, options: IDataObject): IDataObject {
	return { event: event.value, ...(options.simplify === false ? record : event.simplify(record)) };
}

/** The Test button: the newest item of each event, without touching the state. */
async function samples(context: IPollFunctions, events: TriggerEvent[], options: IDataObject): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (const event of events) {
		const filterId = filterIdOf(context, event);
		let pagesRead = 0;
		for await (const page of pagesByLimitAndPage.call(context, { method: 'GET', path: event.path })) {
			const sample = page.find((record) => !filterId || event.matches(record, filterId));
			if (sample) {
				items.push({ json: toJson(event, sample, options) });
				break;
			}
			if (++pagesRead >= SAMPLE_PAGES) break;
		}
	}
	if (items.length === 0) {
		const names = events.map((event) => event.name.replace('New ', '').toLowerCase()).join(' or ');
		throw new NodeOperationError(context.getNode(), `There is no ${names} to show yet`, {
			description:
				'The test shows the newest one as a sample. Flag a message in CometChat (or wait for a moderation rule to block one), then test again. Once the workflow is active, new ones start it.',
		});
	}
	return items;
}
