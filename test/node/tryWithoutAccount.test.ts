/**
 * "Try it without an account" (README): `npm run emulator` prints what to type into n8n, field by
 * field, by the labels n8n shows. Here the command line runs as a person runs it, its output is
 * read as a person reads it, and the credentials are filled from it label by label: each passes
 * n8n's credential test and runs a node through n8n's engine. With the proxy, a second start with
 * the same port and folder prints the same environment, and a credential trusting only the first
 * start's authority (an n8n started once) still works.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CometChatManagementApi } from '../../credentials/CometChatManagementApi.credentials';
import { freePort } from '../../e2e/lib/processes';
import { asEditorSavesIt, asN8nLoadsIt, credentialProperties } from '../harness/credential-forms';
import { useEmulatorProxy } from '../harness/emulator';
import { runNode, shutdownEngine, testCredential } from '../harness/engine';
import { byId } from '../harness/suite';

const REPO = join(__dirname, '..', '..');

/** The command line, started as `npm run emulator -- <args>` starts it; answers its startup text. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; text: string }> {
	const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--quiet', ...args], {
		cwd: REPO,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let text = '';
	let errors = '';
	child.stderr?.on('data', (chunk) => (errors += chunk));
	await new Promise<void>((resolve, reject) => {
		child.stdout?.on('data', (chunk) => {
			text += chunk;
			if (text.includes('Ctrl-C stops it.')) resolve();
		});
		child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${errors}`)));
	});
	return { child, text };
}

async function stopCli(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	await exited;
}

/** The `Label: value` lines under the line of `text` that contains `heading`, up to the next line that is not one. */
function fieldsUnder(text: string, heading: string): Array<[string, string]> {
	const lines = text.split('\n');
	const start = lines.findIndex((line) => line.includes(heading));
	if (start < 0) throw new Error(`no "${heading}" in:\n${text}`);
	const fields: Array<[string, string]> = [];
	for (const line of lines.slice(start + 1)) {
		const match = /^ {4}([A-Za-z][A-Za-z ]*): +(\S.*)$/.exec(line);
		if (!match) break;
		fields.push([match[1], match[2]]);
	}
	return fields;
}

/**
 * Fills a credential as a person does from the printed fields: each label must be a field n8n shows
 * (an options field takes the option of that name), and every field n8n shows for these values must
 * be printed, in n8n's order. Answers the credential as the editor saves it.
 */
function fillIn(properties: INodeProperties[], printed: Array<[string, string]>): ICredentialDataDecryptedObject {
	const data: INodeParameters = {};
	for (const [label, value] of printed) {
		const property = properties.find((candidate) => candidate.displayName === label);
		if (!property) throw new Error(`the credential has no field "${label}"`);
		if (property.type === 'options') {
			const option = property.options?.find((candidate) => 'name' in candidate && candidate.name === value);
			if (!option || !('value' in option)) throw new Error(`"${label}" has no option "${value}"`);
			data[property.name] = option.value as string;
		} else data[property.name] = value;
	}
	const withDefaults: INodeParameters = Object.fromEntries(properties.map((property) => [property.name, property.default]));
	Object.assign(withDefaults, data);
	const shown = properties
		.filter((property) => property.type !== 'notice' && NodeHelpers.displayParameter(withDefaults, property, null, null))
		.map((property) => property.displayName);
	expect(printed.map(([label]) => label)).toEqual(shown);
	return data as ICredentialDataDecryptedObject;
}

const getBen = { resource: 'user', operation: 'get', uid: byId('ben-okafor') };
const getCalls = { resource: 'call', operation: 'getAll', returnAll: true, filters: {}, options: {} };

afterAll(() => shutdownEngine());

describe('the Custom Host credential npm run emulator prints', () => {
	let cli: { child: ChildProcess; text: string };
	beforeAll(async () => {
		cli = await startCli(['--port', '0', '--call-port', '0', '--mgmt-port', '0']);
	});
	afterAll(() => stopCli(cli.child));

	it("passes n8n's credential test and reaches the demo data on the chat and call hosts", async () => {
		const printed = fieldsUnder(cli.text, 'create a "CometChat API" credential with:');
		expect(printed.map(([label]) => label)).toEqual(['Region', 'Chat API Host', 'Call API Host', 'API Key']);
		const saved = asEditorSavesIt(fillIn(credentialProperties, printed));
		expect(saved).toMatchObject({ region: 'custom', chatHost: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });

		const credential = asN8nLoadsIt(saved);
		expect(await testCredential(credential)).toEqual({ status: 'OK', message: 'Connection successful!' });
		const ben = await runNode(credential, getBen);
		expect(ben.error).toBeUndefined();
		expect(ben.items[0].json).toMatchObject({ uid: 'ben-okafor' });
		const calls = await runNode(credential, getCalls);
		expect(calls.error).toBeUndefined();
		expect(calls.items).toHaveLength(2);
	});

	it('prints the Management API credential by its labels, and its host answers that key and secret', async () => {
		const printed = fieldsUnder(cli.text, 'a "CometChat Management API" credential with:');
		const data = fillIn(new CometChatManagementApi().properties, printed);
		expect(Object.keys(data)).toEqual(['appId', 'managementApiKey', 'managementSecret', 'managementUrl']);
		// The request the Management API credential's test makes (its `test` in the credential).
		const answer = await fetch(`${data.managementUrl}/apps/${data.appId}/webhooks?perPage=1`, {
			headers: { key: String(data.managementApiKey), secret: String(data.managementSecret), 'X-Webhook-Version': '2' },
		});
		expect(answer.status).toBe(200);
		const wrong = await fetch(`${data.managementUrl}/apps/${data.appId}/webhooks?perPage=1`, {
			headers: { key: 'not-the-key', secret: String(data.managementSecret), 'X-Webhook-Version': '2' },
		});
		expect(wrong.status).toBe(401);
	});
});

