/**
 * What differs between the n8n versions the package runs on (2.8 on Node 20, 2.41 on Node 24), in
 * one place. Each difference is detected at call time, because the n8n-workflow that runs the node
 * is the installed n8n's, not ours. The differences that are decisions rather than code paths are
 * listed here too, with where they are handled.
 *
 * - Timers: n8n-workflow 2.8 exports `sleepWithAbort`, 2.41 dropped it. The package does not use
 *   it: a request's backstop is one shared clock (transport/attempt.ts).
 * - Send and Wait's resume signature: n8n 2.8 checks it once asked to
 *   (`setSignatureValidationRequired`), later versions check every send-and-wait resume and no
 *   longer have the method (`requireResumeSignature`).
 * - Send and Wait's Custom Form answers come as JSON under the value `form`, not n8n's
 *   `customForm`, which 2.41 expects as multipart data from its own web form
 *   (actions/message/sendAndWait/question.ts).
 * - Static data a push trigger's webhook() writes: 2.8 saves it before the answer, 2.41 only when
 *   no execution starts, so deliveries are also recorded from the execution
 *   (delivery/memory.ts).
 * - A poll's time budget: n8n 2.38 and later give a poll `getPollBudgetMs`, 2.8 has none; the
 *   polling trigger stops a long walk in time where it is given one (pollingTrigger/budget.ts).
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

/** Asks n8n to check the signature of this execution's resume calls, where it has to be asked (2.8). */
export function requireResumeSignature(context: IExecuteFunctions): void {
	if (typeof context.setSignatureValidationRequired === 'function') context.setSignatureValidationRequired();
}

/** The milliseconds n8n gives this poll (2.38 and later), or undefined where it gives no budget (2.8). */
export function pollBudgetMs(context: IPollFunctions): number | undefined {
	// Not in the n8n-workflow the package builds against (2.8): read as an optional member.
	const budget = (context as IPollFunctions & { getPollBudgetMs?: () => number }).getPollBudgetMs;
	if (typeof budget !== 'function') return undefined;
	const ms = Number(budget.call(context));
	return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
