const { src, dest } = require('gulp');

/** Copies what tsc does not: the node and credential icons and the codex files. */
function buildIcons() {
	return src(['nodes/**/*.{svg,png}', 'nodes/**/*.node.json', 'credentials/**/*.{svg,png}'], {
		base: '.',
		encoding: false,
		allowEmpty: true,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
