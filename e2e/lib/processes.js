// @ts-check
/**
 * Child processes and cleanup: everything a script starts is stopped when it ends, fails, or gets
 * Ctrl-C. Children run in their own process group (detached), so stopping one also stops what it
 * started (n8n starts a task runner), and a Ctrl-C in the terminal reaches only our script, which
 * then stops them in order.
 */
const { spawn } = require('node:child_process');

/** @type {Array<{ name: string, stop: () => Promise<void> | void }>} */
const cleanups = [];
/** Process groups still running, for the last-resort kill in process.on('exit'). */
const liveGroups = new Set();
let handlersInstalled = false;
let cleaningUp = false;

/**
 * Registers something to stop at the end; returns a function that unregisters it.
 * @param {string} name
 * @param {() => Promise<void> | void} stop
 */
function onCleanup(name, stop) {
	const entry = { name, stop };
	cleanups.push(entry);
	installHandlers();
	return () => {
		const index = cleanups.indexOf(entry);
		if (index >= 0) cleanups.splice(index, 1);
	};
}

/** @type {Promise<void> | undefined} */
let cleaning;

/** Runs every registered cleanup, newest first; a second call waits for the first. */
function cleanup() {
	cleaning ??= (async () => {
		cleaningUp = true;
		while (cleanups.length > 0) {
			const entry = /** @type {{ name: string, stop: () => Promise<void> | void }} */ (cleanups.pop());
			try {
				await entry.stop();
			} catch (error) {
				console.error(`  (could not stop ${entry.name}: ${error instanceof Error ? error.message : error})`);
			}
		}
	})().finally(() => {
		cleaningUp = false;
		cleaning = undefined;
	});
	return cleaning;
}

/** Whether a cleanup runs now (e.g. after Ctrl-C): a child that exits then was stopped on purpose. */
function isCleaningUp() {
	return cleaningUp;
}

function installHandlers() {
	if (handlersInstalled) return;
	handlersInstalled = true;
	for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
		process.on(signal, () => {
			if (cleaningUp) {
				console.error(`\n${signal} again: killing what is left`);
				process.exit(130); // the 'exit' handler kills the remaining process groups
			}
			console.error(`\n${signal}: stopping everything this script started…`);
			cleanup().finally(() => process.exit(130));
		});
	}
	process.on('exit', () => {
		for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
	});
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		return false;
	}
}

/**
 * Starts a command in its own process group. The returned handle's `stop()` sends SIGTERM to the
 * group, waits up to `graceMs`, then SIGKILL. It is registered for cleanup until it exits.
 *
 * @param {string} name for messages
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions, graceMs?: number, uid?: number, gid?: number }} [options]
 */
function startProcess(name, command, args, options = {}) {
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
		detached: true,
		...(options.uid === undefined ? {} : { uid: options.uid }),
		...(options.gid === undefined ? {} : { gid: options.gid }),
	});
	const pid = /** @type {number} */ (child.pid);
	liveGroups.add(pid);
	/** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
	const exited = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			liveGroups.delete(pid);
			resolve({ code, signal });
		});
		child.on('error', (error) => {
			liveGroups.delete(pid);
			console.error(`  ${name} could not start: ${error.message}`);
			resolve({ code: -1, signal: null });
		});
	});
	let done = false;
	exited.then(() => {
		done = true;
	});
	const stop = async () => {
		if (done) return;
		killGroup(pid, 'SIGTERM');
		const timer = new Promise((resolve) => setTimeout(resolve, options.graceMs ?? 10_000, 'timeout'));
		if ((await Promise.race([exited, timer])) === 'timeout') {
			killGroup(pid, 'SIGKILL');
			await exited;
		}
		// The group may still hold grandchildren (e.g. the task runner) after the leader exited.
		killGroup(pid, 'SIGKILL');
	};
	const unregister = onCleanup(name, stop);
	exited.then(unregister);
	return { child, pid, exited, stop, isRunning: () => !done };
}

/**
 * Runs a command to its end and collects its output. Rejects on a non-zero exit (with the end of
 * stderr) unless `allowFailure`, and kills it after `timeoutMs`.
 *
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, allowFailure?: boolean, onOutput?: (chunk: string) => void }} [options]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
async function runCommand(name, command, args, options = {}) {
	const proc = startProcess(name, command, args, { cwd: options.cwd, env: options.env, graceMs: 3000 });
	let stdout = '';
	let stderr = '';
	proc.child.stdout?.setEncoding('utf8').on('data', (chunk) => {
		stdout += chunk;
		options.onOutput?.(chunk);
	});
	proc.child.stderr?.setEncoding('utf8').on('data', (chunk) => {
		stderr += chunk;
		options.onOutput?.(chunk);
	});
	let timedOut = false;
	const timer = setTimeout(
		() => {
			timedOut = true;
			proc.stop();
		},
		options.timeoutMs ?? 10 * 60_000,
	);
	const { code, signal } = await proc.exited;
	clearTimeout(timer);
	if (timedOut) throw new Error(`${name} did not finish within ${Math.round((options.timeoutMs ?? 0) / 1000)} s`);
	if (code !== 0 && !options.allowFailure) {
		const tail = (stderr.trim() || stdout.trim()).split('\n').slice(-25).join('\n');
		throw new Error(`${name} failed (${signal ?? `exit code ${code}`}):\n${tail}`);
	}
	return { code, stdout, stderr };
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
	return new Promise((resolve, reject) => {
		const server = require('node:net').createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

module.exports = { onCleanup, cleanup, isCleaningUp, startProcess, runCommand, freePort, sleep };
