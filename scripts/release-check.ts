/**
 * The release check: what n8n's verification looks at in the package as npm would publish it.
 *
 * - **Lint of what ships**: every JavaScript file of the tarball and its package.json, with the rules
 *   n8n's community-package scanner applies to a published package (@n8n/eslint-plugin-community-nodes'
 *   recommended rules, `no-console` as an error, eslint-plugin-n8n-nodes-base's package.json rules;
 *   inline disables ignored).
 * - **Tarball contents** (the tarball `npm run release:pack` makes, or the one `--tarball` names): the
 *   built nodes and credentials, an icon, package.json, README, LICENSE and CHANGELOG; nothing else
 *   outside dist/; no source map, no declaration, no TypeScript source, no tests, no emulator.
 * - **The packed README**: no relative link or image (scripts/readme-links.ts): on the registry's
 *   package page they are broken. Packing makes them absolute from `repository`; without one, they
 *   are named with the maintainers' fields.
 * - **package.json**: the name's prefix, the community keyword, the n8n section, a license, no
 *   runtime dependency, n8n-workflow as a peer, no install script.
 * - **The maintainers' fields**: `repository` and `author.email` are the one place the maintainers
 *   fill in; `homepage` and `bugs` are derived from `repository` (`npm run release:links` writes
 *   them). A missing or placeholder field is named; it fails the check only with `--strict`, which
 *   the publish workflow uses. A homepage or bugs address that is not the repository's always fails.
 *
 * Usage: npm run release:check [-- --strict] [-- --dir <package folder>] [-- --tarball <file>]
 *        npm run release:links   (homepage and bugs from repository, written into package.json)
 *        npm run release:pack [-- --out <folder>]   (the tarball to publish, its README's links absolute)
 * The package must be built (npm run build). Exit code 0 when it passes, 1 otherwise.
 */
import { ESLint, type Linter } from 'eslint';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { packRelease, readTarball, README } from './pack';
import { githubBase, relativeLinks } from './readme-links';

const ROOT = path.resolve(__dirname, '..');
const COMMUNITY_KEYWORD = 'n8n-community-node-package';
/** The files npm would publish outside dist/ (npm adds README and LICENSE by itself). */
const TOP_LEVEL = [/^package\.json$/, /^README\.md$/i, /^LICEN[CS]E(\.md)?$/i, /^CHANGELOG\.md$/i];
/** What must never be in the tarball, with why. */
const FORBIDDEN: Array<[RegExp, string]> = [
	[/\.map$/, 'a source map (it points at sources that do not ship)'],
	[/\.d\.ts$/, 'a declaration file'],
	[/(?<!\.d)\.ts$/, 'a TypeScript source'],
	[/(^|\/)(test|tests|__tests__|e2e|bench|emulator)\//, 'a test, benchmark or emulator file'],
	[/\.test\.[jt]s$/, 'a test file'],
];
/** Domains reserved for examples (RFC 2606 and 6761): an address there is a placeholder. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example|invalid|test|localhost)$|^example\.(com|net|org)$/i;
/** Install scripts run on the user's machine; n8n's verification refuses them. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

type Json = Record<string, unknown>;

export interface ReleaseReport {
	/** What is wrong: each fails the check. */
	problems: string[];
	/** The maintainers' fields that are missing or placeholders: they fail the check only when strict. */
	maintainerFields: string[];
	/** What was checked, one line each. */
	checked: string[];
}

function isRecord(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPackage(dir: string): Json {
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Json;
}

/** The repository's web address, from package.json's `repository` (a string or `{ url }`), or undefined. */
export function repositoryWebUrl(repository: unknown): string | undefined {
	const raw = typeof repository === 'string' ? repository : isRecord(repository) ? repository.url : undefined;
	if (typeof raw !== 'string' || raw.trim() === '') return undefined;
	let url = raw.trim();
	const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(url);
	if (shorthand) url = `https://${shorthand[1] ?? 'github'}.${shorthand[1] === 'bitbucket' ? 'org' : 'com'}/${shorthand[2]}`;
	url = url
		.replace(/^git\+/, '')
		.replace(/^git@([^:]+):/, 'https://$1/')
		.replace(/^(git|ssh):\/\/(git@)?/, 'https://')
		.replace(/\.git$/, '')
		.replace(/\/$/, '');
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'https:' && parsed.pathname.length > 1 ? url : undefined;
	} catch {
		return undefined;
	}
}

