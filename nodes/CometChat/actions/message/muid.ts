import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ListPage } from '../../transport/paginate';
import { firstPage, MESSAGES_MAX_LIMIT, readPage } from '../../transport/paginate';
import type { AppliedLookup } from '../../transport/request';
import { undecidedAfter } from '../../transport/requestErrors';

/**
 * Sends that are safe to send again (docs/cometchat-api.md, Sends that look before they resend).
 * Each item's message carries a muid; after an attempt whose answer was lost, the sender's messages
 * since shortly before the first attempt are listed (`GET /messages` by `sender` and `sentAt[from]`:
 * the published API has no muid filter) and the muid is matched here.
 */

/** How far before the first attempt the lookup starts reading: room for the service's clock to be behind ours. */
export const LOOKUP_CLOCK_MARGIN_S = 120;
/** How many pages (of 1000) of the sender's messages the lookup reads before it gives up, unable to tell. */
export const LOOKUP_MAX_PAGES = 3;

/** Each node run's part of the muids, by its context (n8n gives each run its own). */
const runParts = new WeakMap<object, string>();

/**
 * The muid of an item's message when the user set none, derived from where it is sent:
 * `n8n-<execution>-<node>-r<run>-<item>`: the execution's id, the start of the node's id, the
 * node's run in the execution (a node run again in a loop numbers its items from 0 again) and the
 * item. Where the engine gives no execution id, a random part stands for it, so two runs never share
 * a muid.
 */
export function muidFor(context: IExecuteFunctions, itemIndex: number): string {
	let run = runParts.get(context);
	if (run === undefined) {
		const execution = shortId(executionIdOf(context), 12) || Math.random().toString(36).slice(2, 10);
		run = ['n8n', execution, shortId(context.getNode().id, 8), `r${runIndexOf(context)}`].filter((part) => part !== '').join('-');
		runParts.set(context, run);
	}
	return `${run}-${itemIndex}`;
}

function runIndexOf(context: IExecuteFunctions): number {
	try {
		return Number(context.getWorkflowDataProxy(0).$runIndex) || 0;
	} catch {
		return 0;
	}
}

function executionIdOf(context: IExecuteFunctions): string {
	try {
		return String(context.getExecutionId() ?? '');
	} catch {
		return '';
	}
}

function shortId(value: unknown, length: number): string {
	return String(value ?? '')
		.replace(/[^A-Za-z0-9]/g, '')
		.slice(0, length);
}

/** The message sent: by whom, its body (with its muid), and the thread it replies in. */
export interface SentMessage {
	sender: string;
	body: IDataObject;
	parentId?: string;
	/** When the first attempt started (ms). */
	since: number;
}

/**
 * The `findApplied` of a send (transport/request.ts): the message the send stored, as the send
 * answers it (`{data: message}`, or `{data: {uids, guids}}` for several receivers), or none; it
 * cannot tell when the sender's messages run past `LOOKUP_MAX_PAGES` pages, when the list cannot be
 * read, or when only some of several receivers have the message.
 */
export function sentMessageLookup(context: IExecuteFunctions, sent: SentMessage): (deadline: number) => Promise<AppliedLookup> {
	const receivers = receiversOf(sent.body);
	return async (deadline) => {
		const found = new Map<string, IDataObject>();
		const request = {
			method: 'GET' as const,
			path: ['messages'],
			qs: { sender: sent.sender, 'sentAt[from]': Math.max(0, Math.floor(sent.since / 1000) - LOOKUP_CLOCK_MARGIN_S) },
			deadline,
		};
		let at: IDataObject | undefined = firstPage('cursor');
		for (let pages = 0; at !== undefined && found.size < receivers.length; pages++) {
			if (pages === LOOKUP_MAX_PAGES) {
				return { undecided: `the sender ${sent.sender} sent more than ${LOOKUP_MAX_PAGES * MESSAGES_MAX_LIMIT} messages since` };
			}
			let page: ListPage;
			try {
				page = await readPage.call(context, 'cursor', request, MESSAGES_MAX_LIMIT, at);
			} catch (error) {
				return undecidedAfter('listing the messages of the sender', error);
			}
			for (const record of page.records) {
				const key = receiverKeyOf(record);
				if (record.muid === sent.body.muid && sameThread(record, sent.parentId) && receivers.includes(key)) found.set(key, record);
			}
			at = page.next;
		}
		if (found.size === 0) return { notFound: true };
		if (found.size < receivers.length) {
			return { undecided: `the message was found for ${found.size} of its ${receivers.length} receivers` };
		}
		if (!sent.body.multipleReceivers) return { found: { data: [...found.values()][0] } };
		const answer: { uids: IDataObject; guids: IDataObject } = { uids: {}, guids: {} };
		for (const record of found.values()) {
			(record.receiverType === 'group' ? answer.guids : answer.uids)[String(record.receiver)] = record;
		}
		return { found: { data: answer } };
	};
}

/** `user:bob`, `group:crew`: a receiver as the lookup matches it (UIDs in lower case, as CometChat stores them). */
function receiverKey(receiverType: unknown, receiver: unknown): string {
	const id = String(receiver);
	return receiverType === 'group' ? `group:${id}` : `user:${id.toLowerCase()}`;
}

function receiverKeyOf(record: IDataObject): string {
	return receiverKey(record.receiverType, record.receiver);
}

/** Every receiver of a send body, as `receiverKey` writes it. */
function receiversOf(body: IDataObject): string[] {
	const multiple = body.multipleReceivers as { uids?: unknown[]; guids?: unknown[] } | undefined;
	const keys = body.receiver !== undefined ? [receiverKey(body.receiverType, body.receiver)] : [];
	for (const uid of multiple?.uids ?? []) keys.push(receiverKey('user', uid));
	for (const guid of multiple?.guids ?? []) keys.push(receiverKey('group', guid));
	return [...new Set(keys)];
}

function sameThread(record: IDataObject, parentId: string | undefined): boolean {
	const recordParent = record.parentId === undefined || record.parentId === null ? undefined : String(record.parentId);
	return recordParent === parentId;
}
