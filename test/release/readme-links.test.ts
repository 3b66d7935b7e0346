/**
 * The README's links as they ship (scripts/readme-links.ts): each relative link and image made
 * absolute from the repository, the rest of the text as it was; and the repository's own README,
 * whose relative links are exactly what packing has to rewrite.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { absoluteReadme, absoluteTarget, githubBase, isRelative, linkTargets, relativeLinks } from '../../scripts/readme-links';

const WEB = 'https://github.com/acme/n8n-nodes-demo';
const base = githubBase(WEB)!;
const BLOB = `${WEB}/blob/main/`;
const TREE = `${WEB}/tree/main/`;
const RAW = 'https://raw.githubusercontent.com/acme/n8n-nodes-demo/main/';

describe('the base addresses of the repository', () => {
	it("are GitHub's pages of files and folders on main, and the raw files", () => {
		expect(base).toEqual({ blob: BLOB, tree: TREE, raw: RAW });
		expect(githubBase(WEB, 'v1.2.0')?.raw).toBe('https://raw.githubusercontent.com/acme/n8n-nodes-demo/v1.2.0/');
	});

	it('are none for a repository elsewhere', () => {
		expect(githubBase('https://gitlab.com/acme/n8n-nodes-demo')).toBeUndefined();
	});
});

describe('a relative target made absolute', () => {
	it.each([
		['docs/notes.md', `${BLOB}docs/notes.md`],
		['docs/notes.md#paging', `${BLOB}docs/notes.md#paging`],
		['./RELIABILITY.md', `${BLOB}RELIABILITY.md`],
		['/CONTRIBUTING.md', `${BLOB}CONTRIBUTING.md`],
		['docs/../CHANGELOG.md', `${BLOB}CHANGELOG.md`],
		['docs/editor.png', `${RAW}docs/editor.png`],
		['docs/Editor.JPG?v=2', `${RAW}docs/Editor.JPG?v=2`],
		['examples/', `${TREE}examples`],
		['./', `${WEB}/tree/main`],
	])('%s is %s', (target, absolute) => {
		expect(absoluteTarget(target, base)).toBe(absolute);
	});

	it('is none for a target outside the repository', () => {
		expect(absoluteTarget('../elsewhere.md', base)).toBeUndefined();
	});

	it.each([['https://n8n.io'], ['mailto:team@acme.dev'], ['#install'], ['//cdn.acme.dev/x.png'], ['']])('%j is not relative', (target) => {
		expect(isRelative(target)).toBe(false);
	});
});

describe('the README made absolute', () => {
	const markdown = [
		'# Demo',
		'',
		'![The editor](docs/editor.png "in n8n")',
		'',
		'In full: [the notes](docs/notes.md#paging), the [examples](<examples/>), [Install](#install) and',
		'[n8n](https://n8n.io). A link over two lines: [the',
		'reliability figures](RELIABILITY.md).',
		'',
		'<img src="docs/panel.png" alt="The panel" width="400"> <a href=\'CONTRIBUTING.md\'>Contributing</a>',
		'',
		'Not links: `[x](docs/in-code.md)` and',
		'',
		'```md',
		'[y](docs/in-fence.md)',
		'```',
		'',
		'[changes]: CHANGELOG.md',
		'',
	].join('\n');

	it('finds every link target, none in code', () => {
		expect(linkTargets(markdown).map((link) => link.target)).toEqual([
			'docs/editor.png',
			'docs/notes.md#paging',
			'examples/',
			'#install',
			'https://n8n.io',
			'RELIABILITY.md',
			'docs/panel.png',
			'CONTRIBUTING.md',
			'CHANGELOG.md',
		]);
		expect(relativeLinks(markdown)).not.toContain('#install');
		expect(relativeLinks(markdown)).toHaveLength(7);
	});

	it('rewrites each relative target where it stands, and nothing else', () => {
		const { text, rewritten, unresolved } = absoluteReadme(markdown, base);
		expect(rewritten).toBe(7);
		expect(unresolved).toEqual([]);
		expect(relativeLinks(text)).toEqual([]);
		expect(text).toBe(
			markdown
				.replace('(docs/editor.png "in n8n")', `(${RAW}docs/editor.png "in n8n")`)
				.replace('(docs/notes.md#paging)', `(${BLOB}docs/notes.md#paging)`)
				.replace('(<examples/>)', `(<${TREE}examples>)`)
				.replace('(RELIABILITY.md)', `(${BLOB}RELIABILITY.md)`)
				.replace('src="docs/panel.png"', `src="${RAW}docs/panel.png"`)
				.replace("href='CONTRIBUTING.md'", `href='${BLOB}CONTRIBUTING.md'`)
				.replace('[changes]: CHANGELOG.md', `[changes]: ${BLOB}CHANGELOG.md`),
		);
		// The code keeps its text.
		expect(text).toContain('`[x](docs/in-code.md)`');
		expect(text).toContain('[y](docs/in-fence.md)');
	});

	it('leaves a target outside the repository as it was, and says so', () => {
		const { text, unresolved } = absoluteReadme('See [there](../there.md) and [here](docs/here.md).', base);
		expect(unresolved).toEqual(['../there.md']);
		expect(text).toBe(`See [there](../there.md) and [here](${BLOB}docs/here.md).`);
		expect(relativeLinks(text)).toEqual(['../there.md']);
	});
});

describe("the repository's README", () => {
	const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

	it('links by relative paths, as GitHub reads them: its screenshot and the docs are among them', () => {
		const relative = relativeLinks(readme);
		expect(relative).toContain('docs/editor-resource-dropdown.png');
		expect(relative.some((target) => target.startsWith('docs/cometchat-api.md'))).toBe(true);
	});

	it('ships with none: each is made absolute, the screenshot from the raw file', () => {
		const { text, rewritten, unresolved } = absoluteReadme(readme, base);
		expect(unresolved).toEqual([]);
		expect(rewritten).toBe(relativeLinks(readme).length);
		expect(relativeLinks(text)).toEqual([]);
		expect(text).toContain(`(${RAW}docs/editor-resource-dropdown.png)`);
	});
});