/** `homepage` and `bugs` as derived from the repository's web address. */
export function derivedLinks(web: string): { homepage: string; bugs: { url: string } } {
	return { homepage: `${web}#readme`, bugs: { url: `${web}/issues` } };
}

function checkMaintainerFields(pkg: Json, report: ReleaseReport): void {
	const web = repositoryWebUrl(pkg.repository);
	if (pkg.repository === undefined) report.maintainerFields.push('repository (missing: the source repository, e.g. its GitHub address)');
	else if (!web) report.problems.push('package.json: repository is not a repository address (a git or https URL, or owner/name)');
	if (web) {
		const links = derivedLinks(web);
		const bugsUrl = isRecord(pkg.bugs) ? pkg.bugs.url : pkg.bugs;
		if (pkg.homepage !== links.homepage)
			report.problems.push(`package.json: homepage is not ${links.homepage}, derived from repository (npm run release:links writes it)`);
		if (bugsUrl !== links.bugs.url)
			report.problems.push(`package.json: bugs is not ${links.bugs.url}, derived from repository (npm run release:links writes it)`);
	} else {
		if (pkg.homepage === undefined) report.maintainerFields.push('homepage (missing: derived from repository by npm run release:links)');
		if (pkg.bugs === undefined) report.maintainerFields.push('bugs (missing: derived from repository by npm run release:links)');
	}
	const author = pkg.author;
	const email = isRecord(author) ? author.email : typeof author === 'string' ? /<([^>]*)>/.exec(author)?.[1] : undefined;
	if (typeof email !== 'string' || email.trim() === '') report.maintainerFields.push('author.email (missing)');
	else if (PLACEHOLDER_DOMAIN.test(email.split('@').pop() ?? '')) report.maintainerFields.push(`author.email (a placeholder: ${email})`);
}

function checkPackageFields(pkg: Json, report: ReleaseReport): void {
	const fail = (message: string) => report.problems.push(`package.json: ${message}`);
	if (typeof pkg.name !== 'string' || !/^(@[\w.-]+\/)?n8n-nodes-[\w.-]+$/.test(pkg.name))
		fail('name must be n8n-nodes-… or @scope/n8n-nodes-…');
	if (typeof pkg.version !== 'string' || !/^\d+\.\d+\.\d+/.test(pkg.version)) fail('version is missing or not semantic');
	if (!Array.isArray(pkg.keywords) || !pkg.keywords.includes(COMMUNITY_KEYWORD)) fail(`keywords must include ${COMMUNITY_KEYWORD}`);
	if (typeof pkg.license !== 'string' || pkg.license.trim() === '') fail('license is missing');
	if (typeof pkg.description !== 'string' || pkg.description.trim() === '') fail('description is missing');
	for (const field of ['dependencies', 'bundleDependencies', 'bundledDependencies', 'optionalDependencies']) {
		const value = pkg[field];
		const count = Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : 0;
		if (count > 0) fail(`${field} must be empty: a community node has no runtime dependency (n8n-workflow is a peer)`);
	}
	if (!isRecord(pkg.peerDependencies) || !('n8n-workflow' in pkg.peerDependencies)) fail('peerDependencies must name n8n-workflow');
	const scripts = isRecord(pkg.scripts) ? pkg.scripts : {};
	for (const name of INSTALL_SCRIPTS) if (name in scripts) fail(`scripts.${name} runs on the user's machine at install; remove it`);
	const n8n = pkg.n8n;
	if (!isRecord(n8n)) {
		fail('the n8n section is missing');
		return;
	}
	if (typeof n8n.n8nNodesApiVersion !== 'number') fail('n8n.n8nNodesApiVersion must be a number');
	if (!Array.isArray(n8n.nodes) || n8n.nodes.length === 0) fail('n8n.nodes must list the nodes');
	if (n8n.credentials !== undefined && !Array.isArray(n8n.credentials)) fail('n8n.credentials must be a list');
}

