#!/usr/bin/env node
// @ts-check
/**
 * Files from and to binary data in a real n8n (`npm run test:binary`): this package as a community
 * package, against the local emulator, each workflow run with `n8n execute`, with n8n's own binary
 * data mode (nothing set).
 *
 *   1. upload      Code → Convert to File (a CSV file as binary data) → CometChat Keyword List →
 *                  Create, Terms From CSV File (Binary): the emulator receives the file part (its
 *                  name and content) and reads the terms from it
 *   2. download    CometChat Message → Send with an attachment the emulator serves → Message → Get
 *                  with Download Attachments → Code: the next node reads the binary property (the
 *                  bytes, the file name and the MIME type); the file was read without the API key
 *   3. too big     the same Get with Max File Size 1 MB on a 2 MB file: the item fails, naming the
 *                  message, the file and the limit
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest (the newest tested n8n), E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { N8N_VERSION } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

const checks = new Checks();
const progress = progressLog();

/** The credential `n8n.prepare` imports (the examples' own). */
const CREDENTIAL = { cometChatApi: { id: 'cometChatCred001', name: 'CometChat account' } };
const CSV = 'darn,heck\nfrick\ngosh\n';
const CSV_NAME = 'mild-words.csv';
/** A small PNG-like file whose bytes are not text: a byte for byte check. */
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x10, 0x80, 0x7f, 0x00, 0x01]);

/**
 * A workflow: Manual Trigger, then `nodes` in a row.
 * @param {string} id @param {string} name @param {Array<{ name: string, type: string, typeVersion: number, parameters: object, credentials?: object }>} nodes
 */
function workflow(id, name, nodes) {
	const all = [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} }, ...nodes];
	/** @type {Record<string, { main: Array<Array<{ node: string, type: string, index: number }>> }>} */
	const connections = {};
	all.slice(0, -1).forEach((node, index) => {
		connections[node.name] = { main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]] };
	});
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		connections,
		nodes: all.map((node, index) => ({
			id: `${id.slice(0, 8).padEnd(8, '0')}-0000-4000-8000-00000000000${index}`,
			position: [index * 220, 0],
			...node,
		})),
	};
}

const UPLOAD = workflow('binaryE2eUpload1', 'Binary e2e: a CSV file from binary data', [
	{
		name: 'The terms',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode: `return [{ json: { csv: ${JSON.stringify(CSV)} } }];` },
	},
	{
		name: 'Convert to File',
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		parameters: { operation: 'toText', sourceProperty: 'csv', binaryPropertyName: 'data', options: { fileName: CSV_NAME } },
	},
	{
		name: 'Create the keyword list',
		type: 'n8n-nodes-cometchat.cometChat',
		typeVersion: 1,
		credentials: CREDENTIAL,
		parameters: {
			resource: 'keywordList',
			operation: 'create',
			keywordListId: 'from-binary',
			category: 'word',
			termsFrom: 'binary',
			binaryPropertyName: 'data',
			additionalFields: { name: 'Mild words' },
		},
	},
]);

/**
 * Send (an image message whose attachment is `attachment`) → Get with Download Attachments → the
 * next node reads the file.
 * @param {string} id @param {string} name @param {Record<string, unknown>} attachment @param {Record<string, unknown>} getOptions
 */
function downloadWorkflow(id, name, attachment, getOptions = {}) {
	return workflow(id, name, [
		{
			name: 'Send with an attachment',
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			credentials: CREDENTIAL,
			parameters: {
				resource: 'message',
				operation: 'send',
				onBehalfOf: { __rl: true, mode: 'id', value: 'ada' },
				receiverType: 'user',
				receiverUid: { __rl: true, mode: 'id', value: 'bob' },
				messageType: 'image',
				attachments: { attachment: [attachment] },
			},
		},
		{
			name: 'Get with attachments',
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			credentials: CREDENTIAL,
			parameters: {
				resource: 'message',
				operation: 'get',
				messageId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				downloadAttachments: true,
				...getOptions,
			},
		},
		{
			name: 'Read the file',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				mode: 'runOnceForAllItems',
				language: 'javaScript',
				jsCode: [
					'const item = $input.first();',
					'const meta = item.binary?.attachment_0 ?? {};',
					"const bytes = await this.helpers.getBinaryDataBuffer(0, 'attachment_0');",
					"return [{ json: { fileName: meta.fileName, mimeType: meta.mimeType, base64: bytes.toString('base64'), storedAs: meta.id ? String(meta.id).split(':')[0] : 'in the item' } }];",
				].join('\n'),
			},
		},
	]);
}

