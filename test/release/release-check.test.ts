/**
 * The release check (scripts/release-check.ts) run as CI and the publish workflow run it, on a small
 * community package written into a temporary folder: a sound one passes, and each thing it checks,
 * when wrong, fails it and is named.
 */
import { spawn, spawnSync } from 'child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

import { readTarball } from '../../scripts/pack';
import { derivedLinks, repositoryWebUrl } from '../../scripts/release-check';
import { relativeLinks } from '../../scripts/readme-links';

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'release-check.ts');
const REPOSITORY = 'https://github.com/acme/n8n-nodes-demo-check';

const NODE_JS = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DemoCheck = void 0;
class DemoCheck {
    constructor() {
        this.description = {
            displayName: 'Demo Check',
            name: 'demoCheck',
            icon: 'file:demo.svg',
            group: ['transform'],
            version: 1,
            description: 'Passes its items on',
            defaults: { name: 'Demo Check' },
            inputs: ['main'],
            outputs: ['main'],
            usableAsTool: true,
            properties: [],
        };
    }
    async execute() {
        return [this.getInputData().map((item, index) => ({ json: item.json, pairedItem: { item: index } }))];
    }
}
exports.DemoCheck = DemoCheck;
`;

type Package = Record<string, unknown>;

/** A README as the repository keeps it: a screenshot and a page of the docs by relative paths, a fragment of its own. */
const README = [
	'# n8n-nodes-demo-check',
	'',
	'![The node in the editor](docs/editor.png)',
	'',
	'In full: [the notes](docs/notes.md#paging); [Install](#install).',
	'',
].join('\n');

function soundPackage(): Package {
	return {
		name: 'n8n-nodes-demo-check',
		version: '1.0.0',
		description: 'A package for the release check',
		keywords: ['n8n-community-node-package'],
		license: 'MIT',
		author: { name: 'Demo maintainers', email: 'maintainers@acme.dev' },
		repository: { type: 'git', url: `git+${REPOSITORY}.git` },
		homepage: `${REPOSITORY}#readme`,
		bugs: { url: `${REPOSITORY}/issues` },
		files: ['dist', 'CHANGELOG.md'],
		n8n: { n8nNodesApiVersion: 1, strict: true, credentials: [], nodes: ['dist/nodes/DemoCheck/DemoCheck.node.js'] },
		peerDependencies: { 'n8n-workflow': '*' },
	};
}

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'release-check-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string): void {
	mkdirSync(dirname(join(dir, file)), { recursive: true });
	writeFileSync(join(dir, file), text);
}

