// @ts-check
/** The REST client of a started n8n (`N8n.rest`). */
const path = require('node:path');

const { sleep } = require('./processes');
const { summarizeRun } = require('./summaries');

/**
 * n8n's REST API as the editor uses it (the public API is off): owner setup, login, manual runs,
 * executions, activation. The session cookie is bound to the `browser-id` header sent at login.
 */
class N8nRest {
	/**
	 * @param {string} url
	 * @param {{ email: string, password: string, firstName: string, lastName: string }} owner
	 * @param {string} installDir
	 */
	constructor(url, owner, installDir) {
		this.url = url.replace('localhost', '127.0.0.1');
		this.owner = owner;
		this.installDir = installDir;
		this.browserId = 'n8n-nodes-cometchat-e2e';
		/** @type {string | undefined} "n8n-auth=<jwt>" */
		this.cookie = undefined;
	}

	/**
	 * @param {string} method
	 * @param {string} route under /rest
	 * @param {unknown} [body]
	 */
	async call(method, route, body) {
		const response = await fetch(`${this.url}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`n8n ${method} /rest${route} answered ${response.status}: ${text.slice(0, 500)}`);
		const json = text ? JSON.parse(text) : {};
		const auth = response.headers.getSetCookie().find((cookie) => cookie.startsWith('n8n-auth='));
		if (auth) this.cookie = auth.split(';')[0];
		return json.data;
	}

	/** Waits until the REST API answers (/healthz answers before the routes exist). */
	async waitUntilReady(timeoutMs = 60_000) {
		const started = Date.now();
		for (;;) {
			try {
				const response = await fetch(`${this.url}/rest/settings`);
				if (response.ok && /** @type {{ data?: { userManagement?: unknown } }} */ (await response.json()).data?.userManagement)
					return Date.now() - started;
			} catch {
				// not listening yet
			}
			if (Date.now() - started > timeoutMs) throw new Error(`n8n did not answer within ${timeoutMs / 1000} s`);
			await sleep(250);
		}
	}

	async setupOwner() {
		const settings = await this.call('GET', '/settings');
		if (!settings.userManagement.showSetupOnFirstLoad) return false;
		await this.call('POST', '/owner/setup', this.owner);
		return true;
	}

	async login() {
		await this.call('POST', '/login', { emailOrLdapLoginId: this.owner.email, password: this.owner.password });
		if (!this.cookie) throw new Error('n8n answered the login without a session cookie');
		return this.cookie;
	}

	/** @param {string} id */
	async getWorkflow(id) {
		return await this.call('GET', `/workflows/${id}`);
	}

	/**
	 * Runs a workflow as the editor's "Execute workflow" button does, from the given trigger node,
	 * and waits for the execution to finish.
	 * @param {string} workflowId
	 * @param {string} triggerName
	 */
	async runFromTrigger(workflowId, triggerName, timeoutMs = 60_000) {
		const workflowData = await this.getWorkflow(workflowId);
		const started = await this.call('POST', `/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: triggerName },
		});
		if (!started?.executionId) throw new Error(`n8n did not start ${workflowId}: ${JSON.stringify(started)}`);
		return await this.waitForExecution(started.executionId, timeoutMs);
	}

	/**
	 * Saves changes to a workflow as the editor's Save does (n8n 2.41 runs the saved workflow, not
	 * the one a run request carries).
	 * @param {string} workflowId
	 * @param {{ nodes?: object[], connections?: object }} changes
	 */
	async updateWorkflow(workflowId, changes) {
		return await this.call('PATCH', `/workflows/${workflowId}`, changes);
	}

	/** @param {string} workflowId */
	async activate(workflowId) {
		const workflow = await this.getWorkflow(workflowId);
		return await this.call('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
	}

	/**
	 * Where the activation of a workflow stands in n8n versions that activate in the background
	 * (2.41 by default, N8N_USE_WORKFLOW_PUBLICATION_SERVICE): the activation request answers at
	 * once, and a trigger that fails to start is reported here, with its error. Waits until it
	 * settled (published, partial or failed). Undefined in versions without it (2.8: the activation
	 * request itself fails).
	 * @param {string} workflowId
	 * @returns {Promise<{ status: string, triggers: Array<{ nodeId: string, status: string, errorMessage?: string | null }> } | undefined>}
	 */
	async publicationStatus(workflowId, timeoutMs = 90_000) {
		const started = Date.now();
		for (;;) {
			let status;
			try {
				status = await this.call('GET', `/workflows/${workflowId}/publication-status`);
			} catch (error) {
				if (/ answered 404:/.test(error instanceof Error ? error.message : '')) return undefined;
				throw error;
			}
			if (!['in_progress', 'not_published'].includes(status.status)) return status;
			if (Date.now() - started > timeoutMs)
				throw new Error(`the activation of ${workflowId} did not settle within ${timeoutMs / 1000} s: ${JSON.stringify(status)}`);
			await sleep(500);
		}
	}

	/** @param {string} workflowId */
	async deactivate(workflowId) {
		return await this.call('POST', `/workflows/${workflowId}/deactivate`, {});
	}

	/**
	 * The workflow's newest executions, up to `limit` (n8n answers 20 without one, at most 100).
	 * @param {string} workflowId
	 */
	async listExecutions(workflowId, limit = 100) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		return (await this.call('GET', `/executions?filter=${filter}&limit=${limit}`)).results ?? [];
	}

	/**
	 * How many executions a workflow has, over all of them (listExecutions answers one page):
	 * `count`, those that ended (n8n counts them: every status but new and running; only the given
	 * `statuses` when some are), and `running`, those new or running now (up to 100).
	 * @param {string} workflowId
	 * @param {string[]} [statuses] e.g. ['error', 'crashed']
	 */
	async countExecutions(workflowId, statuses) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId, ...(statuses ? { status: statuses } : {}) }));
		const page = await this.call('GET', `/executions?filter=${filter}&limit=100`);
		if (typeof page?.count !== 'number')
			throw new Error(`n8n answered the executions of ${workflowId} without a count: ${JSON.stringify(page).slice(0, 300)}`);
		const running = (page.results ?? []).filter((/** @type {any} */ e) => ['new', 'running'].includes(e.status)).length;
		return { count: /** @type {number} */ (page.count), running };
	}

	/**
	 * Waits for the executions of a workflow beyond the `known` ones, until `count` new ones finished.
	 * @param {string} workflowId
	 * @param {{ known?: string[], count?: number, timeoutMs?: number }} [options]
	 */
	async waitForNewExecutions(workflowId, options = {}) {
		const known = new Set(options.known ?? []);
		const started = Date.now();
		for (;;) {
			const fresh = (await this.listExecutions(workflowId)).filter((/** @type {any} */ e) => !known.has(e.id));
			if (
				fresh.length >= (options.count ?? 1) &&
				fresh.every((/** @type {any} */ e) => e.finished || !['running', 'new'].includes(e.status))
			) {
				const runs = [];
				for (const execution of fresh.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(a.id) - Number(b.id))) {
					runs.push(await this.waitForExecution(execution.id));
				}
				return runs;
			}
			if (Date.now() - started > (options.timeoutMs ?? 30_000)) {
				throw new Error(`no new execution of ${workflowId} within ${(options.timeoutMs ?? 30_000) / 1000} s`);
			}
			await sleep(250);
		}
	}

	/**
	 * Polls an execution until it is done; answers it summarized (see summarizeRun).
	 * @param {string} id
	 */
	async waitForExecution(id, timeoutMs = 60_000) {
		const started = Date.now();
		for (;;) {
			const execution = await this.call('GET', `/executions/${id}`);
			if (execution && !['running', 'new', 'waiting'].includes(execution.status)) {
				const data = typeof execution.data === 'string' ? this.flatted().parse(execution.data) : execution.data;
				return { id: execution.id, ...summarizeRun({ ...execution, data }) };
			}
			if (Date.now() - started > timeoutMs) throw new Error(`execution ${id} did not finish within ${timeoutMs / 1000} s`);
			await sleep(250);
		}
	}

	/** n8n stores execution data with `flatted`: use n8n's own copy. */
	flatted() {
		return require(require.resolve('flatted', { paths: [path.join(this.installDir, 'node_modules', 'n8n')] }));
	}
}

module.exports = { N8nRest };
