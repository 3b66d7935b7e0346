/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts', '**/*.test.js'],
	// The reliability suite has its own config and script (jest.reliability.config.js).
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/reliability/'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }] },
	// Sources import `X.node.js` for `X.node.ts`: a bare `X.node` would find the codex `X.node.json` first under plain Node (tsx).
	moduleNameMapper: { '^(\\.{1,2}/.*\\.node)\\.js$': '$1' },
	// One n8n user folder for the run, removed when it ends (test/harness/user-folder.ts).
	globalSetup: '<rootDir>/test/harness/user-folder.ts',
	// n8n's logger off: a node's warnings (a trigger's failed poll, retried) are behaviour the tests
	// assert, not output to read (test/harness/quiet-logs.ts).
	setupFiles: ['<rootDir>/test/harness/quiet-logs.ts'],
	testTimeout: 60000,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
