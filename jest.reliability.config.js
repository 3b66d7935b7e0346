// The reliability suite (npm run test:reliability): the promises tried hard to break (faults, stalls,
// backlogs, concurrent change, bad inputs, secrets), each printing its figures. RELIABILITY.md
// records one run. Kept apart from `npm test` because its soaks take minutes.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	roots: ['<rootDir>/test/reliability'],
	testPathIgnorePatterns: [],
	testTimeout: 900000,
};
