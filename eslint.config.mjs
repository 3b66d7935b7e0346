import js from '@eslint/js';
import { config } from '@n8n/node-cli/eslint';
import globals from 'globals';

/**
 * n8n's community-node rules for what ships (nodes/, credentials/, package.json), and the same
 * TypeScript rules without them for the project's tools (the emulator, the contract, the tests, the
 * end-to-end scripts, the benchmarks and the repository scripts): those run on this machine, where
 * `process`, the console and Node's modules are what they are for.
 */
const TOOLS = ['emulator/**', 'contract/**', 'test/**', 'e2e/**', 'bench/**', 'scripts/**'];

/** A leading underscore marks a value left unused on purpose (a member taken out of a rest, a callback's parameter). */
const UNUSED = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true };

const communityNodeRules = config
	.flatMap((entry) => Object.entries(entry.plugins ?? {}))
	.filter(([name]) => name === '@n8n/community-nodes')
	.flatMap(([name, plugin]) => Object.keys(plugin.rules ?? {}).map((rule) => `${name}/${rule}`));

export default [
	...config,
	{
		files: TOOLS.map((folder) => `${folder}/*.ts`),
		rules: {
			...Object.fromEntries(communityNodeRules.map((rule) => [rule, 'off'])),
			'no-console': 'off',
			'@typescript-eslint/no-unused-vars': ['error', UNUSED],
		},
	},
	{
		files: TOOLS.map((folder) => `${folder}/*.js`),
		...js.configs.recommended,
		languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.jest } },
	},
	{
		files: TOOLS.map((folder) => `${folder}/*.js`),
		rules: { 'no-unused-vars': ['error', UNUSED] },
	},
	{
		// Code these scripts hand to the browser (page.evaluate) runs there.
		files: ['e2e/screenshot*.js'],
		languageOptions: { globals: globals.browser },
	},
	{
		// The emulator's request bodies and seed files are untyped JSON by nature (`Json`).
		files: ['emulator/core/validation.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
];
