import type { IPollFunctions } from 'n8n-workflow';

import { pollBudgetMs } from '../helpers/n8nVersions';

/** The share of n8n's poll budget kept for turning the records read into items and saving the state. */
export const BUDGET_MARGIN = 0.1;

/**
 * The time a poll may spend reading, where n8n gives it a budget (`getPollBudgetMs`, n8n 2.38 and
 * later). A page is started only when the slowest page of this poll so far would still end before
 * the budget less its margin; n8n's own margin for saving comes on top of it. Time is read from
 * `Date.now()`, which the tests control.
 */
export class PollClock {
	private readonly deadline: number;
	private slowestPageMs = 0;

	private constructor(budgetMs: number) {
		this.deadline = Date.now() + budgetMs * (1 - BUDGET_MARGIN);
	}

	/** A clock for this poll, or undefined where n8n gives it no budget (then every walk reads to its end). */
	static of(context: IPollFunctions): PollClock | undefined {
		const budget = pollBudgetMs(context);
		return budget === undefined ? undefined : new PollClock(budget);
	}

	/** Whether another page can be read within the budget. */
	mayReadPage(): boolean {
		return Date.now() + this.slowestPageMs <= this.deadline;
	}

	/** Reads one page, timing it. */
	async timed<T>(read: () => Promise<T>): Promise<T> {
		const startedAt = Date.now();
		try {
			return await read();
		} finally {
			this.slowestPageMs = Math.max(this.slowestPageMs, Date.now() - startedAt);
		}
	}
}
