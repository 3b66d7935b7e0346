// @ts-check
/**
 * What the example workflows must find, worked out from the emulator's demo seed
 * (emulator/seed/demo.json) and the examples' own inputs, without our nodes: the expected values of
 * the end-to-end checks.
 */
const fs = require('node:fs');
const path = require('node:path');

const { countValues, sorted } = require('./checks');

const REPO_DIR = path.resolve(__dirname, '..', '..');
const SEED = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'emulator', 'seed', 'demo.json'), 'utf8'));

/** @param {string} name */
function readExample(name) {
	return JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'examples', name), 'utf8'));
}

/** @param {string} id */
function senderOf(id) {
	const message = SEED.messages.find((/** @type {any} */ m) => m.id === id);
	if (!message) throw new Error(`the seed has no message ${id}`);
	return message.sender;
}

/**
 * The flagged messages of the seed, one per message: sender, number of flags and the latest flag
 * (the one with the largest flaggedAt; a user flagging again replaces their own flag).
 * @returns {Array<{ id: string, sender: string, flaggedCount: number, reasonId: string }>}
 */
function flaggedMessages() {
	/** @type {Map<string, Map<string, any>>} */
	const byMessage = new Map();
	for (const flag of SEED.flags) {
		const flags = byMessage.get(flag.messageId) ?? new Map();
		flags.set(flag.uid, flag);
		byMessage.set(flag.messageId, flags);
	}
	return [...byMessage].map(([id, flags]) => {
		const latest = [...flags.values()].reduce((a, b) => (b.flaggedAt >= a.flaggedAt ? b : a));
		return { id, sender: senderOf(id), flaggedCount: flags.size, reasonId: latest.reasonId };
	});
}

/** @returns {Array<{ id: string, sender: string, ruleName: string }>} */
function blockedMessages() {
	return SEED.blocked.map((/** @type {any} */ record) => ({
		id: record.messageId,
		sender: senderOf(record.messageId),
		ruleName: SEED.rules.find((/** @type {any} */ rule) => rule.id === record.ruleId).name,
	}));
}

/**
 * The report the moderation report workflow must build.
 * @param {Record<string, string>} reasonNames reason id → name (the emulator's default reasons)
 */
function expectedReport(reasonNames) {
	const flagged = flaggedMessages();
	const blocked = blockedMessages();
	/** @type {Record<string, { sender: string, flagged: number, blocked: number, total: number }>} */
	const bySender = {};
	const offender = (/** @type {string} */ uid) => (bySender[uid] ??= { sender: uid, flagged: 0, blocked: 0, total: 0 });
	for (const m of flagged) {
		offender(m.sender).flagged++;
		offender(m.sender).total++;
	}
	for (const m of blocked) {
		offender(m.sender).blocked++;
		offender(m.sender).total++;
	}
	return {
		flaggedMessages: flagged.length,
		flags: flagged.reduce((sum, m) => sum + m.flaggedCount, 0),
		blockedMessages: blocked.length,
		flaggedByReason: countValues(flagged.map((m) => reasonNames[m.reasonId])),
		blockedByRule: countValues(blocked.map((m) => m.ruleName)),
		worstOffenders: Object.values(bySender)
			.sort((a, b) => b.total - a.total || a.sender.localeCompare(b.sender))
			.slice(0, 5),
	};
}

/** The triage rule of the example: flagged by one user only, for spam or other. */
function isLowRisk(/** @type {{ flaggedCount: number, reasonId: string }} */ message) {
	return message.flaggedCount < 2 && ['spam', 'other'].includes(message.reasonId);
}

function expectedTriage() {
	const flagged = flaggedMessages();
	return {
		all: sorted(flagged.map((m) => m.id)),
		approved: sorted(flagged.filter(isLowRisk).map((m) => m.id)),
		warned: flagged.filter((m) => !isLowRisk(m)),
	};
}

/**
 * The user sync example's settings and rows ("Settings", "Users to sync"), and what its first run
 * on the demo seed must do to each row: created (a new UID), updated (a UID of the seed) or refused
 * (a role the seed does not have). `tags` are the row's tags plus the managed tag, sorted.
 */
function expectedUserSync() {
	const workflow = readExample('user-sync.json');
	const node = (/** @type {string} */ name) => workflow.nodes.find((/** @type {any} */ n) => n.name === name);
	const settings = Object.fromEntries(node('Settings').parameters.assignments.assignments.map((/** @type {any} */ a) => [a.name, a.value]));
	/** @type {Array<{ uid: string, name: string, role: string, tags: string }>} */
	const rows = JSON.parse(node('Users to sync').parameters.jsonOutput).users;
	const roles = new Set(['default', ...SEED.roles.map((/** @type {any} */ role) => role.role)]);
	const existing = new Set(SEED.users.map((/** @type {any} */ user) => user.uid));
	return {
		managedTag: /** @type {string} */ (settings.managedTag),
		whenRemoved: /** @type {string} */ (settings.whenRemoved),
		rows: rows.map((row) => ({
			...row,
			tags: sorted([
				...new Set([
					...row.tags
						.split(',')
						.map((tag) => tag.trim())
						.filter(Boolean),
					settings.managedTag,
				]),
			]),
			expected: !roles.has(row.role) ? 'refused' : existing.has(row.uid) ? 'updated' : 'created',
		})),
		/** The users the seed has deactivated already. */
		deactivatedInSeed: sorted(
			SEED.users.filter((/** @type {any} */ user) => user.deactivated || user.deactivatedAt).map((/** @type {any} */ user) => user.uid),
		),
	};
}

/** A message of the seed nobody has flagged yet, sent by a user other than `notBy`. */
function unflaggedMessage(/** @type {string[]} */ notBy = []) {
	const flaggedIds = new Set(SEED.flags.map((/** @type {any} */ flag) => flag.messageId));
	const blockedIds = new Set(SEED.blocked.map((/** @type {any} */ record) => record.messageId));
	return SEED.messages.filter(
		(/** @type {any} */ m) =>
			m.category === 'message' && !flaggedIds.has(m.id) && !blockedIds.has(m.id) && !m.parentId && !notBy.includes(m.sender),
	);
}

module.exports = { SEED, readExample, expectedReport, expectedTriage, expectedUserSync, unflaggedMessage, isLowRisk };
