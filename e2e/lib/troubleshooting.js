// @ts-check
/**
 * The messages README.md's Troubleshooting section quotes, read from its text, and the case that
 * shows each. A user who meets an error searches the README for its words, so each quoted words
 * must be what n8n shows for that case. The README quotes a message in italics (`*CometChat
 * rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND)*`), a part of one after `…`, with `<host>`,
 * `<time>` and the like in code for what varies; and CometChat's codes in code (`ERR_…`).
 *
 * `QUOTED` says which case shows each quote and which test makes that case: the credential e2e in
 * the real n8n (e2e/credential.js) or a test through n8n's engine against the emulator
 * (test/node/troubleshooting.test.ts). Each test checks the quotes of its cases against what n8n
 * showed; the jest test also fails on a quote no entry covers, and on an entry the README no longer
 * quotes (`uncovered`, `stale`), so every quote is checked by one test.
 */
const fs = require('node:fs');
const path = require('node:path');

const README = path.join(__dirname, '..', '..', 'README.md');
const SECTION = 'Troubleshooting';

/** The tests that make the cases. */
const E2E = 'e2e/credential.js';
const UNIT = 'test/node/troubleshooting.test.ts';

/**
 * @typedef {object} Quote
 * @property {string} text the quote as the README writes it, its spaces and line breaks made one space
 * @property {'message' | 'code'} kind words of a message (italics), or one of CometChat's codes (code)
 * @property {string} topic the bold lead of its item (`Wrong API key`), or '' in the section's opening
 * @property {RegExp} pattern what it matches in what n8n shows: its words, anything without spaces for each `<…>`
 */

/**
 * The body of the section under the heading `heading` (any level), up to the next heading of the
 * same or a higher level.
 * @param {string} markdown @param {string} heading
 */
