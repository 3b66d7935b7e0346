#!/usr/bin/env node
// @ts-check
/**
 * End-to-end test (`npm run test:e2e`): six example workflows in the real n8n, with this package
 * installed as a user's n8n installs a community package, against the local emulator. One run goes
 * through the CLI as a user's scheduled job would (`n8n execute`); the rest share one `n8n start`,
 * run as the editor runs them (REST API), because each n8n command boots n8n anew (10–20 s).
 *
 *   1. build the package; install the pinned n8n once (cached outside the repo)
 *   2. a fresh n8n user folder: the package, a credential pointing at the emulator, the examples
 *   3. user sync        run 1 with `n8n execute` (Manual Trigger) on the fresh seed
 *   4. n8n start        the package loaded as a community package
 *   5. user sync        runs 2 and 3 from its Manual Trigger: unchanged; a user removed (saved first)
 *   6. CSV import       from its Manual Trigger: four CSV files (users, groups, members, 10,000
 *                       messages) read from disk and imported; every entity stored once; again: 0 new
 *   7. deal won         from its Manual Trigger: two won deals from a CRM, one templated notification
 *                       send with both owners and their variables; each owner's feed item as rendered
 *   8. report           run from its Schedule Trigger as the editor does; counts vs the seed
 *   9. triage           activated: the trigger's first poll triages the waiting flagged messages;
 *                       new flags, re-activation: only the new ones are triaged
 *  10. support inbox    run from its Schedule Trigger: the moderator's unread messages triaged and
 *                       marked read for them only; run again: nothing unread, nothing marked
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_SKIP_BUILD=1 (dist/ is fresh), KEEP_N8N_FOLDER=1 (keep n8n's user folder and log).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startEmulator } = require('../emulator');
const { Checks, sorted } = require('./lib/checks');
const { N8N_VERSION } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');
const facts = require('./lib/seed-facts');

const USER_SYNC = readWorkflow('user-sync.json');
const REPORT = readWorkflow('moderation-report.json');
const TRIAGE = readWorkflow('moderation-triage.json');
const INBOX = readWorkflow('support-inbox.json');
const CSV_IMPORT = readWorkflow('csv-import.json');
const DEAL_WON = readWorkflow('deal-won-notification.json');
/** The CSV import's messages: 200 requests of 50. */
const CSV_MESSAGES = 10_000;
/** How long one CSV import run may take (a few seconds here; minutes on a loaded machine). */
const CSV_RUN_TIMEOUT_MS = 10 * 60_000;

const checks = new Checks();
const progress = progressLog();

/** @param {string} file */
function readWorkflow(file) {
	const workflow = facts.readExample(file);
	return { id: workflow.id, name: workflow.name, workflow };
}

/** The example's node of this type; its name is what the run data is keyed by. */
function nodeName(/** @type {{ workflow: any }} */ example, /** @type {string} */ type, /** @type {string} */ operation = '') {
	const node = example.workflow.nodes.find(
		(/** @type {any} */ n) => n.type === type && (!operation || n.parameters.operation === operation),
	);
	if (!node) throw new Error(`${example.workflow.name} has no ${type} ${operation} node`);
	return node.name;
}