async function main() {
	const install = await buildAndInstallN8n(progress);
	progress('Starting the emulator: users ada and bob, a 16-byte image and a 2 MB file to link to');
	const emulator = await startEmulator({ seed: 'none', logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	emulator.store.addUser({ uid: 'ada', name: 'Ada' });
	emulator.store.addUser({ uid: 'bob', name: 'Bob' });
	const image = emulator.addMedia({ name: 'chart.png', mimeType: 'image/png', bytes: IMAGE });
	const big = emulator.addMedia({ name: 'big.bin', mimeType: 'application/octet-stream', bytes: Buffer.alloc(2 * 1024 * 1024, 1) });
	const { size: _imageSize, ...imageAttachment } = image.attachment;
	const { size: _bigSize, ...bigAttachment } = big.attachment;
	const DOWNLOAD = downloadWorkflow('binaryE2eDownld1', 'Binary e2e: attachments into binary data', imageAttachment);
	// No declared size: the limit is met while reading.
	const TOO_BIG = downloadWorkflow('binaryE2eTooBig1', 'Binary e2e: an attachment over the limit', bigAttachment, {
		maxAttachmentSizeMb: 1,
	});

	progress('A fresh n8n: the package as a community package, the credential, the workflows');
	const n8n = await N8n.create(install);
	await n8n.prepare(emulator, []);
	await n8n.importWorkflows([UPLOAD, DOWNLOAD, TOO_BIG]);

	progress(`${UPLOAD.name}: n8n execute`);
	await checks.run('upload', async () => {
		checks.section('1. a CSV file from binary data (Convert to File) → Keyword List → Create');
		emulator.clearRequests();
		const run = await n8n.execute(UPLOAD.id);
		checks.ok('the run succeeded', run.status === 'success' && run.exitCode === 0, `status ${run.status}, ${run.error ?? ''}`);
		const request = emulator.requests.find((r) => r.method === 'POST' && r.path === '/v3/moderation/keywords');
		checks.ok('the keyword list was created with a multipart body', /^multipart\/form-data/.test(String(request?.headers['content-type'])));
		checks.equal("the file part carries Convert to File's file name", request?.fileParts?.file?.fileName, CSV_NAME);
		checks.equal('the file part holds the CSV as made in the workflow', /** @type {any} */ (request?.body)?.file, CSV);
		const list = emulator.store.keywordLists.get('from-binary');
		checks.equal('the emulator read the terms from the file', list?.searchTerms, ['darn', 'heck', 'frick', 'gosh']);
		checks.equal("the node's output is the list, marked as from a CSV", run.items('Create the keyword list')[0]?.isCSV, true);
	});

	progress(`${DOWNLOAD.name}: n8n execute`);
	await checks.run('download', async () => {
		checks.section('2. Message → Send with an attachment, Get with Download Attachments, the next node reads the file');
		emulator.clearRequests();
		const run = await n8n.execute(DOWNLOAD.id);
		checks.ok('the run succeeded', run.status === 'success' && run.exitCode === 0, `status ${run.status}, ${run.error ?? ''}`);
		const [file] = run.items('Read the file');
		checks.equal('the next node reads the bytes served by the emulator', file?.base64, IMAGE.toString('base64'));
		checks.equal('with the file name', file?.fileName, 'chart.png');
		checks.equal('and the MIME type', file?.mimeType, 'image/png');
		console.log(`    (n8n kept the file ${file?.storedAs === 'in the item' ? 'in the item' : `in its ${file?.storedAs} storage`})`);
		const downloads = emulator.requests.filter((r) => r.path.startsWith('/media/'));
		checks.equal('the file was read once', downloads.length, 1);
		checks.equal('without the API key', downloads[0]?.headers.apikey, undefined);
	});

	progress(`${TOO_BIG.name}: n8n execute`);
	await checks.run('too big', async () => {
		checks.section('3. an attachment over Max File Size');
		const run = await n8n.execute(TOO_BIG.id);
		checks.ok('the run failed', run.status !== 'success', `status ${run.status}`);
		checks.ok(
			'naming the message, the file and the limit',
			/Could not download attachment 0 \(big\.bin\) of message \d+: it is larger than 1 MB/.test(run.error ?? ''),
			run.error,
		);
	});

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${N8N_VERSION}, ${progress.seconds()} s in all`);
	return checks.summary();
}

runScript(main, checks, 'the test could set up n8n and the emulator');
