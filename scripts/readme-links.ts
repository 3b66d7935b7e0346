/**
 * The README as it ships. The repository's README.md links to the repository's files and images by
 * relative paths (`docs/…`), which read right on GitHub; the registry's package page has nothing to
 * resolve them against, so there they are broken. At pack time (`npm run release:pack`) every
 * relative link and image of the packed README is made absolute from package.json's `repository`,
 * and the release check fails on a packed README that still has one.
 *
 * What counts as a link: an inline link or image (`[text](target)`, `![alt](target)`), a reference
 * definition (`[label]: target`) and an HTML `href` or `src`, outside fenced code blocks and code
 * spans. A target is relative unless it has a scheme (`https:`, `mailto:`), starts with `//`, or is
 * a fragment of the page itself (`#install`: the registry's page keeps the README's headings).
 */

/** Where a relative target points once absolute: the repository's pages, and its files as they are. */
export interface RepositoryBase {
	/** `https://github.com/OWNER/REPO/blob/main/`: a file as GitHub shows it. */
	blob: string;
	/** `https://github.com/OWNER/REPO/tree/main/`: a folder as GitHub shows it. */
	tree: string;
	/** The raw file's address on GitHub: what an image needs (a page of GitHub's is HTML). */
	raw: string;
}

/** One link target of the Markdown: where it is and what it says. */
export interface LinkTarget {
	/** Offset of the target's first character in the text. */
	start: number;
	/** Offset just after its last character. */
	end: number;
	target: string;
}

/** Images, by their extension: pointed at the raw file, so that the page shows them. */
const IMAGE = /\.(png|jpe?g|gif|svg|webp|avif)$/i;

/**
 * The base addresses of a GitHub repository's files on `branch`, from its web address
 * (`https://github.com/OWNER/REPO`, as release-check.ts's `repositoryWebUrl` answers it), or
 * undefined for a repository elsewhere: the publish workflow (its provenance) needs GitHub anyway.
 */
export function githubBase(web: string, branch = 'main'): RepositoryBase | undefined {
	const match = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)$/.exec(web);
	if (!match) return undefined;
	const [, owner, repo] = match;
	return {
		blob: `${web}/blob/${branch}/`,
		tree: `${web}/tree/${branch}/`,
		raw: `https://raw.githubusercontent.com/${owner}/${repo}/${branch}/`,
	};
}

/** The text with fenced code blocks and code spans blanked out (same length, so offsets stay the text's). */
function withoutCode(markdown: string): string {
	const blank = (text: string) => text.replace(/[^\n]/g, ' ');
	let fence: { char: string; length: number } | undefined;
	const lines = markdown.split('\n').map((line) => {
		const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
		if (fence) {
			const closes = marker && marker[1][0] === fence.char && marker[1].length >= fence.length && line.trim() === marker[1];
			if (closes) fence = undefined;
			return blank(line);
		}
		if (marker) fence = { char: marker[1][0], length: marker[1].length };
		return marker ? blank(line) : line;
	});
	// A code span ends at the same run of backticks, within its paragraph (no blank line in it).
	return lines.join('\n').replace(/(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/g, blank);
}

/** Every link target of the Markdown (inline links and images, reference definitions, HTML href and src), in order. */
export function linkTargets(markdown: string): LinkTarget[] {
	const text = withoutCode(markdown);
	const found: LinkTarget[] = [];
	/** A target that ends `after` characters before the end of `match` (1 for a closing `>` or quote). */
	const add = (matchEnd: number, target: string, after: number) => {
		const end = matchEnd - after;
		found.push({ start: end - target.length, end, target });
	};
	// `](target)` or `](<target> "title")`: the target of an inline link or image.
	for (const match of text.matchAll(/\]\(\s*(?:<([^<>\n]*)>|([^\s()<>]+))/g)) {
		add(match.index + match[0].length, match[1] ?? match[2], match[1] !== undefined ? 1 : 0);
	}
	// `[label]: target`, at the start of a line (up to three spaces in).
	for (const match of text.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*(?:<([^<>\n]*)>|(\S+))/gm)) {
		add(match.index + match[0].length, match[1] ?? match[2], match[1] !== undefined ? 1 : 0);
	}
	// `<img src="…">`, `<a href='…'>`: an attribute of an HTML tag.
	for (const tag of text.matchAll(/<[a-z][a-z0-9]*\b[^<>]*>/gi)) {
		for (const attribute of tag[0].matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
			add(tag.index + attribute.index + attribute[0].length, attribute[1] ?? attribute[2], 1);
		}
	}
	return found.sort((a, b) => a.start - b.start);
}

/** Whether a target is relative to the README's folder: not empty, no scheme, not `//host`, not a fragment of the page. */
export function isRelative(target: string): boolean {
	return target !== '' && !target.startsWith('#') && !target.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** The relative targets the Markdown has: what the release check refuses in a packed README. */
export function relativeLinks(markdown: string): string[] {
	return linkTargets(markdown)
		.map((link) => link.target)
		.filter(isRelative);
}

/**
 * A relative target made absolute: a folder (`examples/`) as GitHub's page of it, an image as its
 * raw file, any other file as GitHub's page of it; its `#fragment` or `?query` kept. `./` and a
 * leading `/` (the repository's root, for GitHub) are dropped. A target that climbs out of the
 * repository (`../x`) is answered undefined: there is nothing there to point at.
 */
export function absoluteTarget(target: string, base: RepositoryBase): string | undefined {
	const split = /^([^?#]*)(.*)$/s.exec(target);
	const [pathPart, rest] = split ? [split[1], split[2]] : [target, ''];
	const segments: string[] = [];
	for (const segment of pathPart.split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment !== '..') segments.push(segment);
		else if (segments.pop() === undefined) return undefined;
	}
	const path = segments.join('/');
	if (path === '') return `${base.tree.replace(/\/$/, '')}${rest}`;
	if (pathPart.endsWith('/')) return `${base.tree}${path}${rest}`;
	return `${IMAGE.test(path) ? base.raw : base.blob}${path}${rest}`;
}

/**
 * The README as it ships: every relative link and image absolute (`absoluteTarget`). Answers the
 * text, how many targets were rewritten, and those it could not make absolute (climbing out of the
 * repository), which stay as they were for the release check to name.
 */
export function absoluteReadme(markdown: string, base: RepositoryBase): { text: string; rewritten: number; unresolved: string[] } {
	let text = '';
	let from = 0;
	let rewritten = 0;
	const unresolved: string[] = [];
	for (const link of linkTargets(markdown)) {
		if (!isRelative(link.target)) continue;
		const absolute = absoluteTarget(link.target, base);
		if (absolute === undefined) {
			unresolved.push(link.target);
			continue;
		}
		text += markdown.slice(from, link.start) + absolute;
		from = link.end;
		rewritten++;
	}
	return { text: text + markdown.slice(from), rewritten, unresolved };
}