async function main() {
	const install = await buildAndInstallN8n(progress);
	console.log(install.installedNow ? `  installed in ${install.seconds.toFixed(0)} s` : `  cached in ${install.dir}`);

	progress('Starting the emulator with its demo data');
	const emulator = await startEmulator({ seed: 'demo', logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	const api = emulatorApi(emulator);

	progress('A fresh n8n: the package as a community package, the credential, the examples');
	// The CSV import's files: n8n reads files only where N8N_RESTRICT_FILE_ACCESS_TO allows.
	const csvFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'cometchat-csv-import-'));
	onCleanup('the CSV files', () => fs.rmSync(csvFolder, { recursive: true, force: true }));
	const n8n = await N8n.create(install, { env: { N8N_RESTRICT_FILE_ACCESS_TO: csvFolder } });
	await n8n.prepare(emulator, []);
	await n8n.importWorkflows([
		...[USER_SYNC, REPORT, TRIAGE, INBOX, DEAL_WON].map((example) => example.workflow),
		csvImportWorkflow(csvFolder),
	]);

	progress(`${USER_SYNC.name}, run 1: n8n execute --id ${USER_SYNC.id}`);
	await checks.run(USER_SYNC.name, () => checkUserSyncFirstRun(checks, n8n, api));

	progress('n8n start');
	await n8n.start();
	await checks.run('n8n start', async () => {
		checks.section('n8n start');
		const types = await (await fetch(`${n8n.rest.url}/types/nodes.json`, { headers: { cookie: n8n.rest.cookie ?? '' } })).json();
		const names = types.map((/** @type {any} */ t) => t.name);
		checks.ok(
			'the package is loaded as a community package (n8n-nodes-cometchat.cometChat and .cometChatTrigger)',
			names.includes('n8n-nodes-cometchat.cometChat') && names.includes('n8n-nodes-cometchat.cometChatTrigger'),
			`node types of the package: ${names.filter((/** @type {string} */ n) => n.includes('cometChat')).join(', ') || 'none'}`,
		);
	});

	progress(`${USER_SYNC.name}, runs 2 and 3: run from its Manual Trigger`);
	await checks.run(USER_SYNC.name, () => checkUserSyncReruns(checks, n8n, api));

	progress(`${CSV_IMPORT.name}: run from its Manual Trigger, twice`);
	await api.reset();
	await checks.run(CSV_IMPORT.name, () => checkCsvImport(checks, n8n, api, csvFolder));

	progress(`${DEAL_WON.name}: run from its Manual Trigger`);
	await api.reset();
	await checks.run(DEAL_WON.name, () => checkDealWon(checks, n8n, api));

	progress(`${REPORT.name}: run from its Schedule Trigger`);
	await api.reset();
	await checks.run(REPORT.name, () => checkReport(checks, n8n, api));

	progress(`${TRIAGE.name}: activated`);
	await api.reset();
	await checks.run(TRIAGE.name, () => checkTriage(checks, n8n, api));

	progress(`${INBOX.name}: run from its Schedule Trigger, twice`);
	await api.reset();
	await checks.run(INBOX.name, () => checkSupportInbox(checks, n8n, api));

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${N8N_VERSION}, ${progress.seconds()} s in all`);
	return checks.summary();
}

/**
 * The emulator's state through plain HTTP (not through our nodes): what the checks compare with.
 * @param {Awaited<ReturnType<typeof startEmulator>>} emulator
 */
function emulatorApi(emulator) {
	/** @param {string} route @param {{ method?: string, body?: unknown, onBehalfOf?: string }} [options] */
	const call = async (route, options = {}) => {
		const response = await fetch(`${emulator.baseUrl}${route}`, {
			method: options.method ?? 'GET',
			headers: {
				apikey: emulator.apiKey,
				'content-type': 'application/json',
				...(options.onBehalfOf ? { onBehalfOf: options.onBehalfOf } : {}),
			},
			body: options.body === undefined ? undefined : JSON.stringify(options.body),
		});
		return { status: response.status, body: await response.json().catch(() => undefined) };
	};
	return {
		emulator,
		call,
		/** Back to the demo seed, with an empty request log. */
		async reset() {
			await call('/__emulator/reset', { method: 'POST', body: { seed: 'demo' } });
			emulator.clearRequests();
		},
		/** @param {string} uid */
		async user(uid) {
			const { status, body } = await call(`/v3/users/${encodeURIComponent(uid)}`);
			return status === 200 ? body.data : undefined;
		},
		/** @param {'pending' | 'approved' | 'disapproved'} status */
		async flaggedIds(status) {
			const { body } = await call(`/v3/moderation/flagged-messages?status=${status}&limit=100`);
			return sorted(body.data.map((/** @type {any} */ record) => record.id));
		},
		async reasonNames() {
			const { body } = await call('/v3/moderation/reasons?limit=100');
			return Object.fromEntries(body.data.map((/** @type {any} */ reason) => [reason.id, reason.name]));
		},
		/**
		 * A group's conversation as one member sees it (its unread count, its last message).
		 * @param {string} guid @param {string} uid
		 */
		async groupConversation(guid, uid) {
			const { body } = await call(`/v3/groups/${encodeURIComponent(guid)}/conversation`, { onBehalfOf: uid });
			return body.data;
		},
		/** The newest `count` messages of a group, newest first, as a member lists them. @param {string} guid @param {string} uid @param {number} count */
		async groupMessages(guid, uid, count) {
			const { body } = await call(`/v3/groups/${encodeURIComponent(guid)}/messages?limit=${count}&affix=prepend`, { onBehalfOf: uid });
			return body.data;
		},
		/**
		 * The requests our nodes made, e.g. requests('POST', '/v3/messages').
		 * @param {string} method @param {string} pathPrefix
		 * @returns {any[]}
		 */
		requests(method, pathPrefix) {
			return emulator.requests.filter((/** @type {any} */ r) => r.method === method && r.path.startsWith(pathPrefix));
		},
	};
}

/**
 * The user sync example's rows as the checks read them: those it accepts and those CometChat
 * refuses (an unknown role), and the row run 3 removes from the source.
 */
function userSyncRows() {
	const { managedTag, whenRemoved, rows, deactivatedInSeed } = facts.expectedUserSync();
	const accepted = rows.filter((row) => row.expected !== 'refused');
	const refused = rows.filter((row) => row.expected === 'refused');
	const removed = accepted.find((row) => row.expected === 'created');
	if (!removed || refused.length === 0 || whenRemoved !== 'deactivate') {
		throw new Error('the user sync example needs a new UID, a refused row and whenRemoved "deactivate" for these checks');
	}
	return { managedTag, accepted, refused, removed, deactivatedInSeed };
}

/**
 * A user sync run's Summary item, after checking that the run succeeded (and, from the CLI, exited 0)
 * and ended with one Summary item.
 * @param {Checks} checks @param {string} label
 * @param {{ status: string, exitCode?: number | null, error?: string, items: (node: string) => Array<Record<string, any>> }} run
 */
function userSyncSummary(checks, label, run) {
	checks.ok(
		`${label}: the run succeeded`,
		run.status === 'success' && (!('exitCode' in run) || run.exitCode === 0),
		`status ${run.status}, exit code ${run.exitCode ?? 'none (n8n start)'}, ${run.error ?? ''}`,
	);
	const summary = run.items('Summary');
	checks.ok(`${label}: it ends with one Summary item`, summary.length === 1, JSON.stringify(summary));
	return summary[0] ?? {};
}

/** A Summary item's counts. @param {Record<string, any>} summary */
function userSyncCounts(summary) {
	return {
		created: summary.created,
		updated: summary.updated,
		deactivated: summary.deactivated,
		deleted: summary.deleted,
		leftAlone: summary.leftAlone,
		failed: summary.failed,
	};
}

/** The writes to users our nodes made since the request log was cleared. @param {ReturnType<typeof emulatorApi>} api */
function userWrites(api) {
	return [...api.requests('POST', '/v3/users'), ...api.requests('PUT', '/v3/users'), ...api.requests('DELETE', '/v3/users')].map(
		(/** @type {any} */ r) => `${r.method} ${decodeURIComponent(r.path)}`,
	);
}

/**
 * User sync, run 1, with `n8n execute` as a user's scheduled job runs it: on the fresh demo seed.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api
 */
async function checkUserSyncFirstRun(checks, n8n, api) {
	const { managedTag, accepted, refused } = userSyncRows();
	checks.section(`${USER_SYNC.name}, run 1: a fresh emulator (n8n execute)`);
	api.emulator.clearRequests();
	const first = userSyncSummary(checks, 'run 1', await n8n.execute(USER_SYNC.id));
	checks.equal('the counts: the new UIDs created, those of the seed updated, the unknown role failed', userSyncCounts(first), {
		created: accepted.filter((row) => row.expected === 'created').length,
		updated: accepted.filter((row) => row.expected === 'updated').length,
		deactivated: 0,
		deleted: 0,
		leftAlone: 0,
		failed: refused.length,
	});
	checks.equal(
		'the failures name the refused rows',
		sorted((first.failures ?? []).map((/** @type {{ uid: string }} */ f) => f.uid)),
		sorted(refused.map((row) => row.uid)),
	);
	checks.ok(
		"… with CometChat's error for the role",
		(first.failures ?? []).length > 0 &&
			first.failures.every((/** @type {any} */ f) => /role/i.test(f.error) && /does not exist|not found/i.test(f.error)),
		JSON.stringify(first.failures),
	);
	for (const row of accepted) {
		const user = await api.user(row.uid);
		checks.equal(
			`the emulator has ${row.uid} (${row.expected}) with the listed name and role, and the listed tags plus "${managedTag}"`,
			user && { name: user.name, role: user.role, tags: sorted(user.tags ?? []) },
			{ name: row.name, role: row.role, tags: row.tags },
		);
	}
	for (const row of refused) checks.ok(`the emulator has no user ${row.uid}`, (await api.user(row.uid)) === undefined);
	const updated = accepted.filter((row) => row.expected === 'updated').map((row) => row.uid);
	const puts = api.requests('PUT', '/v3/users/').map((/** @type {any} */ r) => decodeURIComponent(r.path.split('/')[3]));
	checks.equal('a PUT went out only for the UIDs that existed', sorted(puts), sorted(updated));
}

/**
 * User sync, runs 2 and 3, in `n8n start` from its Manual Trigger as the editor runs it (on the
 * emulator as run 1 left it): again with nothing changed; and after a user is removed from the
 * source (the workflow saved without that row, as a user edits it). Each run ends with one Summary item.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api
 */
async function checkUserSyncReruns(checks, n8n, api) {
	const { accepted, refused, removed, deactivatedInSeed } = userSyncRows();
	const trigger = nodeName(USER_SYNC, 'n8n-nodes-base.manualTrigger');
	/** @param {string} label */
	const run = async (label) => {
		api.emulator.clearRequests();
		return userSyncSummary(checks, label, await n8n.rest.runFromTrigger(USER_SYNC.id, trigger));
	};

	checks.section(`${USER_SYNC.name}, run 2: again, nothing changed (n8n start)`);
	const second = await run('run 2');
	checks.equal('the counts: every listed user left alone, nothing written, the unknown role still failing', userSyncCounts(second), {
		created: 0,
		updated: 0,
		deactivated: 0,
		deleted: 0,
		leftAlone: accepted.length,
		failed: refused.length,
	});
	checks.equal(
		'the only write is the create attempt of the refused rows',
		sorted(userWrites(api)),
		refused.map(() => 'POST /v3/users'),
	);

	checks.section(`${USER_SYNC.name}, run 3: ${removed.uid} removed from the source`);
	const copy = structuredClone(USER_SYNC.workflow);
	const source = copy.nodes.find((/** @type {any} */ node) => node.name === 'Users to sync');
	const list = JSON.parse(source.parameters.jsonOutput);
	list.users = list.users.filter((/** @type {any} */ user) => user.uid !== removed.uid);
	source.parameters.jsonOutput = JSON.stringify(list, null, 2);
	await n8n.rest.updateWorkflow(USER_SYNC.id, { nodes: copy.nodes, connections: copy.connections });
	const third = await run('run 3');
	checks.equal(`the counts: ${removed.uid} deactivated, the others left alone`, userSyncCounts(third), {
		created: 0,
		updated: 0,
		deactivated: 1,
		deleted: 0,
		leftAlone: accepted.length - 1,
		failed: refused.length,
	});
	checks.equal('the Summary names the deactivated UID', third.deactivatedUids, [removed.uid]);
	const deactivations = api.requests('DELETE', '/v3/users').filter((/** @type {any} */ r) => r.path === '/v3/users');
	checks.equal(
		'one Deactivate request carried it',
		deactivations.map((/** @type {any} */ r) => [r.status, r.body]),
		[[200, { uidsToDeactivate: [removed.uid] }]],
	);
	const { body } = await api.call('/v3/users?onlyDeactivated=true&perPage=1000');
	checks.equal(
		'the emulator lists it as deactivated, beside those of the seed, and no one else',
		sorted(body.data.map((/** @type {any} */ user) => user.uid)),
		sorted([...deactivatedInSeed, removed.uid]),
	);
	checks.equal(
		'users without the managed tag were not touched',
		userWrites(api).filter((w) => !w.startsWith('POST')),
		['DELETE /v3/users'],
	);
}

/**
 * Moderation report: Schedule Trigger → flagged (Return All) → blocked (Return All) → Code.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api
 */
async function checkReport(checks, n8n, api) {
	checks.section(`${REPORT.name} (n8n start, run from the Schedule Trigger)`);
	const expected = facts.expectedReport(await api.reasonNames());
	const trigger = nodeName(REPORT, 'n8n-nodes-base.scheduleTrigger');
	// Messages of the last hour for the metrics: the demo seed's are older.
	const recent = [
		['daniel-kim', 'elena-rossi', 'Is the new release out?'],
		['elena-rossi', 'daniel-kim', 'Yes, since this morning'],
		['grace-liu', 'daniel-kim', 'Thanks for the help yesterday'],
	];
	for (const [sender, receiver, text] of recent) {
		const sent = await api.call('/v3/messages', {
			method: 'POST',
			onBehalfOf: sender,
			body: { receiver, receiverType: 'user', category: 'message', type: 'text', data: { text } },
		});
		if (sent.status !== 200) throw new Error(`sending a message of the last hour answered ${sent.status}`);
	}
	const run = await n8n.rest.runFromTrigger(REPORT.id, trigger);
	checks.ok('the run succeeded', run.status === 'success', `status ${run.status}, ${run.error ?? ''}`);
	const reportItems = run.items('Build the report');
	checks.ok('the report is one item', reportItems.length === 1, `${reportItems.length} items`);
	const report = reportItems[0] ?? {};
	checks.equal('flagged messages awaiting review, as in the seed', report.flaggedMessages, expected.flaggedMessages);
	checks.equal('flags on them, as in the seed', report.flags, expected.flags);
	checks.equal('blocked messages, as in the seed', report.blockedMessages, expected.blockedMessages);
	checks.equal('flagged messages by reason of the latest flag', report.flaggedByReason, expected.flaggedByReason);
	checks.equal('blocked messages by rule', report.blockedByRule, expected.blockedByRule);
	checks.equal('the five worst offenders (flagged + blocked)', report.worstOffenders, expected.worstOffenders);
	checks.ok(
		'the text version names every reason and rule',
		typeof report.text === 'string' &&
			[...Object.keys(expected.flaggedByReason), ...Object.keys(expected.blockedByRule)].every((name) => report.text.includes(name)),
		String(report.text),
	);
	const usageRequests = api.requests('GET', '/v3/stats').filter((r) => r.path === '/v3/stats');
	const [stats] = usageRequests;
	const range = stats && [Number(stats.query.fromDate), Number(stats.query.toDate)];
	// The example's two dates read $now in two expressions, which may fall either side of a second.
	const windowSeconds = range && range[1] - range[0];
	checks.ok(
		'Get App Usage asked once for the last 24 hours, in epoch seconds',
		usageRequests.length === 1 && windowSeconds >= 86_400 && windowSeconds <= 86_402 && Math.abs(range[1] - Date.now() / 1000) < 600,
		JSON.stringify(stats?.query),
	);
	const usage = stats && (await api.call(`/v3/stats?fromDate=${range[0]}&toDate=${range[1]}`)).body.data.metrics;
	checks.equal("the report's usage is the service's for that window", report.usage, usage);
	checks.ok(
		'it counts the senders of the last hour as active users',
		report.usage?.active_users >= new Set(recent.map(([sender]) => sender)).size,
		JSON.stringify(report.usage),
	);
	checks.equal("the last hour's messages, summed over the five-minute intervals", report.lastHour, {
		messagesSent: recent.length,
		readReceipts: 0,
		deliveryReceipts: 0,
	});
	checks.ok(
		'the text version has the usage and the last hour',
		typeof report.text === 'string' && report.text.includes(`${recent.length} messages sent`) && report.text.includes('active users'),
		String(report.text),
	);
	const lists = [...api.requests('GET', '/v3/moderation/flagged-messages'), ...api.requests('GET', '/v3/moderation/blocked-messages')];
	checks.ok(
		'Return All read each list in pages of 100',
		lists.length >= 2 && lists.every((/** @type {any} */ r) => String(r.query.limit) === '100'),
		JSON.stringify(lists.map((/** @type {any} */ r) => [r.path, r.query])),
	);
}

/**
 * Support inbox catch-up: the support group's conversation as the moderator on call sees it; its
 * unread messages in one triage item; then marked read for that moderator only. A second run finds
 * nothing unread and marks nothing.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api
 */
async function checkSupportInbox(checks, n8n, api) {
	checks.section(`${INBOX.name} (n8n start, run from the Schedule Trigger)`);
	const getNode = nodeName(INBOX, 'n8n-nodes-cometchat.cometChat', 'get');
	const markNode = nodeName(INBOX, 'n8n-nodes-cometchat.cometChat', 'markRead');
	const { guid, onBehalfOf } = INBOX.workflow.nodes.find((/** @type {any} */ n) => n.name === getNode).parameters;
	const [group, moderator] = [guid.value, onBehalfOf.value];
	const member = 'daniel-kim';
	const before = await api.groupConversation(group, moderator);
	const unread = Number(before.unreadMessageCount);
	const memberBefore = (await api.groupConversation(group, member)).unreadMessageCount;
	const expected = await api.groupMessages(group, moderator, unread);
	const pending = expected.filter((/** @type {any} */ m) => m.data?.moderation?.status === 'pending').map((/** @type {any} */ m) => m.id);
	if (unread === 0 || expected.length !== unread || pending.length === 0) {
		throw new Error(
			`the checks need unread messages, some awaiting moderation: the demo seed gives ${moderator} ${unread} in ${group}, ${pending.length} pending`,
		);
	}
	const trigger = nodeName(INBOX, 'n8n-nodes-base.scheduleTrigger');

	const run = await n8n.rest.runFromTrigger(INBOX.id, trigger);
	checks.ok('the run succeeded', run.status === 'success', `status ${run.status}, ${run.error ?? ''}`);
	const [summary] = run.items('Triage summary');
	checks.equal('the triage item counts the unread messages', summary?.unread, unread);
	checks.equal('it lists the messages awaiting moderation among them', sorted(summary?.awaitingModeration ?? []), sorted(pending));
	checks.equal(
		'it counts them by sender',
		summary?.bySender,
		expected.reduce(
			(/** @type {Record<string, number>} */ counts, /** @type {any} */ m) => ({ ...counts, [m.sender]: (counts[m.sender] ?? 0) + 1 }),
			{},
		),
	);
	const marks = api.requests('POST', `/v3/groups/${group}/conversation/read`);
	checks.equal(
		'one Mark as Read, on behalf of the moderator, up to the last message',
		marks.map((/** @type {any} */ r) => [r.headers.onbehalfof, r.body.messageId]),
		[[moderator, Number(before.lastMessage.id)]],
	);
	checks.equal('the mark node answered one item', run.items(markNode).length, 1);
	checks.equal(`${moderator} has nothing unread in ${group} now`, (await api.groupConversation(group, moderator)).unreadMessageCount, '0');
	checks.equal(
		`another member (${member}) still has the same unread count`,
		(await api.groupConversation(group, member)).unreadMessageCount,
		memberBefore,
	);

	checks.section(`${INBOX.name} (run again: nothing unread)`);
	const again = await n8n.rest.runFromTrigger(INBOX.id, trigger);
	checks.ok('the run succeeded', again.status === 'success', `status ${again.status}, ${again.error ?? ''}`);
	checks.equal('nothing was listed or marked', [again.items('Get the unread messages').length, again.items(markNode).length], [0, 0]);
	checks.equal('still one Mark as Read in all', api.requests('POST', `/v3/groups/${group}/conversation/read`).length, 1);
}

/**
 * Moderation triage: CometChat Trigger (new flagged messages) → IF low risk → Approve | Send Form.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api
 */
async function checkTriage(checks, n8n, api) {
	checks.section(`${TRIAGE.name} (activated: the trigger polls at once)`);
	const expected = facts.expectedTriage();
	const formNode = nodeName(TRIAGE, 'n8n-nodes-cometchat.cometChat', 'sendForm');
	const approveNode = nodeName(TRIAGE, 'n8n-nodes-cometchat.cometChat', 'approve');
	const triggerNode = nodeName(TRIAGE, 'n8n-nodes-cometchat.cometChatTrigger');
	const moderator = TRIAGE.workflow.nodes.find((/** @type {any} */ n) => n.name === formNode).parameters.onBehalfOf.value;

	await n8n.rest.activate(TRIAGE.id);
	const [first] = await n8n.rest.waitForNewExecutions(TRIAGE.id);
	checks.ok(
		'the activation poll started one execution, which succeeded',
		first.status === 'success' && first.mode === 'trigger',
		`${first.mode} ${first.status} ${first.error ?? ''}`,
	);
	checks.equal(
		'the trigger emitted every waiting flagged message (Include Existing on First Poll)',
		sorted(first.items(triggerNode).map((i) => i.id)),
		expected.all,
	);
	checks.equal('the low-risk ones were approved', sorted(first.items(approveNode).map((i) => i.id)), expected.approved);
	checks.equal('the emulator lists exactly those as approved', await api.flaggedIds('approved'), expected.approved);
	checks.equal('the others still await review', await api.flaggedIds('pending'), sorted(expected.warned.map((m) => m.id)));
	checkForms(checks, api, moderator, expected.warned);
	checks.equal('the form node answered one sent message per warning', first.items(formNode).length, expected.warned.length);

	checks.section(`${TRIAGE.name} (two new flags, re-activated: only they are triaged)`);
	const [lowRisk, risky] = facts.unflaggedMessage([moderator]);
	const flaggers = ['maya-cohen', 'isla-murphy'];
	for (const [message, reasonId, flagger] of /** @type {const} */ ([
		[lowRisk, 'spam', flaggers[0]],
		[risky, 'harassment', flaggers[1]],
	])) {
		const { status } = await api.call(`/v3/messages/${message.id}/flagged`, {
			method: 'POST',
			body: { id: reasonId, remark: 'e2e' },
			onBehalfOf: flagger,
		});
		if (status !== 200) throw new Error(`flagging message ${message.id} answered ${status}`);
	}
	api.emulator.clearRequests();
	const known = (await n8n.rest.listExecutions(TRIAGE.id)).map((/** @type {any} */ e) => e.id);
	await n8n.rest.deactivate(TRIAGE.id);
	await n8n.rest.activate(TRIAGE.id);
	const [second] = await n8n.rest.waitForNewExecutions(TRIAGE.id, { known });
	checks.ok('the poll succeeded', second.status === 'success', `${second.status} ${second.error ?? ''}`);
	checks.equal('it emitted only the two new flags', sorted(second.items(triggerNode).map((i) => i.id)), sorted([lowRisk.id, risky.id]));
	checks.equal(
		'the one flagged once for spam was approved',
		second.items(approveNode).map((i) => i.id),
		[lowRisk.id],
	);
	checkForms(checks, api, moderator, [{ id: risky.id, sender: risky.sender }]);
	await n8n.rest.deactivate(TRIAGE.id);
}

/**
 * The warning forms the emulator received: one per message, to its sender, from the moderator.
 * @param {Checks} checks @param {ReturnType<typeof emulatorApi>} api @param {string} moderator
 * @param {Array<{ id: string, sender: string }>} warned
 */
function checkForms(checks, api, moderator, warned) {
	const forms = api.requests('POST', '/v3/messages');
	checks.equal(
		'a warning form reached the emulator for each other message, addressed to its sender',
		sorted(forms.map((f) => `${f.body?.data?.metadata?.flaggedMessageId} → ${f.body?.receiver}`)),
		sorted(warned.map((m) => `${m.id} → ${m.sender}`)),
	);
	checks.ok(
		`each was sent on behalf of ${moderator}, as an interactive form the emulator accepted`,
		forms.length > 0 &&
			forms.every(
				(f) =>
					f.headers.onbehalfof === moderator &&
					f.status === 200 &&
					f.body.category === 'interactive' &&
					f.body.type === 'form' &&
					f.body.receiverType === 'user' &&
					f.body.data.interactiveData.formFields.length === 2 &&
					f.body.data.interactiveData.submitElement.action.actionType === 'apiAction',
			),
		JSON.stringify(forms[0], null, 1),
	);
}

/**
 * The deal-won example (examples/deal-won-notification.json) as a user imports it, run from its
 * Manual Trigger as the editor runs it: its two won deals become one templated notification send (the demo seed holds the
 * approved template deal-won). Checked in the emulator: the request's receivers and per-user
 * variables, and each owner's feed item with the template's body rendered for their deal.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api
 */
async function checkDealWon(checks, n8n, api) {
	const { campaigns } = api.emulator.store.areas;
	const deals = JSON.parse(
		DEAL_WON.workflow.nodes.find((/** @type {any} */ node) => node.name === 'Won deals').parameters.jsonOutput,
	).deals;
	const run = await n8n.rest.runFromTrigger(DEAL_WON.id, nodeName(DEAL_WON, 'n8n-nodes-base.manualTrigger'));
	checks.ok('the run succeeded', run.status === 'success', `status ${run.status}, ${run.error ?? ''}`);
	const sends = api.requests('POST', '/v3/campaigns/notifications/messages');
	checks.equal(
		'the emulator received one send: the template, both owners, each with their name, deal and amount, and the tag',
		sends.map((/** @type {any} */ request) => request.body),
		[
			{
				templateId: 'deal-won',
				receivers: deals.map((/** @type {any} */ deal) => deal.ownerUid),
				variables: Object.fromEntries(
					deals.map((/** @type {any} */ deal) => [deal.ownerUid, { name: deal.ownerName, deal: deal.dealName, amount: deal.amount }]),
				),
				tag: 'deal-won',
			},
		],
	);
	checks.equal(
		"each owner's feed holds the template's in-app notification, rendered with their deal",
		campaigns.deliveriesOf('feed').map((/** @type {any} */ item) => [item.receiver, item.content.body]),
		deals.map((/** @type {any} */ deal) => [deal.ownerUid, `Well done ${deal.ownerName}: ${deal.dealName} (${deal.amount}) is won`]),
	);
	const notificationId = campaigns.sends[0]?.result?.notificationId;
	checks.equal(
		'each deal outputs its owner and the send (realtime, one notification)',
		run.items('Notify deal owners').map((/** @type {any} */ item) => [item.receiver, item.notificationId, item.mode]),
		deals.map((/** @type {any} */ deal) => [deal.ownerUid, notificationId, 'realtime']),
	);
}

/**
 * The CSV import: four CSV files written to a folder n8n may read (its copy of the example points
 * Settings → folder at it: csvImportWorkflow), then run from its Manual Trigger twice. The emulator allows each Data Import endpoint
 * 60 requests a window, as CometChat allows 60 a minute, with the window shortened to 1 s (the
 * shortest the emulator takes) to keep the run short: the node learns the window's length from its
 * first 429, whatever it is. Checked in the emulator's store: every user, group, membership and
 * message of the files stored, each message once; the second run stores nothing and reports every
 * row as already imported.
 * @param {Checks} checks @param {N8n} n8n @param {ReturnType<typeof emulatorApi>} api @param {string} folder
 */
async function checkCsvImport(checks, n8n, api, folder) {
	const { store } = api.emulator;
	api.emulator.setDataImportRateLimit(60, 1000);
	const users = Array.from({ length: 120 }, (_, i) => ({ uid: `csv-user-${i}`, name: `CSV User ${i}`, createdAt: 1_500_000_000 + i }));
	const groups = Array.from({ length: 10 }, (_, i) => ({
		guid: `csv-group-${i}`,
		name: `CSV Group ${i}`,
		type: i % 2 ? 'private' : 'public',
		owner: `csv-user-${i}`,
		createdAt: 1_500_100_000,
	}));
	const members = groups.flatMap((group, g) =>
		Array.from({ length: 10 }, (_, m) => ({
			guid: group.guid,
			uid: `csv-user-${10 + g * 10 + m}`,
			scope: m === 0 ? 'moderator' : '',
			joinedAt: 1_500_200_000,
		})),
	);
	const messages = Array.from({ length: CSV_MESSAGES }, (_, i) => {
		const toGroup = i % 2 === 0;
		return {
			muid: `csv-msg-${i}`,
			sender: toGroup ? `csv-user-${10 + (i % 100)}` : `csv-user-${i % 120}`,
			receiverType: toGroup ? 'group' : 'user',
			receiver: toGroup ? `csv-group-${Math.floor((i % 100) / 10)}` : `csv-user-${(i + 1) % 120}`,
			sentAt: 1_600_000_000 + i,
			text: `Message ${i}, "quoted", with a comma`,
		};
	});
	for (const [name, rows] of Object.entries({ users, groups, members, messages }))
		fs.writeFileSync(path.join(folder, `${name}.csv`), csvOf(rows));
	const trigger = nodeName(CSV_IMPORT, 'n8n-nodes-base.manualTrigger');

	/** @param {string} label @param {'imported' | 'alreadyImported'} outcome */
	const run = async (label, outcome) => {
		const started = Date.now();
		const result = await n8n.rest.runFromTrigger(CSV_IMPORT.id, trigger, CSV_RUN_TIMEOUT_MS);
		checks.ok(`${label}: the run succeeded`, result.status === 'success', `status ${result.status}, ${result.error ?? ''}`);
		const summary = result.nodes.Summary?.[0]?.[0] ?? {};
		const counts = (/** @type {number} */ n) => ({
			imported: outcome === 'imported' ? n : 0,
			alreadyImported: outcome === 'alreadyImported' ? n : 0,
			failed: 0,
		});
		checks.equal(`${label}: Import users`, summary['Import users'], counts(users.length));
		checks.equal(`${label}: Import groups`, summary['Import groups'], counts(groups.length));
		checks.equal(`${label}: Import group members`, summary['Import group members'], counts(members.length));
		checks.equal(`${label}: Import messages`, summary['Import messages'], counts(messages.length));
		const imported = result.nodes['Import messages']?.[0] ?? [];
		checks.ok(
			`${label}: each message row has its own output, in order`,
			imported.length === messages.length &&
				imported.every((/** @type {any} */ item, /** @type {number} */ i) => item.key === messages[i].muid),
			`${imported.length} items`,
		);
		return Date.now() - started;
	};
	const stored = () => {
		const byMuid = new Map();
		for (const message of store.areas.messages.list())
			if (message.muid?.startsWith('csv-msg-')) byMuid.set(message.muid, (byMuid.get(message.muid) ?? 0) + 1);
		return {
			users: users.filter((user) => store.areas.users.byId.has(user.uid)).length,
			groups: groups.filter((group) => store.areas.groups.byId.get(group.guid)?.owner === group.owner).length,
			members: members.filter((member) => store.areas.groups.byId.get(member.guid)?.members.has(member.uid)).length,
			messages: byMuid.size,
			messagesTwice: [...byMuid.values()].filter((count) => count > 1).length,
		};
	};
	const expected = { users: users.length, groups: groups.length, members: members.length, messages: messages.length, messagesTwice: 0 };
	const firstMs = await run('first run', 'imported');
	checks.equal('first run: the emulator stored every entity once', stored(), expected);
	const sentAt = store.areas.messages.list().find((/** @type {any} */ message) => message.muid === 'csv-msg-7')?.sentAt;
	checks.equal('first run: a message keeps its sentAt', sentAt, messages[7].sentAt);
	const secondMs = await run('run again', 'alreadyImported');
	checks.equal('run again: nothing new stored', stored(), expected);
	const imports = api.requests('POST', '/v3/data_import/messages').filter((/** @type {any} */ r) => r.status === 200).length;
	checks.equal('the messages went 50 to a request (two runs)', imports, 2 * (CSV_MESSAGES / 50));
	console.log(`  CSV import: ${(firstMs / 1000).toFixed(1)} s, again ${(secondMs / 1000).toFixed(1)} s`);
	api.emulator.setDataImportRateLimit(60);
}

/** The CSV import example with Settings → folder pointing at the folder of its files. @param {string} folder */
function csvImportWorkflow(folder) {
	const workflow = structuredClone(CSV_IMPORT.workflow);
	const settings = workflow.nodes.find((/** @type {any} */ node) => node.name === 'Settings');
	settings.parameters.assignments.assignments.find((/** @type {any} */ a) => a.name === 'folder').value = folder;
	return workflow;
}

/** Rows as CSV with a header row; a value with a comma or a quote is quoted. @param {Array<Record<string, unknown>>} rows */
function csvOf(rows) {
	const columns = Object.keys(rows[0]);
	const cell = (/** @type {unknown} */ value) => {
		const text = String(value ?? '');
		return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
	};
	return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))].join('\n') + '\n';
}

runScript(main, checks, 'the test could set up n8n and the emulator');
