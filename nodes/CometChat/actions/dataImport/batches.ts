/**
 * Data Import runs (docs/cometchat-api.md, Data Import): each item is one entity; the node sends
 * them 50 to a request, in item order, one request at a time through a window that keeps to the
 * endpoint's 60 requests a minute (transport/window.ts), and gives each item CometChat's answer
 * for its entity.
 */
import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../../helpers/itemErrors';
import { isRecord } from '../../helpers/records';
import { inputError } from '../../readers/fieldErrors';
import type { CometChatResponse, RequestObserver } from '../../transport/request';
import { cometChatRequest } from '../../transport/request';
import { IMPORT_WINDOW_BOUNDS, RequestWindow } from '../../transport/window';
import type { EntityImport, ImportedEntity, OperationResult } from '../types';

/** CometChat's published limit: "transmit up to 50 entities within a single request". */
export const ENTITIES_PER_REQUEST = 50;

/**
 * The per-entity codes that mean the entity is in CometChat already: a second import of a muid is
 * published (`ERR_IMPORT_MUID_ALREADY_EXISTS`); for users, groups and members the description is
 * silent, and these are the package's choice (unverified): the chat API's codes for the same.
 */
export const ALREADY_IMPORTED: Readonly<Record<EntityImport['endpoint'], string>> = {
	users: 'ERR_UID_ALREADY_EXISTS',
	groups: 'ERR_GUID_ALREADY_EXISTS',
	members: 'ERR_ALREADY_JOINED',
	messages: 'ERR_IMPORT_MUID_ALREADY_EXISTS',
};

/**
 * Gives an item its outcome: `work` resolves to its output or throws its error. Answers whether the
 * run goes on (false: the item failed without Continue On Fail). CometChat.node.ts keeps the outputs.
 */
export type SettleItem = (itemIndex: number, work: () => Promise<OperationResult>) => Promise<boolean>;

interface Entry extends ImportedEntity {
	itemIndex: number;
}

/**
 * Runs the items of one Data Import operation: each batch's items are read and checked before it is
 * sent (a bad item, or a second item with a key already read, fails with its field and is left
 * out), and the next batch is read while one is on its way or waits for the rate limit.
 */
export async function runImport(context: IExecuteFunctions, count: number, spec: EntityImport, settle: SettleItem): Promise<void> {
	const reader = new BatchReader(context, count, spec);
	const window = new RequestWindow(IMPORT_WINDOW_BOUNDS, { learnsRateWindow: true });
	let batch = reader.next();
	for (;;) {
		if (!(await settleRefused(batch.refused, settle))) return;
		if (batch.entries.length === 0) return;
		const entries = batch.entries;
		const sending = (async () => {
			while (!window.hasRoom()) await window.waitForRoom();
			return await window.run((observer) => importBatch(context, spec, entries, settle, observer));
		})();
		// Read while the batch waits for its turn or its answer: the reading is the node's own work.
		batch = reader.next();
		if (!(await sending)) return;
	}
}

/** The items whose input was refused, each given its error in order; false when the run stops. */
async function settleRefused(refused: Array<[number, unknown]>, settle: SettleItem): Promise<boolean> {
	for (const [itemIndex, error] of refused) {
		if (!(await settle(itemIndex, async () => await Promise.reject(error)))) return false;
	}
	return true;
}

/** Reads the items in order, a batch at a time: the entities of up to 50 items, and the items refused on the way. */
class BatchReader {
	private nextItem = 0;
	private readonly firstItemOf = new Map<string, number>();

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly count: number,
		private readonly spec: EntityImport,
	) {}

	next(): { entries: Entry[]; refused: Array<[number, unknown]> } {
		const entries: Entry[] = [];
		const refused: Array<[number, unknown]> = [];
		while (entries.length < ENTITIES_PER_REQUEST && this.nextItem < this.count) {
			const itemIndex = this.nextItem++;
			try {
				entries.push({ ...readOnce(this.context, itemIndex, this.spec, this.firstItemOf), itemIndex });
			} catch (error) {
				refused.push([itemIndex, error]);
			}
		}
		return { entries, refused };
	}
}

/** One item imported alone (the operation's `execute`, e.g. an AI agent's tool call): a batch of one. */
export async function importOneItem(context: IExecuteFunctions, itemIndex: number, spec: EntityImport): Promise<OperationResult> {
	const entry = { ...spec.read(context, itemIndex), itemIndex };
	let result: OperationResult | undefined;
	let failure: unknown;
	await importBatch(context, spec, [entry], async (_, work) => {
		try {
			result = await work();
		} catch (error) {
			failure = error;
		}
		return true;
	});
	if (failure !== undefined || result === undefined) throw failure;
	return result;
}

