/**
 * Before each test file: n8n's logger silent. n8n reads its log level from the environment when
 * its Logger is first made, and prints every warning through the console, which jest shows as a
 * block that reads like a failure.
 */
process.env.N8N_LOG_LEVEL = 'silent';
