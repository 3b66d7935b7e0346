// @ts-check
/**
 * Counting checks: each prints one line (✓ or ✗ with what differed), and `summary()` ends with the
 * line `N passed, M failed` alone, which CI counts. A section whose setup throws counts as one
 * failure, and the next section still runs.
 */
const util = require('node:util');

class Checks {
	constructor() {
		this.passed = 0;
		this.failed = 0;
		/** @type {string[]} */
		this.failures = [];
		this.currentSection = '';
	}

	/** @param {string} title */
	section(title) {
		this.currentSection = title;
		console.log(`\n${title}`);
	}

	/**
	 * @param {string} name what holds when it passes
	 * @param {boolean} condition
	 * @param {string} [detail] shown when it fails
	 */
	ok(name, condition, detail) {
		if (condition) {
			this.passed++;
			console.log(`  ✓ ${name}`);
		} else {
			this.failed++;
			this.failures.push(`${this.currentSection}: ${name}`);
			console.log(`  ✗ ${name}${detail ? `\n      ${detail.split('\n').join('\n      ')}` : ''}`);
		}
		return condition;
	}

	/**
	 * Deep equality (key order of objects does not matter, array order does).
	 * @param {string} name
	 * @param {unknown} actual
	 * @param {unknown} expected
	 */
	equal(name, actual, expected) {
		return this.ok(name, util.isDeepStrictEqual(actual, expected), `expected ${show(expected)}\n but got ${show(actual)}`);
	}

	/**
	 * Runs a block of checks; an exception in it counts as one failure and is printed.
	 * @param {string} name
	 * @param {() => Promise<void>} block
	 */
	async run(name, block) {
		try {
			await block();
			return true;
		} catch (error) {
			this.ok(`${name} ran to its end`, false, error instanceof Error ? error.message : String(error));
			return false;
		}
	}

	/** Prints the failures again and the closing count; answers the exit code. */
	summary() {
		if (this.failures.length > 0) {
			console.log('\nFailed:');
			for (const failure of this.failures) console.log(`  ✗ ${failure}`);
		}
		console.log(`\n${this.passed} passed, ${this.failed} failed`);
		return this.failed === 0 && this.passed > 0 ? 0 : 1;
	}
}

/** @param {unknown} value */
function show(value) {
	return util.inspect(value, { depth: 6, breakLength: 120, maxArrayLength: 50 });
}

/**
 * Counts values: { value: count }, sorted by count (largest first), then by value.
 * @param {string[]} values
 */
function countValues(values) {
	/** @type {Record<string, number>} */
	const counts = {};
	for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
	return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** @param {string[]} values */
function sorted(values) {
	return [...values].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

module.exports = { Checks, countValues, sorted };