function checkTarball(pkg: Json, files: string[], report: ReleaseReport): void {
	const fail = (message: string) => report.problems.push(`tarball: ${message}`);
	const has = new Set(files);
	for (const file of files) {
		const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(file));
		if (forbidden) fail(`${file} is ${forbidden[1]}`);
		else if (!file.startsWith('dist/') && !TOP_LEVEL.some((pattern) => pattern.test(file)))
			fail(`${file} is outside dist/ and is none of package.json, README, LICENSE, CHANGELOG`);
	}
	for (const [label, pattern] of [
		['README', /^README\.md$/i],
		['LICENSE', /^LICEN[CS]E(\.md)?$/i],
		['CHANGELOG', /^CHANGELOG\.md$/i],
	] as const)
		if (!files.some((file) => pattern.test(file))) fail(`${label} is missing`);
	const n8n = isRecord(pkg.n8n) ? pkg.n8n : {};
	for (const list of ['nodes', 'credentials'])
		for (const entry of Array.isArray(n8n[list]) ? (n8n[list] as unknown[]) : [])
			if (typeof entry !== 'string' || !has.has(entry.replace(/^\.\//, '')))
				fail(`n8n.${list} names ${String(entry)}, which is not in the tarball (npm run build?)`);
	if (!files.some((file) => /^dist\/.*\.(svg|png)$/.test(file))) fail('no icon (dist/**/*.svg or .png)');
}

/**
 * The packed README has no relative link or image: the registry's package page has no repository to
 * resolve one against. Without a repository they are named with the maintainers' fields (packing
 * makes them absolute once it is filled in); with one, any left fails.
 */
function checkReadme(pkg: Json, packed: Map<string, Buffer>, report: ReleaseReport): void {
	const file = [...packed.keys()].find((name) => README.test(name));
	if (file === undefined) return;
	const relative = [...new Set(relativeLinks(packed.get(file)!.toString('utf8')))];
	report.checked.push(`${file} as packed: ${relative.length} relative links`);
	if (relative.length === 0) return;
	const list = relative.join(', ');
	const web = repositoryWebUrl(pkg.repository);
	if (!web)
		report.maintainerFields.push(
			`${file}'s links (${relative.length} relative, broken on the registry's page: packing makes them absolute from repository: ${list})`,
		);
	else if (!githubBase(web))
		report.problems.push(
			`tarball: ${file} has relative links (${list}), and repository is not on GitHub, from which packing makes them absolute`,
		);
	else
		report.problems.push(
			`tarball: ${file} has relative links, broken on the registry's page: ${list} (npm run release:pack makes them absolute)`,
		);
}

/** eslint-plugin-n8n-nodes-base: its rule sets as the scanner uses them. */
interface N8nNodesBase {
	configs: Record<'community' | 'credentials' | 'nodes', { rules: Linter.RulesRecord }>;
}

/** Loads a package by name (a specifier held in a variable, so without the types TypeScript would look for). */
function load(specifier: string): Promise<unknown> {
	return import(specifier);
}

/**
 * The ESLint configuration n8n's community-package scanner lints a published package with: the
 * community-nodes plugin's recommended rules, `no-console` as an error, and eslint-plugin-n8n-nodes-base's
 * rules for package.json, credentials and nodes (with the same few turned off), with the TypeScript
 * parser for JSON and TypeScript. Taken from the packages @n8n/node-cli brings.
 */
async function scannerConfig(): Promise<Linter.Config[]> {
	const { n8nCommunityNodesPlugin } = await import('@n8n/eslint-plugin-community-nodes');
	// Neither has types this project's module resolution finds: typed here as they are used.
	const { config: entries } = (await load('@n8n/node-cli/eslint')) as { config: Linter.Config[] };
	const n8nNodesBase = ((await load('eslint-plugin-n8n-nodes-base')) as { default: N8nNodesBase }).default;
	const parser = entries.find((entry) => entry.files?.includes('package.json') && entry.languageOptions?.parser)?.languageOptions?.parser;
	if (!parser) throw new Error("the TypeScript parser was not found in @n8n/node-cli's ESLint configuration");
	return [
		n8nCommunityNodesPlugin.configs.recommended as Linter.Config,
		{ rules: { 'no-console': 'error' } },
		{ plugins: { 'n8n-nodes-base': n8nNodesBase as never } },
		{ files: ['package.json'], rules: n8nNodesBase.configs.community.rules },
		{
			files: ['**/credentials/**/*.ts'],
			rules: {
				...n8nNodesBase.configs.credentials.rules,
				'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
				'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
			},
		},
		{
			files: ['**/nodes/**/*.ts'],
			rules: {
				...n8nNodesBase.configs.nodes.rules,
				'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
				'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
				'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
			},
		},
		{ files: ['**/*.json', '**/*.ts'], languageOptions: { parser } },
	];
}

/** The sources the scanner lints in the repository a package's provenance names: nodes/ and credentials/. */
function sourceFiles(dir: string, folder: string): string[] {
	const root = path.join(dir, folder);
	if (!fs.existsSync(root)) return [];
	return (fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
		.map((file) => path.join(folder, file).split(path.sep).join('/'))
		.filter((file) => /\.(js|ts|json)$/.test(file) && fs.statSync(path.join(dir, file)).isFile())
		.sort();
}

/**
 * Lints what the scanner lints: the tarball's JavaScript and package.json as the tarball holds them,
 * and the sources (nodes/ and credentials/ of `dir`, when it has them). Answers how many files of each.
 */
async function lintAsScanner(
	dir: string,
	packed: Map<string, Buffer>,
	report: ReleaseReport,
): Promise<{ shipped: number; sources: number }> {
	const shipped = [...packed.keys()].filter((file) => file.endsWith('.js') || file === 'package.json').sort();
	const sources = [...sourceFiles(dir, 'nodes'), ...sourceFiles(dir, 'credentials')];
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: await scannerConfig() });
	const results = [
		// Each at its path in the package folder, so that the configuration's file patterns apply as to the folder's own.
		...(
			await Promise.all(shipped.map((file) => eslint.lintText(packed.get(file)!.toString('utf8'), { filePath: path.join(dir, file) })))
		).flat(),
		// lintFiles([]) would lint the whole folder.
		...(sources.length > 0 ? await eslint.lintFiles(sources.map((file) => path.join(dir, file))) : []),
	];
	for (const result of results)
		for (const message of result.messages)
			if (message.severity === 2)
				report.problems.push(
					`lint: ${path.relative(dir, result.filePath)}:${message.line}:${message.column} ${message.message} (${message.ruleId ?? 'parse'})`,
				);
	return { shipped: shipped.length, sources: sources.length };
}

/** The repository's addresses the packed README's links are made absolute with, if `repository` is on GitHub. */
function readmeBase(pkg: Json) {
	const web = repositoryWebUrl(pkg.repository);
	return web ? githubBase(web) : undefined;
}

/**
 * Runs every check on the package in `dir` (built), as it ships: on the tarball `tarball` names, or
 * else on the one packing `dir` makes (as `npm run release:pack` does, in a folder of its own).
 */
export async function checkRelease(dir: string, options: { tarball?: string } = {}): Promise<ReleaseReport> {
	const report: ReleaseReport = { problems: [], maintainerFields: [], checked: [] };
	let packed: Map<string, Buffer>;
	if (options.tarball) packed = readTarball(options.tarball);
	else {
		const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'release-check-'));
		try {
			packed = readTarball(packRelease(dir, scratch, readmeBase(readPackage(dir))).tarball);
		} finally {
			fs.rmSync(scratch, { recursive: true, force: true });
		}
	}
	// package.json as it ships (the tarball's, when one is named).
	const manifest = packed.get('package.json');
	const pkg = manifest ? (JSON.parse(manifest.toString('utf8')) as Json) : readPackage(dir);
	checkPackageFields(pkg, report);
	checkMaintainerFields(pkg, report);
	report.checked.push('package.json: name, version, keywords, license, description, dependencies, peer, scripts, n8n section');
	const files = [...packed.keys()].sort();
	checkTarball(pkg, files, report);
	report.checked.push(`tarball: ${files.length} files`);
	checkReadme(pkg, packed, report);
	const linted = await lintAsScanner(dir, packed, report);
	report.checked.push(`lint as n8n's scanner: ${linted.shipped} files of the tarball, ${linted.sources} sources`);
	return report;
}

