// n8n-core reads its user folder on load: keep it out of the real home folder.
const fs = require('fs');
const os = require('os');
const path = require('path');
if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-cometchat-test-'));
}
