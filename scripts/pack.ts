/**
 * The release's tarball, made and read without npm's lifecycle scripts: the project's `.npmrc` sets
 * `ignore-scripts`, under which `npm pack` and `npm publish` run no `prepack` or `postpack`, so
 * the README cannot be rewritten by them. `packRelease` copies what `npm pack` would pack into a
 * staging folder, writes the README there with its links made absolute (readme-links.ts), and packs
 * that folder: the working tree is never touched, and the tarball is what `npm publish <tarball>`
 * publishes. `readTarball` reads a tarball's files back, for the release check.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { gunzipSync } from 'zlib';

import { absoluteReadme, type RepositoryBase } from './readme-links';

/** The README npm packs: README.md (or README, README.markdown), any case. */
export const README = /^readme(\.md|\.markdown)?$/i;

function npm(args: string[], cwd: string): string {
	const command = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	// `--ignore-scripts` whatever the configuration says: packing runs no script of the package.
	const result = spawnSync(command, [...args, '--ignore-scripts'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed: ${result.stderr}`);
	return result.stdout;
}

/** The files `npm pack` would put in the tarball of the package in `dir`, relative to it. */
export function packedFileList(dir: string): string[] {
	const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json'], dir)) as Array<{ files: Array<{ path: string }> }>;
	return packed.files.map((file) => file.path.split(path.sep).join('/')).sort();
}

export interface PackedRelease {
	/** The tarball's path. */
	tarball: string;
	/** The README's links: how many were made absolute, and those that could not be; undefined without a base or a README. */
	readme?: { file: string; rewritten: number; unresolved: string[] };
}

/**
 * Packs the package in `dir` into `destination` as npm would, but for the README: with a `base`
 * (the repository's addresses), its relative links and images are made absolute in the tarball.
 */
export function packRelease(dir: string, destination: string, base: RepositoryBase | undefined): PackedRelease {
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'release-pack-'));
	try {
		const files = packedFileList(dir);
		for (const file of files) {
			fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
			fs.copyFileSync(path.join(dir, file), path.join(staging, file));
		}
		const readmeFile = files.find((file) => README.test(file));
		let readme: PackedRelease['readme'];
		if (base && readmeFile) {
			const rewritten = absoluteReadme(fs.readFileSync(path.join(dir, readmeFile), 'utf8'), base);
			fs.writeFileSync(path.join(staging, readmeFile), rewritten.text);
			readme = { file: readmeFile, rewritten: rewritten.rewritten, unresolved: rewritten.unresolved };
		}
		fs.mkdirSync(destination, { recursive: true });
		const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', path.resolve(destination)], staging)) as Array<{
			filename: string;
		}>;
		return { tarball: path.join(path.resolve(destination), packed.filename), readme };
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
}

/**
 * The files of a package tarball (a gzipped tar, as npm writes it), by their path inside the
 * package (without npm's leading `package/`). Reads regular files, with a long path from the PAX
 * header before them; folders and links carry nothing the check reads.
 */
export function readTarball(file: string): Map<string, Buffer> {
	const data = gunzipSync(fs.readFileSync(file));
	const files = new Map<string, Buffer>();
	let longPath: string | undefined;
	for (let offset = 0; offset + 512 <= data.length; ) {
		const header = data.subarray(offset, offset + 512);
		if (header.every((byte) => byte === 0)) break;
		const field = (start: number, length: number) =>
			header
				.subarray(start, start + length)
				.toString('utf8')
				.replace(/\0[\s\S]*$/, '');
		const size = parseInt(field(124, 12).trim() || '0', 8);
		const type = field(156, 1);
		const body = data.subarray(offset + 512, offset + 512 + size);
		offset += 512 + Math.ceil(size / 512) * 512;
		if (type === 'x') {
			longPath = /(?:^|\n)\d+ path=([^\n]*)/.exec(body.toString('utf8'))?.[1];
			continue;
		}
		const prefix = field(345, 155);
		const name = longPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
		longPath = undefined;
		if (type === '0' || type === '') files.set(name.replace(/^[^/]+\//, ''), Buffer.from(body));
	}
	return files;
}
