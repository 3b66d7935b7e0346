/**
 * The run's parameter memory (items/parameterMemory.ts): a parameter without an expression costs
 * n8n one read for the whole run, and `{{ $json.field }}` is read from the item. Both must answer
 * exactly what n8n's own evaluation answers, so each case here runs the same items twice: once with
 * the short form and once with an expression n8n has to evaluate (`{{ ($json.field) }}`), and
 * compares what reached the emulator, the outputs and the errors.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { ExecuteContext } from 'n8n-core';

import { ParameterMemory } from '../../nodes/CometChat/items/parameterMemory';
import { apiRequests, credentialsFor } from '../harness/emulator';
import type { RunResult } from '../harness/engine';
import { runNode } from '../harness/engine';
import { useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = async (parameters: INodeParameters, input: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

/** Counts n8n's own parameter reads (the method every getNodeParameter of n8n-core ends in). */
function countN8nReads(): { counts: Map<string, number>; stop: () => void } {
	const proto = Object.getPrototypeOf(ExecuteContext.prototype) as { _getNodeParameter: (...args: unknown[]) => unknown };
	const original = proto._getNodeParameter;
	const counts = new Map<string, number>();
	proto._getNodeParameter = function (this: unknown, name: unknown, ...rest: unknown[]) {
		counts.set(String(name), (counts.get(String(name)) ?? 0) + 1);
		return original.call(this, name, ...rest);
	};
	return { counts, stop: () => (proto._getNodeParameter = original) };
}

/** The run's user bodies as the emulator received them, the outputs and the error, without what differs between two runs. */
function outcome(result: RunResult, from: number) {
	const bodies = apiRequests(emulator())
		.slice(from)
		.map((request) => request.body);
	return {
		bodies,
		outputs: result.items.map((item) => (item.error ? { error: item.json.error } : { uid: item.json.uid, name: item.json.name })),
		error: result.error && { name: result.error.name, message: result.error.message, description: result.error.description },
	};
}

/** Runs User → Create with `uid` and `name` as given, then again with both as expressions n8n evaluates; answers both outcomes. */
async function bothWays(uid: string, name: string, input: IDataObject[], nodeOptions = {}) {
	const evaluated = (expression: string) => expression.replace(/\{\{\s*(.*?)\s*\}\}/, '{{ ($1) }}');
	const outcomes = [];
	for (const [uidParameter, nameParameter] of [
		[uid, name],
		[evaluated(uid), evaluated(name)],
	]) {
		emulator().store.users.clear();
		const from = apiRequests(emulator()).length;
		const result = await run({ resource: 'user', operation: 'create', uid: uidParameter, name: nameParameter }, input, nodeOptions);
		outcomes.push(outcome(result, from));
	}
	return outcomes;
}

describe('the parameter memory', () => {
	it('reads a fixed parameter from n8n once per run and `{{ $json.field }}` never, however many items', async () => {
		const readsFor = async (count: number) => {
			const input = Array.from({ length: count }, (_, index) => ({ uid: `pm-${count}-${index}`, name: `User ${index}` }));
			const reads = countN8nReads();
			try {
				const result = await run(
					{
						resource: 'user',
						operation: 'create',
						uid: '={{ $json.uid }}',
						name: '={{ $json["name"] }}',
						additionalFields: { role: 'default', metadata: '{"team":"a"}' },
					},
					input,
				);
				expect(result.error).toBeUndefined();
				expect(result.items.map((item) => item.json.uid)).toEqual(input.map((item) => item.uid));
				expect(result.items.every((item) => item.json.role === 'default')).toBe(true);
			} finally {
				reads.stop();
			}
			return Object.fromEntries(reads.counts);
		};
		const few = await readsFor(3);
		const many = await readsFor(60);
		expect(many).toEqual(few);
		expect(many.uid).toBeUndefined();
		expect(many.name).toBeUndefined();
		expect(many.additionalFields).toBe(1);
	});

	it('answers what n8n answers for text, numbers and booleans', async () => {
		const input = [
			{ uid: 'pm-text', name: 'Ada Lovelace' },
			{ uid: 'pm-number', name: 42 },
			{ uid: 'pm-boolean', name: true },
			{ uid: 'pm-spaces', name: '  padded  ' },
		];
		const [short, evaluated] = await bothWays('={{$json.uid}}', "={{ $json['name'] }}", input, { continueOnFail: true });
		expect(short).toEqual(evaluated);
		expect(short.bodies.length).toBeGreaterThan(0);
	});

	it('leaves objects, null and missing fields to n8n, with its own errors', async () => {
		for (const name of [{ first: 'Ada' }, null, undefined, ['Ada']]) {
			const input = [{ uid: 'pm-odd', ...(name === undefined ? {} : { name }) }];
			const [short, evaluated] = await bothWays('={{ $json.uid }}', '={{ $json.name }}', input, { continueOnFail: true });
			expect(short).toEqual(evaluated);
		}
	});

	it('reads a resource locator whose value is `{{ $json.field }}` as n8n does', async () => {
		emulator().store.users.clear();
		const input = [
			{ uid: 'pm-rl-1', name: 'One' },
			{ uid: 'pm-rl-2', name: 'Two' },
		];
		await run({ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' }, input);
		const runs = [];
		for (const value of ['={{ $json.uid }}', '={{ ($json.uid) }}']) {
			const from = apiRequests(emulator()).length;
			const result = await run(
				{
					resource: 'user',
					operation: 'update',
					uid: { __rl: true, mode: 'id', value },
					updateFields: { name: '={{ $json.name }} again' },
				},
				input,
			);
			runs.push(outcome(result, from));
		}
		expect(runs[0]).toEqual(runs[1]);
		expect(runs[0].outputs.map((output) => output.name)).toEqual(['One again', 'Two again']);
	});

	it('hands each read of a fixed object its own copy', () => {
		const answer = { metadata: { team: 'a' } };
		let reads = 0;
		const context = {
			getNode: () => ({ parameters: { additionalFields: { metadata: { team: 'a' } } } }),
			getInputData: () => [{ json: {} }, { json: {} }],
			getNodeParameter: () => {
				reads++;
				return structuredClone(answer);
			},
		};
		const memory = new ParameterMemory(context as never);
		const first = memory.context.getNodeParameter('additionalFields', 0, {}) as { metadata: IDataObject };
		first.metadata.team = 'changed by item 0';
		const second = memory.context.getNodeParameter('additionalFields', 1, {}) as { metadata: IDataObject };
		expect(second).toEqual(answer);
		expect(reads).toBe(1);
	});

	it('gives a parameter missing from the node each read its own fallback', () => {
		const fallbacks: unknown[] = [];
		const context = {
			getNode: () => ({ parameters: {} }),
			getInputData: () => [{ json: {} }],
			getNodeParameter: (_name: string, _itemIndex: number, fallback: unknown) => {
				fallbacks.push(fallback);
				return fallback;
			},
		};
		const memory = new ParameterMemory(context as never);
		expect(memory.read(0, 'receiverType')).toBe('');
		expect(memory.context.getNodeParameter('receiverType', 0, 'user')).toBe('user');
		expect(memory.context.getNodeParameter('receiverType', 0, 'group')).toBe('group');
		expect(fallbacks).toEqual(['', 'user', 'group']);
	});
});