function markdownSection(markdown, heading) {
	const lines = markdown.split('\n');
	const start = lines.findIndex((line) => /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1] === heading);
	if (start < 0) throw new Error(`README.md has no section "${heading}"`);
	const level = (/^#+/.exec(lines[start]) ?? [''])[0].length;
	const end = lines.findIndex((line, index) => index > start && (/^(#{1,6})\s/.exec(line)?.[1].length ?? Infinity) <= level);
	return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/**
 * What the quoted text matches in what n8n shows: the words, any run of spaces as spaces, a code
 * `<placeholder>` as anything without spaces (a host, a time, an App ID). A leading `…` says the
 * words are the end of a longer message: they may stand anywhere in it, as may any quote.
 * @param {string} text
 */
function quotePattern(text) {
	const source = text
		.replace(/^(…|\.\.\.)\s*/, '')
		.split(/(`<[^`>]+>`)/)
		.map((part) =>
			/^`<[^`>]+>`$/.test(part)
				? '\\S+'
				: part
						.replace(/`/g, '')
						.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
						.replace(/\s+/g, '\\s+'),
		)
		.join('');
	return new RegExp(source);
}

/** CometChat's error codes as the README writes them in code: `ERR_…`, `AUTH_ERR_…`. */
const ERROR_CODE = /^(?:[A-Z]+_)*ERR(?:_[A-Z0-9]+)+$/;

/**
 * The quotes of a section's text: in each paragraph or list item, its italic spans (a message or
 * a part of one) and the error codes it writes in code outside them. Code spans and bold are read
 * as Markdown reads them: an `*` in code is no emphasis, and `***x***` is an italic x.
 * @param {string} section
 * @returns {Quote[]}
 */
function quotesIn(section) {
	/** @type {Quote[]} */
	const quotes = [];
	const blocks = section.split(/\n(?=\s*\n)|\n(?=[-*] )/).filter((block) => block.trim() !== '');
	for (const block of blocks) {
		/** @type {string[]} */
		const codes = [];
		// Code spans out of the way first (their text as a numbered mark), then bold.
		const marked = block
			.replace(/\s+/g, ' ')
			.trim()
			.replace(/`([^`]+)`/g, (_span, code) => `\uE000${codes.push(code) - 1}\uE000`);
		const topic = /^[-*] \*\*\*?(.+?)\*\*/.exec(marked)?.[1].replace(/\*/g, '').trim() ?? '';
		// Without the list item's marker (an `*` would read as emphasis) and bold.
		const text = marked.replace(/^[-*] /, '').replace(/\*\*/g, '');
		const restore = (/** @type {string} */ part) => part.replace(/\uE000(\d+)\uE000/g, (_mark, index) => `\`${codes[Number(index)]}\``);
		const outside = text.replace(/\*([^*]+)\*/g, (_span, inner) => {
			const quote = restore(inner).trim();
			quotes.push({ text: quote, kind: 'message', topic, pattern: quotePattern(quote) });
			return '';
		});
		for (const [, index] of outside.matchAll(/\uE000(\d+)\uE000/g)) {
			const code = codes[Number(index)];
			if (ERROR_CODE.test(code)) quotes.push({ text: code, kind: 'code', topic, pattern: new RegExp(`\\b${code}\\b`) });
		}
	}
	// A quote written twice is checked once.
	return quotes.filter((quote, index) => quotes.findIndex((other) => other.text === quote.text) === index);
}

/**
 * The quotes of README.md's Troubleshooting section. Throws when it finds none: a parse that finds
 * nothing would check nothing.
 * @param {string} [markdown] the README's text (README.md of the repository by default)
 */
function troubleshootingQuotes(markdown = fs.readFileSync(README, 'utf8')) {
	const quotes = quotesIn(markdownSection(markdown, SECTION));
	if (quotes.length === 0) throw new Error(`README.md's ${SECTION} section quotes no message: the parse found none`);
	return quotes;
}

/**
 * Each quote of the section (by its text), the cases that show it and the test that makes them.
 * A case is named as the test names what it observed.
 * @type {Record<string, { test: string, cases: string[] }>}
 */
const QUOTED = {
	// The opening: an error's description carries CometChat's code.
	ERR_UID_ALREADY_EXISTS: { test: UNIT, cases: ['a user created twice'] },
	// Wrong API key
	'CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND)': { test: E2E, cases: ['the credential test of a wrong key'] },
	'This API key may not use the REST API (AUTH_ERR_NO_ACCESS)': { test: E2E, cases: ['the credential test of an Auth Only key'] },
	// Wrong App ID or Region
	'CometChat does not know this App ID in this Region (AUTH_ERR_INVALID_APPID)': {
		test: E2E,
		cases: ['the credential test of an unknown App ID', 'the credential test of the app in another region'],
	},
	'The app `<App ID>` does not exist in the region `<region>`': {
		test: E2E,
		cases: ['a workflow with an unknown App ID', 'a workflow with the app in another region'],
	},
	AUTH_ERR_INVALID_APPID: { test: E2E, cases: ['a workflow with an unknown App ID', 'a workflow with the app in another region'] },
	'Check the App ID and the Region in the CometChat API credential': {
		test: E2E,
		cases: ['a workflow with an unknown App ID', 'a workflow with the app in another region'],
	},
	'Could not reach CometChat at `<host>`': { test: E2E, cases: ['a workflow whose host nothing answers'] },
	'No CometChat API answered at this host': { test: E2E, cases: ['the credential test of a Custom Host that is not CometChat'] },
	// 429
	"CometChat's rate limit was exceeded: try again after `<time>`": { test: UNIT, cases: ['a Retry-After longer than the node waits'] },
	// Timeouts
	'CometChat at `<host>` did not answer within 30 s': { test: UNIT, cases: ['a request CometChat never answers'] },
	'The connection to CometChat at `<host>` broke': { test: UNIT, cases: ['an answer cut off'] },
	'Could not reach CometChat': { test: E2E, cases: ['a workflow whose host nothing answers'] },
	// Lists
	'…with a 200 that is not a list page': { test: UNIT, cases: ['a list answer that is not a page'] },
	'a page disagrees with its own count, the same on a retry': { test: UNIT, cases: ['a page short of its own count, twice'] },
};

/**
 * The quotes no entry of `QUOTED` covers: no test checks them.
 * @param {Quote[]} quotes
 */
function uncovered(quotes) {
	return quotes.filter((quote) => !(quote.text in QUOTED)).map((quote) => quote.text);
}

/**
 * The entries of `QUOTED` the README no longer quotes (its words changed, or it was removed).
 * @param {Quote[]} quotes
 */
function stale(quotes) {
	return Object.keys(QUOTED).filter((text) => !quotes.some((quote) => quote.text === text));
}

/**
 * @typedef {object} QuoteCheck
 * @property {Quote} quote
 * @property {string} case
 * @property {string | undefined} shown what n8n showed in that case (undefined: the test did not make it)
 * @property {boolean} ok
 */

/**
 * Checks the quotes whose cases `test` makes against what n8n showed in each (`shown`, by case):
 * each quote must stand in what was shown in every one of its cases.
 * @param {Quote[]} quotes @param {string} test @param {Record<string, string>} shown
 * @returns {QuoteCheck[]}
 */
function checkQuotes(quotes, test, shown) {
	return quotes
		.filter((quote) => QUOTED[quote.text]?.test === test)
		.flatMap((quote) =>
			QUOTED[quote.text].cases.map((name) => ({
				quote,
				case: name,
				shown: shown[name],
				ok: shown[name] !== undefined && quote.pattern.test(shown[name]),
			})),
		);
}

module.exports = { E2E, QUOTED, UNIT, checkQuotes, markdownSection, quotePattern, quotesIn, stale, troubleshootingQuotes, uncovered };
