import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The node run's context with a short memory: a parameter read for an item's order keys
 * (actions/orderKeys.ts) is handed to the operation's own read of it (the same name, the fallback
 * `''`, no options) once, instead of n8n evaluating its expression a second time. An expression is
 * the dearest part of an item after its request: n8n builds its whole data context for each one.
 *
 * The context is the run's own object underneath (its prototype), so everything else the operations
 * call on it is n8n's. The node uses this one object for the whole run: what the package keeps per
 * context (the credential read once, the secrets noted, the request observer) is kept on it.
 */
export class ParameterMemory {
	readonly context: IExecuteFunctions;
	private readonly remembered = new Map<number, Map<string, unknown>>();

	constructor(private readonly run: IExecuteFunctions) {
		const context = Object.create(run) as IExecuteFunctions;
		context.getNodeParameter = ((name: string, itemIndex: number, fallback?: unknown, options?: unknown) => {
			const values = fallback === '' && options === undefined ? this.remembered.get(itemIndex) : undefined;
			if (values?.has(name)) {
				const value = values.get(name);
				values.delete(name);
				return value;
			}
			return run.getNodeParameter(name, itemIndex, fallback as never, options as never);
		}) as IExecuteFunctions['getNodeParameter'];
		this.context = context;
	}

	/** Reads a parameter of an item, and keeps it for the operation's own read. */
	read(itemIndex: number, name: string): unknown {
		const value = this.run.getNodeParameter(name, itemIndex, '');
		let values = this.remembered.get(itemIndex);
		if (!values) this.remembered.set(itemIndex, (values = new Map()));
		values.set(name, value);
		return value;
	}

	/** Drops what the operation of an item did not read (it ended, or failed before). */
	forget(itemIndex: number): void {
		this.remembered.delete(itemIndex);
	}
}