/** Writes a package folder: package.json, the built node and its icon, README, LICENSE, CHANGELOG. */
function writePackage(pkg: Package): void {
	write('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
	write('dist/nodes/DemoCheck/DemoCheck.node.js', NODE_JS);
	write('dist/nodes/DemoCheck/demo.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n');
	write('README.md', README);
	write('LICENSE.md', 'MIT License\n');
	write('CHANGELOG.md', '# Changelog\n');
}

/** Runs the check as `npm run release:check` does, on the package folder. */
function releaseCheck(...args: string[]): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--dir', dir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

describe('release check', () => {
	it('passes a sound package, strict too, having linted its JavaScript and package.json', async () => {
		writePackage(soundPackage());
		const { code, output } = await releaseCheck('--strict');
		expect(output).toContain('checked tarball: 6 files');
		// The check packs as release:pack does: the README's two relative links are absolute in its tarball.
		expect(output).toContain('checked README.md as packed: 0 relative links');
		expect(output).toContain("checked lint as n8n's scanner: 2 files of the tarball, 0 sources");
		expect(output).not.toContain('✗');
		expect(output).toContain('release check: passed');
		expect(code).toBe(0);
	});

	it('names the missing maintainer fields: allowed by default, failing with --strict', async () => {
		const { repository: _r, homepage: _h, bugs: _b, ...pkg } = soundPackage();
		writePackage({ ...pkg, author: { name: 'Demo maintainers', email: 'maintainers@users.noreply.example' } });
		const relaxed = await releaseCheck();
		const named = [
			'repository (missing',
			'homepage (missing',
			'bugs (missing',
			'author.email (a placeholder: maintainers@users.noreply.example)',
		];
		// Without a repository the README's links stay relative, named with the fields.
		named.push(
			"README.md's links (2 relative, broken on the registry's page: packing makes them absolute from repository: docs/editor.png, docs/notes.md#paging)",
		);
		for (const field of named) expect(relaxed.output).toContain(field);
		expect(relaxed.output).toContain('release check: passed');
		expect(relaxed.code).toBe(0);

		const strict = await releaseCheck('--strict');
		for (const field of named) expect(strict.output).toContain(field);
		expect(strict.output).toContain('release check: FAILED');
		expect(strict.code).toBe(1);
	});

	it('fails for a console.log in dist, an inline disable notwithstanding, as n8n’s scanner does', async () => {
		writePackage(soundPackage());
		write(
			'dist/nodes/DemoCheck/log.js',
			'"use strict";\n// eslint-disable-next-line no-console\nconsole.log("items");\nexports.log = 1;\n',
		);
		const { code, output } = await releaseCheck();
		expect(output).toMatch(/✗ lint: dist\/nodes\/DemoCheck\/log\.js:3:1 .*\(no-console\)/);
		expect(output).toContain('release check: FAILED');
		expect(code).toBe(1);
	});

	it('lints the sources as the scanner lints the repository its provenance names: a console.log in nodes/ fails', async () => {
		writePackage(soundPackage());
		write('nodes/DemoCheck/log.ts', '// eslint-disable-next-line no-console\nconsole.log("items");\nexport const log = 1;\n');
		const { code, output } = await releaseCheck();
		expect(output).toContain("checked lint as n8n's scanner: 2 files of the tarball, 1 sources");
		expect(output).toMatch(/✗ lint: nodes\/DemoCheck\/log\.ts:2:1 .*\(no-console\)/);
		expect(code).toBe(1);
	});

	it('fails for a source map in the tarball, naming it', async () => {
		writePackage(soundPackage());
		write(
			'dist/nodes/DemoCheck/DemoCheck.node.js.map',
			'{"version":3,"sources":["../../../nodes/DemoCheck/DemoCheck.node.ts"],"mappings":""}\n',
		);
		const { code, output } = await releaseCheck();
		expect(output).toContain('✗ tarball: dist/nodes/DemoCheck/DemoCheck.node.js.map is a source map');
		expect(code).toBe(1);
	});

	it('names every other fault: declarations, tests, files outside dist, a runtime dependency, a node not built, no peer, a wrong homepage, an install script', async () => {
		const pkg = soundPackage();
		writePackage({
			...pkg,
			files: ['dist', 'CHANGELOG.md', 'emulator'],
			homepage: 'https://acme.dev/elsewhere',
			dependencies: { 'left-pad': '1.3.0' },
			peerDependencies: {},
			scripts: { postinstall: 'node setup.js' },
			n8n: { ...(pkg.n8n as object), nodes: ['dist/nodes/DemoCheck/DemoCheck.node.js', 'dist/nodes/Missing/Missing.node.js'] },
		});
		write('dist/nodes/DemoCheck/DemoCheck.node.d.ts', 'export declare class DemoCheck {}\n');
		write('dist/test/demo.test.js', '"use strict";\n');
		write('emulator/server.js', '"use strict";\n');
		const { code, output } = await releaseCheck();
		for (const problem of [
			'✗ tarball: dist/nodes/DemoCheck/DemoCheck.node.d.ts is a declaration file',
			'✗ tarball: dist/test/demo.test.js is a test, benchmark or emulator file',
			'✗ tarball: emulator/server.js is a test, benchmark or emulator file',
			'✗ tarball: n8n.nodes names dist/nodes/Missing/Missing.node.js, which is not in the tarball',
			'✗ package.json: dependencies must be empty',
			'✗ package.json: peerDependencies must name n8n-workflow',
			'✗ package.json: homepage is not https://github.com/acme/n8n-nodes-demo-check#readme, derived from repository',
			'✗ package.json: scripts.postinstall runs on the user',
		])
			expect(output).toContain(problem);
		expect(output).toMatch(/✗ lint: package\.json:.*\(@n8n\/community-nodes\/no-runtime-dependencies\)/);
		expect(code).toBe(1);
	});

	it('fails without the README, LICENSE or CHANGELOG, and for a name without the n8n-nodes- prefix', async () => {
		writePackage({ ...soundPackage(), name: 'cometchat-nodes', files: ['dist'] });
		rmSync(join(dir, 'README.md'));
		rmSync(join(dir, 'LICENSE.md'));
		const { code, output } = await releaseCheck();
		for (const problem of ['✗ tarball: README is missing', '✗ tarball: LICENSE is missing', '✗ tarball: CHANGELOG is missing'])
			expect(output).toContain(problem);
		expect(output).toContain('✗ package.json: name must be n8n-nodes-');
		expect(code).toBe(1);
	});

	it('release:links writes homepage and bugs from repository, after which the strict check passes', async () => {
		const { homepage: _h, bugs: _b, ...pkg } = soundPackage();
		writePackage({ ...pkg, repository: 'github:acme/n8n-nodes-demo-check' });
		const links = await releaseCheck('--links');
		expect(links.code).toBe(0);
		const written = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Package;
		expect(written.homepage).toBe(`${REPOSITORY}#readme`);
		expect(written.bugs).toEqual({ url: `${REPOSITORY}/issues` });
		expect(Object.keys(written).indexOf('homepage')).toBe(Object.keys(written).indexOf('repository') + 1);
		const { code, output } = await releaseCheck('--strict');
		expect(output).toContain('release check: passed');
		expect(code).toBe(0);
	});

	it("release:pack makes the tarball to publish: its README links absolutely, the folder's README stays as it was, and the strict check of it passes", async () => {
		writePackage(soundPackage());
		const out = join(dir, 'release');
		const pack = await releaseCheck('--pack', '--out', out);
		expect(pack.output).toContain('README.md: 2 relative links made absolute');
		expect(pack.code).toBe(0);
		const [tarball] = readdirSync(out);
		expect(tarball).toBe('n8n-nodes-demo-check-1.0.0.tgz');
		const packed = readTarball(join(out, tarball)).get('README.md')!.toString('utf8');
		expect(packed).toBe(
			README.replace('(docs/editor.png)', '(https://raw.githubusercontent.com/acme/n8n-nodes-demo-check/main/docs/editor.png)').replace(
				'(docs/notes.md#paging)',
				`(${REPOSITORY}/blob/main/docs/notes.md#paging)`,
			),
		);
		expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(README);

		const { code, output } = await releaseCheck('--strict', '--tarball', join(out, tarball));
		expect(output).toContain('checked README.md as packed: 0 relative links');
		expect(output).toContain('release check: passed');
		expect(code).toBe(0);
	});

	it("fails a tarball whose README still links relatively (npm pack's own), naming the links", async () => {
		writePackage(soundPackage());
		// `npm pack` runs no prepack here (ignore-scripts, as the project's .npmrc sets): the README goes in as it is.
		const npm = spawnSync('npm', ['pack', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
		expect(npm.status).toBe(0);
		const [{ filename }] = JSON.parse(npm.stdout) as Array<{ filename: string }>;
		expect(relativeLinks(readTarball(join(dir, filename)).get('README.md')!.toString('utf8'))).toHaveLength(2);
		const { code, output } = await releaseCheck('--tarball', join(dir, filename));
		expect(output).toContain(
			"✗ tarball: README.md has relative links, broken on the registry's page: docs/editor.png, docs/notes.md#paging (npm run release:pack makes them absolute)",
		);
		expect(output).toContain('release check: FAILED');
		expect(code).toBe(1);
	});

	it('release:pack refuses without a GitHub repository to make the links absolute from', async () => {
		const { repository: _r, homepage: _h, bugs: _b, ...pkg } = soundPackage();
		writePackage(pkg);
		const { code, output } = await releaseCheck('--pack', '--out', join(dir, 'release'));
		expect(output).toContain("package.json has no GitHub repository to make the README's links absolute from");
		expect(code).toBe(1);
	});
});

describe('repository addresses', () => {
	it.each([
		['git+https://github.com/acme/n8n-nodes-x.git', 'https://github.com/acme/n8n-nodes-x'],
		['git@github.com:acme/n8n-nodes-x.git', 'https://github.com/acme/n8n-nodes-x'],
		['acme/n8n-nodes-x', 'https://github.com/acme/n8n-nodes-x'],
		['gitlab:acme/n8n-nodes-x', 'https://gitlab.com/acme/n8n-nodes-x'],
		['https://github.com/acme/n8n-nodes-x/', 'https://github.com/acme/n8n-nodes-x'],
	])('%s is %s', (url, web) => {
		expect(repositoryWebUrl({ type: 'git', url })).toBe(web);
		expect(derivedLinks(web)).toEqual({ homepage: `${web}#readme`, bugs: { url: `${web}/issues` } });
	});

	it.each([[''], ['not a repository'], ['http://']])('%j is no repository address', (url) => {
		expect(repositoryWebUrl(url)).toBeUndefined();
	});
});
