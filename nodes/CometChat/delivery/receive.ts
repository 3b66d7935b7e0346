/**
 * One delivery to a push trigger, from request to answer: the Basic Auth check, the body check, the
 * key and the memory of recent keys. Each trigger supplies only what is its own: its Basic Auth
 * pair and how it reads its body into a key and an item.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { basicAuthMatches } from './basicAuth';
import { admitDelivery, recordDeliveries, withoutProcessed } from './memory';

/** What a trigger makes of a body that is a JSON object. */
export type ReadDelivery =
	/** Not a delivery of this trigger: answered 400, nothing runs. */
	| { refuse: string }
	/** A delivery the workflow does not listen for (an event it did not choose): answered 200, nothing runs. */
	| { ignore: true }
	/** An event: emitted once per key. */
	| { key: string; item: IDataObject };

export interface DeliveryReceiver {
	/** The realm named in the 401 answer's WWW-Authenticate. */
	realm: string;
	/** The pair CometChat sends; empty values refuse every delivery. */
	expected: { username?: string; password?: string };
	read: (body: IDataObject) => ReadDelivery;
}

function answer(context: IWebhookFunctions, status: number, body: IDataObject, headers: Record<string, string> = {}): IWebhookResponseData {
	const response = context.getResponseObject();
	for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
	response.status(status).json(body);
	return { noWebhookResponse: true };
}

/**
 * Answers one request: 401 without the right Basic Auth, 400 for a body that is not a JSON object
 * of the trigger's shape, 200 for the rest; the workflow runs only for an event whose key is new.
 * The item carries `deliveryKey`, the same for every delivery of one event, in every n8n process.
 */
export function receiveDelivery(context: IWebhookFunctions, receiver: DeliveryReceiver): IWebhookResponseData {
	if (!basicAuthMatches(context.getHeaderData().authorization, receiver.expected)) {
		return answer(context, 401, { message: 'Authorization required' }, { 'WWW-Authenticate': `Basic realm="${receiver.realm}"` });
	}
	// n8n hands over whatever the body parsed to: null, a string, a number, an array, or nothing.
	const body: unknown = context.getBodyData();
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		return answer(context, 400, { message: 'Not a CometChat delivery: the body must be a JSON object' });
	}
	const read = receiver.read(body as IDataObject);
	if ('refuse' in read) return answer(context, 400, { message: read.refuse });
	if ('ignore' in read) return { webhookResponse: { received: true, emitted: 0 } };
	if (!admitDelivery(context, read.key)) return { webhookResponse: { received: true, emitted: 0, repeat: true } };
	return {
		webhookResponse: { received: true, emitted: 1 },
		workflowData: [context.helpers.returnJsonArray([{ ...read.item, deliveryKey: read.key }])],
	};
}

/**
 * The push triggers' webhook: a POST answered as soon as webhook() returns, with the answer
 * webhook() gives. `responseData` is set empty on purpose: left out, n8n answers an accepted
 * delivery with the literal text `firstEntryJson`.
 */
export const ON_RECEIVED_WEBHOOK: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	responseData: '',
	path: 'webhook',
};

/**
 * The push triggers' execute(): n8n runs it first in the execution a delivery started, with the
 * emitted items as its input. It passes on the items whose event no execution has run yet (n8n's
 * memory of processed values: a repeat that reached another process, or came after a restart,
 * before any static data held its key), and records their keys (see memory.ts).
 */
export async function passDeliveriesOn(context: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = await withoutProcessed(context, context.getInputData());
	const keys = items.map((item) => item.json.deliveryKey).filter((key): key is string => typeof key === 'string');
	recordDeliveries(context, keys);
	return [items];
}
