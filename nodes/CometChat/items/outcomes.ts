/**
 * Every item's outcome when a run stops at a failed item (Continue On Fail off): with many items in
 * flight (items/inFlight.ts), "[item 113]" alone does not say which other items were written, so the
 * error the run stops with says it for every item (README, When a run stops).
 */

/** The input items of a stopped run by outcome, each list ascending; every item is in one of them. */
export interface StoppedRunOutcome {
	/** Ended with their output: written. */
	done: number[];
	/** Failed, and nothing they sent was applied (or they sent nothing). */
	failed: number[];
	/** Failed after an attempt whose answer was lost: the service may have applied it. */
	mayHaveBeenApplied: number[];
	/** Never started: after the failure nothing starts, also items waiting behind a failed one's key. */
	notSent: number[];
}

/**
 * Sorts a stopped run's items: `ended(i)` for those with their output, `failure(i)` for those that
 * failed (whether their write may have been applied), the rest were never sent.
 */
export function outcomeOfStoppedRun(
	count: number,
	ended: (itemIndex: number) => boolean,
	failure: (itemIndex: number) => { mayHaveBeenApplied: boolean } | undefined,
): StoppedRunOutcome {
	const outcome: StoppedRunOutcome = { done: [], failed: [], mayHaveBeenApplied: [], notSent: [] };
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		const failed = failure(itemIndex);
		if (failed) outcome[failed.mayHaveBeenApplied ? 'mayHaveBeenApplied' : 'failed'].push(itemIndex);
		else if (ended(itemIndex)) outcome.done.push(itemIndex);
		else outcome.notSent.push(itemIndex);
	}
	return outcome;
}

/** `0–4, 6, 9–12`: ascending item indexes as ranges ('none' for none). */
export function asRanges(indexes: number[]): string {
	const parts: string[] = [];
	for (let i = 0; i < indexes.length; ) {
		let j = i;
		while (j + 1 < indexes.length && indexes[j + 1] === indexes[j] + 1) j++;
		parts.push(i === j ? String(indexes[i]) : `${indexes[i]}–${indexes[j]}`);
		i = j + 1;
	}
	return parts.length > 0 ? parts.join(', ') : 'none';
}

/** `12 done, 1 failed, 287 not sent`: the counts, for the error's message. */
export function outcomeCounts(outcome: StoppedRunOutcome): string {
	const counts: Array<[number, string]> = [
		[outcome.done.length, 'done'],
		[outcome.failed.length, 'failed'],
		[outcome.mayHaveBeenApplied.length, 'may have been applied'],
		[outcome.notSent.length, 'not sent'],
	];
	return counts
		.filter(([count]) => count > 0)
		.map(([count, what]) => `${count} ${what}`)
		.join(', ');
}

/** Every item by outcome, and what to do with each kind, for the error's description. */
export function outcomeDetails(outcome: StoppedRunOutcome): string {
	const lines = [
		`Done: ${asRanges(outcome.done)}.`,
		`Failed (nothing applied): ${asRanges(outcome.failed)}.`,
		...(outcome.mayHaveBeenApplied.length > 0
			? [
					`May have been applied (an answer was lost; check in CometChat before you run them again): ${asRanges(outcome.mayHaveBeenApplied)}.`,
				]
			: []),
		`Not sent (safe to run again): ${asRanges(outcome.notSent)}.`,
	];
	return `Every item when the run stopped. ${lines.join(' ')} After a failure no item starts, also none waiting for an earlier item on the same user, group or conversation. Turn on Continue On Fail to run every item and get each one's outcome as an item.`;
}