describe("the README's Try it without an account", () => {
	it('gives the fields the emulator prints, with its default ports', async () => {
		// The defaults as the command line states them (its --help), not as this test would guess them.
		const help = execFileSync(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--help'], { cwd: REPO, encoding: 'utf8' });
		const defaultOf = (flag: string) => new RegExp(`^ {2}--${flag} <n> +[^(]*\\(default (\\d+)`, 'm').exec(help)?.[1];
		const ports = { chat: defaultOf('port'), call: defaultOf('call-port'), proxy: defaultOf('proxy-port') };
		expect(ports).toEqual({
			chat: expect.stringMatching(/^\d+$/),
			call: expect.stringMatching(/^\d+$/),
			proxy: expect.stringMatching(/^\d+$/),
		});

		const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
		const section = readme.slice(
			readme.indexOf('## Try it without an account'),
			readme.indexOf('\n## ', readme.indexOf('## Try it without an account') + 1),
		);
		const table = [...section.matchAll(/^ *\| ([^|]+?) \| ([^|]+?) \|$/gm)]
			.map((row) => [row[1], row[2].replace(/\*\*|`/g, '')])
			.filter(([label]) => label !== 'Field' && !label.startsWith('---'));

		const cli = await startCli(['--port', '0', '--call-port', '0', '--mgmt-port', '0']);
		try {
			const printed = fieldsUnder(cli.text, 'create a "CometChat API" credential with:');
			const chatPort = new URL(printed.find(([label]) => label === 'Chat API Host')?.[1] ?? '').port;
			const callPort = new URL(printed.find(([label]) => label === 'Call API Host')?.[1] ?? '').port;
			const atDefaultPorts = printed.map(([label, value]) => [
				label,
				value.replace(`:${chatPort}`, `:${ports.chat}`).replace(`:${callPort}`, `:${ports.call}`),
			]);
			expect(table).toEqual(atDefaultPorts);
		} finally {
			await stopCli(cli.child);
		}
		expect(section).toContain(`its port (${ports.proxy})`);
	});
});

describe('the App ID and Region credential and the environment npm run emulator -- --proxy prints', () => {
	let caDir: string;
	beforeAll(() => {
		caDir = mkdtempSync(join(tmpdir(), 'try-without-account-ca-'));
	});
	afterAll(() => rmSync(caDir, { recursive: true, force: true }));

	/** The three environment lines, read from the printed text. */
	const environmentOf = (text: string) =>
		Object.fromEntries([...text.matchAll(/^ {4}(HTTPS_PROXY|NO_PROXY|NODE_EXTRA_CA_CERTS)=(\S+)$/gm)].map((match) => [match[1], match[2]]));

	it('works in an n8n started with it, and keeps working, unchanged, across a restart of the emulator', async () => {
		const port = await freePort();
		const args = ['--port', '0', '--call-port', '0', '--mgmt-port', '0', '--proxy-port', String(port), '--proxy-ca-dir', caDir];
		const first = await startCli(args);
		let environment: Record<string, string>;
		let stopProxy = () => {};
		try {
			environment = environmentOf(first.text);
			expect(environment).toEqual({
				HTTPS_PROXY: `http://127.0.0.1:${port}`,
				NO_PROXY: '127.0.0.1,localhost',
				NODE_EXTRA_CA_CERTS: join(caDir, 'ca.pem'),
			});
			// As n8n does when started with these lines: it reads the authority's file once, at start.
			stopProxy = useEmulatorProxy({
				proxy: { url: environment.HTTPS_PROXY, caPem: readFileSync(environment.NODE_EXTRA_CA_CERTS, 'utf8') },
			});
			const printed = fieldsUnder(first.text, 'and create a "CometChat API" credential with:');
			expect(printed).toEqual([
				['App ID', 'demo-app'],
				['Region', 'United States (US)'],
				['API Key', 'emulator-demo-api-key-0000'],
			]);
			const credential = asN8nLoadsIt(asEditorSavesIt(fillIn(credentialProperties, printed)));
			expect(await testCredential(credential)).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect((await runNode(credential, getBen)).items[0].json).toMatchObject({ uid: 'ben-okafor' });
			await stopCli(first.child);

			const second = await startCli(args);
			try {
				expect(environmentOf(second.text)).toEqual(environment);
				expect(second.text).toContain('the certificate authority there is the one of an earlier start');
				// The same credential and the same trust as before the restart: n8n need not restart.
				expect(await testCredential(credential)).toEqual({ status: 'OK', message: 'Connection successful!' });
				const calls = await runNode(credential, getCalls);
				expect(calls.error).toBeUndefined();
				expect(calls.items).toHaveLength(2);
			} finally {
				await stopCli(second.child);
			}
		} finally {
			stopProxy();
			await stopCli(first.child);
		}
	});
});