/**
 * `npm run release:pack`: the tarball to publish, in `destination`, its README's links made
 * absolute. Refuses without a GitHub `repository`, which the links are made absolute from.
 */
export function packForRelease(dir: string, destination: string): string {
	const base = readmeBase(readPackage(dir));
	if (!base) throw new Error('package.json has no GitHub repository to make the README\'s links absolute from: fill in "repository" first');
	const packed = packRelease(dir, destination, base);
	const readme = packed.readme ? `; ${packed.readme.file}: ${packed.readme.rewritten} relative links made absolute` : '';
	const unresolved = packed.readme?.unresolved.length ? ` (not these, outside the repository: ${packed.readme.unresolved.join(', ')})` : '';
	return `${packed.tarball}${readme}${unresolved}`;
}

/** Writes `homepage` and `bugs`, derived from `repository`, into the package.json of `dir`. */
export function writeLinks(dir: string): string {
	const file = path.join(dir, 'package.json');
	const pkg = readPackage(dir);
	const web = repositoryWebUrl(pkg.repository);
	if (!web) throw new Error('package.json has no repository address to derive homepage and bugs from: fill in "repository" first');
	const links = derivedLinks(web);
	const out: Json = {};
	for (const [key, value] of Object.entries(pkg)) {
		if (key === 'homepage' || key === 'bugs') continue;
		out[key] = value;
		if (key === 'repository') Object.assign(out, links);
	}
	fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
	return `homepage ${links.homepage}, bugs ${links.bugs.url}`;
}