/** Reads an item's entity; a key already read from an earlier item of the run is refused, naming both. */
function readOnce(context: IExecuteFunctions, itemIndex: number, spec: EntityImport, firstItemOf: Map<string, number>): ImportedEntity {
	const entity = spec.read(context, itemIndex);
	const earlier = firstItemOf.get(entity.id);
	if (earlier !== undefined) {
		throw inputError(
			context,
			itemIndex,
			`The ${spec.idLabel} "${entity.id}" is also item ${earlier}'s: each ${spec.noun} is imported once a run`,
			`Remove the repeated ${spec.noun} from the input (e.g. with the Remove Duplicates node), or merge the two items.`,
		);
	}
	firstItemOf.set(entity.id, itemIndex);
	return entity;
}

/**
 * One request for a batch; each item settled with its entity's answer. A request that fails (after
 * the transport's retries) fails each of its items with its error. Answers whether the run goes on.
 *
 * Sent `retrySafe`: a batch sent again after an answer that was lost imports nothing twice, since
 * CometChat answers each entity the first attempt imported with its "already exists" code, which
 * this reports as already imported.
 */
async function importBatch(
	context: IExecuteFunctions,
	spec: EntityImport,
	batch: Entry[],
	settle: SettleItem,
	observer?: RequestObserver,
): Promise<boolean> {
	let response: CometChatResponse;
	try {
		response = await cometChatRequest.call(
			context,
			{
				method: 'POST',
				path: ['data_import', spec.endpoint],
				body: { [spec.endpoint]: Object.fromEntries(batch.map(({ id, entity }) => [id, entity])) },
				secrets: batch.flatMap(({ secrets }) => secrets ?? []),
				retrySafe: true,
				checkAnswer: (body) =>
					isRecord((body as IDataObject)?.data) ? undefined : { wrong: 'has no `data` object keyed by the entities' },
			},
			observer,
		);
	} catch (error) {
		const failure = asNodeError(context.getNode(), error);
		let goOn = true;
		for (const { itemIndex } of batch) {
			goOn = (await settle(itemIndex, async () => await Promise.reject(batchFailure(context, failure, batch, itemIndex)))) && goOn;
		}
		return goOn;
	}
	const answers = response.data as IDataObject;
	let goOn = true;
	for (const { itemIndex, id } of batch) {
		goOn = (await settle(itemIndex, async () => await Promise.resolve(outcomeOf(context, spec, id, answers[id], itemIndex)))) && goOn;
	}
	return goOn;
}

/**
 * What an import's item outputs (outcomeOf), for the AI tool's description; `key` says what its key
 * holds, e.g. "its UID".
 */
export function importReturns(key: string): string {
	return `Returns outcome (imported or alreadyImported), key (${key}) and record (what CometChat stored), or code when already imported.`;
}

/** An item's output from its entity's answer (`data.<id>`: `success`, then `data` or `error`), or its error. */
function outcomeOf(context: IExecuteFunctions, spec: EntityImport, id: string, answer: unknown, itemIndex: number): IDataObject {
	if (!isRecord(answer)) {
		const error = new NodeOperationError(context.getNode(), `CometChat's answer said nothing of the ${spec.noun} "${id}"`, {
			itemIndex,
			description: `The request was answered, but not for this ${spec.noun}: it may have been imported. Run the item again: a ${spec.noun} imported already is reported so.`,
		});
		error.context.mayHaveBeenApplied = true;
		throw error;
	}
	if (answer.success === true) return { outcome: 'imported', key: id, record: isRecord(answer.data) ? answer.data : {} };
	const { code, message } = entityError(answer.error);
	if (code === ALREADY_IMPORTED[spec.endpoint]) return { outcome: 'alreadyImported', key: id, code };
	throw new NodeOperationError(
		context.getNode(),
		`CometChat did not import the ${spec.noun} "${id}": ${message}${code ? ` (${code})` : ''}`,
		{
			itemIndex,
			description: `Correct the ${spec.noun} and run the item again; the items CometChat imported are reported as already imported on a second run.`,
		},
	);
}

/** An entity's error: CometChat does not publish its shape; its error envelope ({code, message}) or text is read. */
function entityError(error: unknown): { code?: string; message: string } {
	if (typeof error === 'string') return { message: error };
	if (!isRecord(error)) return { message: 'no reason given' };
	const code = typeof error.code === 'string' ? error.code : undefined;
	const message = typeof error.message === 'string' ? error.message : 'no reason given';
	return { code, message };
}

/** The batch's error as one item's: its own copy (each item's error names its item), with what may have been applied. */
function batchFailure(
	context: IExecuteFunctions,
	failure: NodeApiError | NodeOperationError,
	batch: Entry[],
	itemIndex: number,
): NodeOperationError {
	const items = `${batch[0].itemIndex}–${batch[batch.length - 1].itemIndex}`;
	const error = new NodeOperationError(context.getNode(), failure.message.replace(/ \[item \d+\]$/, ''), {
		itemIndex,
		description: `${typeof failure.description === 'string' ? `${failure.description} ` : ''}The request carried items ${items}, 50 at most.`,
	});
	if (failure.context.mayHaveBeenApplied === true) error.context.mayHaveBeenApplied = true;
	const { httpCode } = failure as { httpCode?: unknown };
	if (typeof httpCode === 'string') error.context.httpCode = httpCode;
	return error;
}
