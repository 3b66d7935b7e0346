/**
 * The reading of README.md's Troubleshooting quotes (e2e/lib/troubleshooting.js), on Markdown
 * written here: what it takes for a quote, what each matches in what n8n shows, and the check of a
 * case's quotes against what was shown. Whether the README's own quotes are what n8n shows is
 * test/node/troubleshooting.test.ts and the credential e2e.
 */
import { checkQuotes, E2E, markdownSection, quotePattern, quotesIn, troubleshootingQuotes } from '../../e2e/lib/troubleshooting';

const README = [
	'# Package',
	'',
	'## Troubleshooting',
	'',
	"An error's description carries CometChat's code (`ERR_UID_ALREADY_EXISTS`, …); set `WEBHOOK_URL`.",
	'',
	'- **Wrong API key**: *CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND)* or *This API key',
	'  may not use the REST API (AUTH_ERR_NO_ACCESS)*. The code `AUTH_ERR_APIKEY_NOT_FOUND` again.',
	'- **Timeouts**: *CometChat at `<host>` did not answer within 30 s*; `*not emphasis*` in code.',
	'- ***…with a 200 that is not a list page***: run it again.',
	'- **A warning: *a page disagrees with its own count***: compare.',
	'- **Again**: *CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND)*.',
	'',
	'### A subsection',
	'',
	'*Quoted in the subsection*',
	'',
	'## Compatibility',
	'',
	'*Not in the section*',
	'',
].join('\n');

describe('the quotes of a section', () => {
	it('are the section up to the next heading of its level, its subsections in it', () => {
		const section = markdownSection(README, 'Troubleshooting');
		expect(section).toContain('*Quoted in the subsection*');
		expect(section).not.toContain('Compatibility');
		expect(() => markdownSection(README, 'Nowhere')).toThrow('README.md has no section "Nowhere"');
	});

	it('are its italics, over line breaks, and the error codes it writes in code outside them, each once', () => {
		const quotes = quotesIn(markdownSection(README, 'Troubleshooting'));
		expect(quotes.map(({ text, kind, topic }) => ({ text, kind, topic }))).toEqual([
			{ text: 'ERR_UID_ALREADY_EXISTS', kind: 'code', topic: '' },
			{ text: 'CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND)', kind: 'message', topic: 'Wrong API key' },
			{ text: 'This API key may not use the REST API (AUTH_ERR_NO_ACCESS)', kind: 'message', topic: 'Wrong API key' },
			{ text: 'AUTH_ERR_APIKEY_NOT_FOUND', kind: 'code', topic: 'Wrong API key' },
			{ text: 'CometChat at `<host>` did not answer within 30 s', kind: 'message', topic: 'Timeouts' },
			{ text: '…with a 200 that is not a list page', kind: 'message', topic: '…with a 200 that is not a list page' },
			{ text: 'a page disagrees with its own count', kind: 'message', topic: 'A warning: a page disagrees with its own count' },
			{ text: 'Quoted in the subsection', kind: 'message', topic: '' },
		]);
	});

	it('are none in a section without italics or codes, and the README must have some', () => {
		expect(quotesIn('Only plain words, `WEBHOOK_URL` and **bold**.')).toEqual([]);
		expect(() => troubleshootingQuotes('# P\n\n## Troubleshooting\n\nNothing quoted.\n')).toThrow('the parse found none');
	});
});

describe('what a quote matches', () => {
	it('its words, any spaces as spaces, each `<placeholder>` as anything without a space', () => {
		const timeout = quotePattern('CometChat at `<host>` did not answer within 30 s');
		expect(timeout.test('CometChat at app.api-us.cometchat.io did not answer within 30 s [item 0]')).toBe(true);
		expect(timeout.test('CometChat at app.api-us.cometchat.io did not answer within 0.4 s [item 0]')).toBe(false);
		expect(timeout.test('CometChat at some host did not answer within 30 s')).toBe(false);
		expect(quotePattern('This API key\n  may not use it (X)').test('This API key may not use it (X).')).toBe(true);
	});

	it('after a leading …, the end of a longer message', () => {
		const pattern = quotePattern('…with a 200 that is not a list page');
		expect(pattern.test('CometChat answered GET /v3/users?page=1 with a 200 that is not a list page: data is null')).toBe(true);
	});
});

describe("the check of a case's quotes", () => {
	const quotes = troubleshootingQuotes();
	const wrongKey = 'the credential test of a wrong key';
	const e2e = E2E;

	it('passes the quote found in what n8n showed, fails it when it is not there or the case was not made', () => {
		const passed = checkQuotes(quotes, e2e, { [wrongKey]: 'CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND). Copy the key.' });
		expect(passed.filter((check) => check.case === wrongKey).map((check) => check.ok)).toEqual([true]);
		const otherWords = checkQuotes(quotes, e2e, { [wrongKey]: 'Authorization failed - please check your credentials' });
		expect(otherWords.filter((check) => check.case === wrongKey).map((check) => check.ok)).toEqual([false]);
		// The other cases of the e2e were not made here: each of their quotes fails.
		expect(passed.filter((check) => check.case !== wrongKey).every((check) => !check.ok && check.shown === undefined)).toBe(true);
	});
});