async function main(argv: string[]): Promise<number> {
	const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
	const dir = path.resolve(flag('--dir') ?? ROOT);
	if (argv.includes('--links')) {
		console.log(`package.json: ${writeLinks(dir)}`);
		return 0;
	}
	if (argv.includes('--pack')) {
		console.log(`packed ${packForRelease(dir, path.resolve(flag('--out') ?? dir))}`);
		return 0;
	}
	const strict = argv.includes('--strict');
	const tarball = flag('--tarball');
	const report = await checkRelease(dir, { tarball: tarball === undefined ? undefined : path.resolve(tarball) });
	for (const line of report.checked) console.log(`checked ${line}`);
	for (const problem of report.problems) console.log(`✗ ${problem}`);
	if (report.maintainerFields.length > 0) {
		console.log(`${strict ? '✗' : '!'} for the maintainers to fill in package.json: ${report.maintainerFields.join('; ')}`);
		if (!strict) console.log('  (allowed here; the publish workflow runs this check with --strict, where they fail)');
	}
	const failed = report.problems.length > 0 || (strict && report.maintainerFields.length > 0);
	console.log(failed ? 'release check: FAILED' : 'release check: passed');
	return failed ? 1 : 0;
}

if (require.main === module) {
	main(process.argv.slice(2)).then(
		(code) => process.exit(code),
		(error: unknown) => {
			console.error(error);
			process.exit(1);
		},
	);
}
