/**
 * How Templated Notification → Send turns items into sends (docs/cometchat-api.md, Campaigns →
 * Sends from items). In Combine Items mode each item is one receiver with its own variables, and the
 * run's items of the same template and tag go out together: one request per up to 10,000 receivers
 * (a receiver named again by a later item goes into the next request: two items, two notifications).
 * Each item then outputs its receiver and the result of the send it was part of. The plan is made
 * once per node run by the first item to run, from every item's parameters; an item whose
 * parameters are wrong fails alone, before anything is sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/** The most receivers one send takes (SendNotificationDto.receivers, maxItems). */
export const MAX_RECEIVERS_PER_SEND = 10_000;

/** What one item adds to a send. */
export interface ItemPart {
	templateId: string;
	tag?: string;
	receiver: string;
	variables?: IDataObject;
}

/** One request: its body, and the items whose receivers it holds. */
export interface PlannedSend {
	body: IDataObject;
	items: number[];
}

/**
 * The sends of the items' parts, in input order: grouped by template and tag, each group split into
 * requests of at most `maxReceivers` distinct receivers.
 */
export function planSends(parts: ReadonlyMap<number, ItemPart>, maxReceivers = MAX_RECEIVERS_PER_SEND): PlannedSend[] {
	const groups = new Map<string, Array<{ receivers: Map<string, IDataObject | undefined>; items: number[] }>>();
	for (const [itemIndex, part] of parts) {
		const key = JSON.stringify([part.templateId, part.tag ?? null]);
		const chunks = groups.get(key) ?? [];
		groups.set(key, chunks);
		let chunk = chunks.find((candidate) => candidate.receivers.size < maxReceivers && !candidate.receivers.has(part.receiver));
		if (!chunk) chunks.push((chunk = { receivers: new Map(), items: [] }));
		chunk.receivers.set(part.receiver, part.variables);
		chunk.items.push(itemIndex);
	}
	return [...groups].flatMap(([key, chunks]) => {
		const [templateId, tag] = JSON.parse(key) as [string, string | null];
		return chunks.map(({ receivers, items }) => {
			const body: IDataObject = { templateId, receivers: [...receivers.keys()] };
			const variables = Object.fromEntries([...receivers].filter(([, values]) => values !== undefined));
			if (Object.keys(variables).length > 0) body.variables = variables;
			if (tag !== null) body.tag = tag;
			return { body, items };
		});
	});
}

/** Each item's outcome in a run's plan: its output, or the error it fails with. */
export type ItemOutcome = Promise<IDataObject>;

/** The plan of each node run (its context), made by the first item of the run that asks. */
const plansByRun = new WeakMap<object, Map<number, ItemOutcome>>();

/**
 * The outcome of `itemIndex` in its run's plan. `planRun` reads every item and sends; it is called
 * once per run. A rejected outcome nobody awaits (its item never ran) is not an unhandled rejection.
 */
export function outcomeOf(context: IExecuteFunctions, itemIndex: number, planRun: () => Map<number, ItemOutcome>): ItemOutcome {
	let plan = plansByRun.get(context);
	if (!plan) {
		plan = planRun();
		for (const outcome of plan.values()) outcome.catch(() => undefined);
		plansByRun.set(context, plan);
	}
	return plan.get(itemIndex) ?? Promise.reject(new Error(`Item ${itemIndex} has no place in the run's sends`));
}
