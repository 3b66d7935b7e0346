#!/usr/bin/env node
// @ts-check
/**
 * Installs the n8n versions the end-to-end steps run: the pinned one (on this Node), then the newest
 * tested one (on its own Node from the package registry), as those steps would on first use, into
 * the same cache outside the repo. CI starts it in the background while the unit and reliability
 * tests run, and waits for it before the first end-to-end step.
 */
const { ensureN8n, flavor } = require('./lib/install');

(async () => {
	for (const name of ['pinned', 'latest']) {
		const installed = await ensureN8n({ flavor: flavor(name) });
		const how = installed.installedNow ? `installed in ${Math.round(installed.seconds)} s` : 'already installed';
		console.log(`n8n ${installed.version} (${name}): ${how}`);
	}
})().catch((error) => {
	console.error(error);
	process.exit(1);
});
