/**
 * How a reliability test prints what it measured: one line per figure set, `RELIABILITY <suite>:`
 * followed by `name=value` pairs, so a CI log can be read (and RELIABILITY.md filled) from it.
 */
export function report(suite: string, figures: Record<string, number | string | boolean>): void {
	const pairs = Object.entries(figures).map(([name, value]) => `${name}=${value}`);
	process.stdout.write(`RELIABILITY ${suite}: ${pairs.join(' ')}\n`);
}
