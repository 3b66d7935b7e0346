import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

/** `={{ $json.field }}` (or `$json["field"]`): the expression an item's parameter most often holds. */
const JSON_FIELD = /^=\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\])\s*\}\}$/;

/** How a parameter is read for an item, worked out once per run from its raw value. */
type ReadPlan = { kind: 'fixed' } | { kind: 'jsonField'; field: string; locator?: IDataObject } | { kind: 'n8n' };

/**
 * The node run's context with a memory of its parameters, so that an item costs as few of n8n's
 * parameter reads as it can. Each of those builds the item's whole data context to evaluate an
 * expression, and then scans the node's 600 properties for the one to validate the value against
 * (n8n-core's validateValueAgainstSchema); measured in the real n8n, they were most of an item's
 * CPU beside its request, and a run of thousands of items is bound by n8n's CPU.
 * - A parameter that holds no expression is the same for every item: n8n's answer for the first
 *   read is kept for the run (an object as a copy for each read, so an operation may change its own).
 * - A parameter that is only `{{ $json.field }}`, where the item's field holds text, a number or a
 *   boolean, is that value: what n8n's evaluation would answer, read from the item. Any other
 *   value (an object, null, missing) is left to n8n, with its own errors.
 * - A parameter read for an item's order keys (actions/orderKeys.ts) is handed once to the
 *   operation's own read of it, instead of n8n evaluating its expression a second time.
 * Reads with options (extractValue, ensureType, …) always go to n8n.
 *
 * The context is the run's own object underneath (its prototype), so everything else the operations
 * call on it is n8n's. The node uses this one object for the whole run: what the package keeps per
 * context (the credential read once, the secrets noted, the request observer) is kept on it.
 */
export class ParameterMemory {
	readonly context: IExecuteFunctions;
	private readonly remembered = new Map<number, Map<string, unknown>>();
	private readonly plans = new Map<string, ReadPlan>();
	/** n8n's answers for parameters without expressions, by name and fallback. */
	private readonly fixed = new Map<string, unknown>();
	private readonly parameters: INodeParameters;
	private readonly items: INodeExecutionData[];

	constructor(private readonly run: IExecuteFunctions) {
		// getNode() copies the whole node on each call: once is enough.
		this.parameters = run.getNode().parameters;
		this.items = run.getInputData();
		const context = Object.create(run) as IExecuteFunctions;
		context.getNodeParameter = ((name: string, itemIndex: number, fallback?: unknown, options?: unknown) => {
			const values = options === undefined ? this.remembered.get(itemIndex) : undefined;
			if (values?.has(name)) {
				const value = values.get(name);
				values.delete(name);
				// Remembered with the fallback '': a missing parameter is read again with this read's own.
				if (value !== '' || fallback === '') return value;
			}
			return options === undefined ? this.valueOf(name, itemIndex, fallback) : this.n8nValue(name, itemIndex, fallback, options);
		}) as IExecuteFunctions['getNodeParameter'];
		this.context = context;
	}

	/** Reads a parameter of an item, and keeps it for the operation's own read. */
	read(itemIndex: number, name: string): unknown {
		const value = this.valueOf(name, itemIndex, '');
		let values = this.remembered.get(itemIndex);
		if (!values) this.remembered.set(itemIndex, (values = new Map()));
		values.set(name, value);
		return value;
	}

	/** Drops what the operation of an item did not read (it ended, or failed before). */
	forget(itemIndex: number): void {
		this.remembered.delete(itemIndex);
	}

	private valueOf(name: string, itemIndex: number, fallback: unknown): unknown {
		const plan = this.planOf(name);
		if (plan.kind === 'jsonField') {
			const value = this.items[itemIndex]?.json?.[plan.field];
			if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
				return plan.locator ? { ...plan.locator, value } : value;
			}
		}
		if (plan.kind !== 'fixed') return this.n8nValue(name, itemIndex, fallback);
		const key = `${name}\u0000${typeof fallback === 'object' ? JSON.stringify(fallback) : `${typeof fallback}:${String(fallback)}`}`;
		if (!this.fixed.has(key)) this.fixed.set(key, this.n8nValue(name, itemIndex, fallback));
		const value = this.fixed.get(key);
		return typeof value === 'object' && value !== null ? deepCopy(value) : value;
	}

	private n8nValue(name: string, itemIndex: number, fallback: unknown, options?: unknown): unknown {
		return this.run.getNodeParameter(name, itemIndex, fallback as never, options as never);
	}

	private planOf(name: string): ReadPlan {
		let plan = this.plans.get(name);
		if (plan) return plan;
		plan = { kind: 'n8n' };
		// A path with brackets is left to n8n's own lookup.
		if (!name.includes('[')) {
			const raw = name.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), this.parameters);
			const locator = isObject(raw) && raw.__rl === true ? raw : undefined;
			const field = jsonFieldOf(locator ? locator.value : raw);
			if (field !== undefined) plan = { kind: 'jsonField', field, locator };
			else if (!holdsExpression(raw)) plan = { kind: 'fixed' };
		}
		this.plans.set(name, plan);
		return plan;
	}
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null;
}

function jsonFieldOf(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const match = JSON_FIELD.exec(raw);
	return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Whether a raw parameter value (or anything inside it) is an expression, which n8n evaluates per item. */
function holdsExpression(raw: unknown): boolean {
	if (typeof raw === 'string') return raw.startsWith('=');
	if (Array.isArray(raw)) return raw.some(holdsExpression);
	if (isObject(raw)) return Object.values(raw).some(holdsExpression);
	return false;
}
