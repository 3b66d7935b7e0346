const { src, dest } = require('gulp');
const fs = require('fs');

/** Copies what tsc does not: the node and credential icons and the codex files. */
function buildIcons() {
	return src(['nodes/**/*.{svg,png}', 'nodes/**/*.node.json', 'credentials/**/*.{svg,png}'], {
		base: '.',
		encoding: false,
		allowEmpty: true,
	}).pipe(dest('dist'));
}

/** Empties dist/ before tsc writes it, so nothing a former build left (a source map, a removed node) ships. */
function clean(done) {
	fs.rmSync('dist', { recursive: true, force: true });
	done();
}

exports['build:icons'] = buildIcons;
exports.clean = clean;
