/**
 * The contract test's report over a request log. The published operations, the deviations and the
 * checks live in contract/ (contract/schema.ts), shared with the emulator's request validation.
 */
import type { CheckedRequest, Deviation, Operation, RecordedRequest } from '../../contract/schema';
import { checkRequest, operationKey } from '../../contract/schema';

export * from '../../contract/schema';

export interface Summary {
	checked: CheckedRequest[];
	passed: number;
	violations: number;
	report: string;
}

/** Checks every request and writes the report: violations grouped by operation, then the figures. */
export function summarize(operations: Operation[], deviations: Deviation[], requests: RecordedRequest[]): Summary {
	const all = requests.map((request) => checkRequest(operations, deviations, request));
	const lines: string[] = [];
	// Requests a test sends off-contract on purpose are listed, not counted; one that conforms after all is a stale mark.
	const offContract = all.filter((item) => item.request.offContract !== undefined);
	const checked = all.filter((item) => item.request.offContract === undefined);
	for (const item of offContract) {
		const conforms = item.violations.length === 0;
		lines.push(
			`${conforms ? 'STALE off-contract mark' : 'Off-contract on purpose'}: ${item.operation} (${relative(item.request.testFile ?? '')}: ${item.request.offContract})` +
				(conforms
					? ': the request conforms; remove the mark'
					: `: ${item.violations.map((violation) => violation.name || violation.in).join(', ')}`),
		);
	}
	const stale = offContract.filter((item) => item.violations.length === 0).length;
	const byOperation = new Map<string, CheckedRequest[]>();
	for (const item of checked) byOperation.set(item.operation, [...(byOperation.get(item.operation) ?? []), item]);

	for (const [operation, items] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
		const failing = items.filter((item) => item.violations.length > 0);
		if (failing.length === 0) continue;
		lines.push(`${operation}: ${failing.length} of ${items.length} requests violate the published operation`);
		const distinct = new Map<string, { count: number; example: CheckedRequest }>();
		for (const item of failing) {
			for (const violation of item.violations) {
				const text = `${violation.in} ${violation.name}: ${violation.message}`.replace(/ +/g, ' ');
				const entry = distinct.get(text) ?? { count: 0, example: item };
				entry.count++;
				distinct.set(text, entry);
			}
		}
		for (const [text, { count, example }] of distinct) {
			lines.push(`  - ${text} (${count}x, e.g. ${example.request.testFile ? relative(example.request.testFile) : 'a request'})`);
		}
	}

	const used = new Set(all.flatMap((item) => item.allowed.map((allowed) => allowed.deviation)));
	const unused = deviations.filter((deviation) => !used.has(deviation));
	lines.push(`Allowed deviations seen: ${used.size} of ${deviations.length}`);
	for (const deviation of unused) lines.push(`  not seen in this run: ${deviation.operation} ${deviation.in} ${deviation.name}`);
	const operationsSeen = new Set(checked.filter((item) => !item.operation.includes('/v3')).map((item) => item.operation));
	lines.push(`Operations exercised: ${operationsSeen.size} of ${operations.length}`);
	for (const operation of operations) {
		if (!operationsSeen.has(operationKey(operation)))
			lines.push(`  not exercised: ${operationKey(operation)} (${operation.usedBy.join(', ')})`);
	}

	const passed = checked.filter((item) => item.violations.length === 0).length;
	const violations = checked.reduce((total, item) => total + item.violations.length, 0) + stale;
	lines.push(`${passed} passed, ${violations} failed`);
	return { checked: all, passed, violations, report: lines.join('\n') };
}

function relative(file: string): string {
	const index = file.indexOf('/test/');
	return index >= 0 ? file.slice(index + 1) : file;
}
