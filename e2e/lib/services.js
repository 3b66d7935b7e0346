// @ts-check
/**
 * The services n8n's queue mode needs, from the operating system's packages, each on a free port of
 * 127.0.0.1 with its data in a temporary folder, stopped at cleanup:
 *
 * - `startRedis()`: redis-server (Debian: `apt-get install redis-server`), no persistence.
 * - `startPostgres()`: a throwaway PostgreSQL cluster (initdb + postgres, Debian's `postgresql`),
 *   trust authentication on 127.0.0.1 only. As root it runs as the `postgres` user, since PostgreSQL
 *   refuses to run as root.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const { freePort, onCleanup, startProcess } = require('./processes');

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first of `names` found on PATH or as an absolute path, else undefined. */
function findCommand(/** @type {string[]} */ names) {
	for (const name of names) {
		if (path.isAbsolute(name)) {
			if (fs.existsSync(name)) return name;
			continue;
		}
		for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
			const candidate = path.join(dir, name);
			if (dir && fs.existsSync(candidate)) return candidate;
		}
	}
	return undefined;
}

/**
 * Sends one inline command to Redis and answers its first reply line.
 * @param {number} port @param {string} command
 */
function redisCommand(port, command) {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1');
		let reply = '';
		socket.setTimeout(2000, () => socket.destroy(new Error('no answer')));
		socket.on('connect', () => socket.write(`${command}\r\n`));
		socket.on('data', (chunk) => {
			reply += chunk.toString('utf8');
			if (reply.includes('\r\n')) {
				socket.end();
				resolve(reply.split('\r\n')[0]);
			}
		});
		socket.on('error', reject);
	});
}

/** Starts redis-server on a free port; answers its port. */
async function startRedis() {
	const bin = findCommand(['redis-server', '/usr/bin/redis-server']);
	if (!bin) throw new Error('redis-server is not installed (Debian: apt-get install -y --no-install-recommends redis-server)');
	const port = await freePort();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-e2e-'));
	const server = startProcess(
		'redis-server',
		bin,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
		{
			stdio: ['ignore', 'ignore', 'ignore'],
		},
	);
	onCleanup('the Redis folder', () => fs.rmSync(dir, { recursive: true, force: true }));
	const started = Date.now();
	for (;;) {
		try {
			if ((await redisCommand(port, 'PING')) === '+PONG') break;
		} catch {
			// not listening yet
		}
		if (!server.isRunning()) throw new Error('redis-server exited at start');
		if (Date.now() - started > 20_000) throw new Error('redis-server did not answer PING within 20 s');
		await sleep(100);
	}
	return { port, stop: server.stop };
}

/** The newest PostgreSQL server binaries installed (Debian keeps them out of PATH), if any. */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
	if (!fs.existsSync(root)) return findCommand(['initdb']) ? path.dirname(/** @type {string} */ (findCommand(['initdb']))) : undefined;
	const versions = fs
		.readdirSync(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * As root, the uid and gid PostgreSQL runs as (the `postgres` user); else undefined (run as we are).
 * @returns {{ uid: number, gid: number } | undefined}
 */
function postgresUser() {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
	const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
	return { uid, gid };
}

/**
 * A throwaway PostgreSQL: initdb into a temporary folder, then the server on a free port.
 * Answers n8n's settings for it (DB_TYPE=postgresdb…), or undefined when no server is installed.
 */
async function startPostgres() {
	const binDir = postgresBinDir();
	if (!binDir) return undefined;
	const user = postgresUser();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-e2e-'));
	const data = path.join(dir, 'data');
	fs.mkdirSync(data);
	if (user) {
		fs.chownSync(dir, user.uid, user.gid);
		fs.chownSync(data, user.uid, user.gid);
	}
	onCleanup('the PostgreSQL folder', () => fs.rmSync(dir, { recursive: true, force: true }));
	const asUser = user ? { uid: user.uid, gid: user.gid } : {};
	execFileSync(path.join(binDir, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
		stdio: 'ignore',
		cwd: dir,
		...asUser,
	});
	const port = await freePort();
	const server = startProcess(
		'postgres',
		path.join(binDir, 'postgres'),
		['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
		{ cwd: dir, stdio: ['ignore', 'ignore', 'ignore'], ...asUser },
	);
	const started = Date.now();
	for (;;) {
		const ready = await new Promise((resolve) => {
			const socket = net.connect(port, '127.0.0.1', () => {
				socket.end();
				resolve(true);
			});
			socket.on('error', () => resolve(false));
		});
		if (ready) break;
		if (!server.isRunning()) throw new Error('postgres exited at start');
		if (Date.now() - started > 30_000) throw new Error('postgres did not listen within 30 s');
		await sleep(200);
	}
	// Listening is not quite ready: wait until it accepts a session.
	const isReady = path.join(binDir, 'pg_isready');
	while (fs.existsSync(isReady)) {
		try {
			execFileSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], { stdio: 'ignore' });
			break;
		} catch {
			if (Date.now() - started > 30_000) throw new Error('postgres did not accept sessions within 30 s');
			await sleep(200);
		}
	}
	const psql = path.join(binDir, 'psql');
	return {
		port,
		version: path.basename(path.dirname(binDir)),
		stop: server.stop,
		/**
		 * Runs one SQL statement with psql and answers its rows, fields split on `|` (for checks that
		 * read what n8n stored, e.g. its deduplication table).
		 * @param {string} sql
		 * @returns {string[][]}
		 */
		query(sql) {
			const out = execFileSync(
				psql,
				['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql],
				{
					encoding: 'utf8',
				},
			);
			return out
				.split('\n')
				.filter((line) => line !== '')
				.map((line) => line.split('|'));
		},
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: 'postgres',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
		},
	};
}

module.exports = { startRedis, startPostgres, redisCommand, findCommand };
