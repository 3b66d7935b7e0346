/**
 * Fails when relative imports form a cycle anywhere in the repository's own TypeScript and
 * JavaScript (node_modules, dist and .git left out). Every relative specifier counts: `import`,
 * `import type`, `export … from`, `require()`, `import()`, `jest.mock()`.
 *
 * Usage: npm run check:cycles
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage']);
const SOURCE = /\.(ts|js|mjs|cjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\1/gm;

function sourceFiles(dir: string, out: string[] = []): string[] {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		if (SKIP.has(entry.name)) continue;
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) sourceFiles(full, out);
		else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
	}
	return out;
}

/** The file a relative specifier names, as Node with tsx or ts-jest resolves it (`x.js` may be `x.ts`). */
function resolve(from: string, spec: string): string | undefined {
	const base = path.resolve(path.dirname(from), spec);
	const stem = base.replace(/\.(js|mjs|cjs)$/, '');
	const candidates = [base, `${base}.ts`, `${base}.js`, `${stem}.ts`, path.join(base, 'index.ts'), path.join(base, 'index.js')];
	return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
}

function importsOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const out = new Set<string>();
	for (const m of text.matchAll(SPECIFIER)) {
		const target = resolve(file, m[2]);
		if (target) out.add(target);
	}
	return [...out];
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
	let index = 0;
	const idx = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (v: string): void => {
		idx.set(v, index);
		low.set(v, index++);
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!idx.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v)!, low.get(w)!));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
		}
		if (low.get(v) === idx.get(v)) {
			const scc: string[] = [];
			let w: string;
			do {
				w = stack.pop()!;
				onStack.delete(w);
				scc.push(w);
			} while (w !== v);
			if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.reverse());
		}
	};
	for (const v of graph.keys()) if (!idx.has(v)) visit(v);
	return found;
}

/** One concrete cycle through the files of a component: start → … → start. */
function pathThrough(scc: string[], graph: Map<string, string[]>): string[] {
	const members = new Set(scc);
	const start = scc[0];
	const prev = new Map<string, string>();
	const queue = [start];
	while (queue.length) {
		const v = queue.shift()!;
		for (const w of graph.get(v) ?? []) {
			if (!members.has(w)) continue;
			if (w === start) {
				const route = [v];
				while (route[0] !== start) route.unshift(prev.get(route[0])!);
				return [...route, start];
			}
			if (!prev.has(w)) {
				prev.set(w, v);
				queue.push(w);
			}
		}
	}
	return [...scc, start];
}

const files = sourceFiles(ROOT);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const edges = [...graph.values()].reduce((n, l) => n + l.length, 0);
const found = cycles(graph);
const rel = (f: string) => path.relative(ROOT, f);
if (found.length) {
	for (const scc of found) process.stderr.write(`import cycle: ${pathThrough(scc, graph).map(rel).join(' → ')}\n`);
	process.stderr.write(`${found.length} import cycle(s) among ${files.length} files\n`);
	process.exit(1);
}
process.stdout.write(`no import cycles: ${files.length} files, ${edges} relative imports\n`);
