/**
 * Runs workflows through n8n's own execution engine (n8n-core's WorkflowExecute), with our real
 * node classes, our real credential (its `authenticate` block applied by n8n's expression engine)
 * and n8n-core's real HTTP helper. Only the credential store is ours: it hands out plain data.
 */
import { ExecuteContext, ExecutionLifecycleHooks, LoadOptionsContext, PollContext, RoutingNode, WorkflowExecute } from 'n8n-core';
import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	ICredentialsExpressionResolveValues,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeData,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	NodeExecutionHint,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { CometChatApi } from '../../credentials/CometChatApi.credentials';
import { CometChat } from '../../nodes/CometChat/CometChat.node.js';
import { useTemporaryUserFolder } from './user-folder';

useTemporaryUserFolder();

export interface CredentialData extends ICredentialDataDecryptedObject {
	apiKey: string;
	baseUrl: string;
	callUrl: string;
}

/** A file of a test item's binary data: `text` as UTF-8, or the bytes given as `base64`. */
export interface TestFile {
	text?: string;
	base64?: string;
	fileName?: string;
	mimeType?: string;
}

/** Emits the items given in its `items` parameter: the Manual Trigger + pinned data of a test. */
class TestItems implements INodeType {
	description = {
		displayName: 'Test Items',
		name: 'testItems',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Test Items' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		// `$binary` of an item, {property: {text | base64, fileName, mimeType}}, becomes its binary data.
		return [
			await Promise.all(
				items.map(async ({ $binary, ...json }) => {
					if ($binary === undefined) return { json };
					const binary: IBinaryKeyData = {};
					for (const [property, file] of Object.entries($binary as Record<string, TestFile>)) {
						binary[property] = await this.helpers.prepareBinaryData(
							file.base64 !== undefined ? Buffer.from(file.base64, 'base64') : Buffer.from(file.text ?? ''),
							file.fileName,
							file.mimeType,
						);
					}
					return { json, binary };
				}),
			),
		];
	}
}

const PACKAGE = 'n8n-nodes-cometchat';
export const NODE_TYPE = `${PACKAGE}.cometChat`;
export const TRIGGER_TYPE = `${PACKAGE}.cometChatTrigger`;
const ITEMS_TYPE = 'test.testItems';

export const nodeTypeClasses: INodeTypeData = {
	[NODE_TYPE]: { type: new CometChat(), sourcePath: '' },
	[ITEMS_TYPE]: { type: new TestItems(), sourcePath: '' },
};

/** Lets tests of later node types (the trigger) register them without changing this file. */
export function registerNodeType(name: string, type: INodeType | IVersionedNodeType): void {
	nodeTypeClasses[name] = { type, sourcePath: '' };
}

const nodeTypes: INodeTypes = {
	getByName: (name) => nodeTypeClasses[name].type,
	getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(nodeTypeClasses[name].type, version),
	getKnownTypes: () => ({}),
};

const credentialType = new CometChatApi();

/** Other credential types a test uses (e.g. the management API's), with their data. */
const otherCredentials = new Map<string, { type: ICredentialType; data: () => ICredentialDataDecryptedObject }>();

/** Lets tests of later credential types (the management API) register them and their data. */
export function registerCredential(type: ICredentialType, data: () => ICredentialDataDecryptedObject): void {
	otherCredentials.set(type.name, { type, data });
}

class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: () => CredentialData) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	/** Applies the credential's own `authenticate` block, through n8n's expression engine, as n8n does. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = typeName === credentialType.name ? credentialType : otherCredentials.get(typeName)?.type;
		if (!type) throw new Error(`Unknown credential type ${typeName}`);
		const authenticate = (type as ICredentialType).authenticate;
		// As n8n's CredentialsHelper: a function is called, a generic block is resolved as expressions.
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate) return requestOptions;
		const headers = authenticate.properties.headers ?? {};
		const resolved: IDataObject = {};
		for (const [name, expression] of Object.entries(headers)) {
			resolved[name] = workflow.expression.getParameterValue(expression as string, null, 0, 0, node.name, [], 'internal', {
				$credentials: credentials,
			}) as string;
		}
		return { ...requestOptions, headers: { ...requestOptions.headers, ...resolved } };
	}

	async preAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		_mode?: WorkflowExecuteMode,
		_executeData?: IExecuteData,
		_raw?: boolean,
		_resolve?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const other = otherCredentials.get(type);
		if (other) return { ...other.data() };
		if (type !== credentialType.name) throw new Error(`Unknown credential type ${type}`);
		return { ...this.data() };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(): INodeProperties[] {
		return credentialType.properties;
	}
}

export function additionalDataFor(credentials: () => CredentialData): IWorkflowExecuteAdditionalData {
	const workflowData = { id: 'test', name: 'test', nodes: [], connections: {} } as unknown as IWorkflowBase;
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks: new ExecutionLifecycleHooks('manual', 'test-execution', workflowData),
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		currentNodeExecutionIndex: 0,
		// n8n gives every execution an id; the signed resume URL of Send and Wait is built from it.
		executionId: 'test-execution',
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		formWaitingBaseUrl: 'http://localhost/form-waiting',
		webhookBaseUrl: 'http://localhost/webhook',
		webhookWaitingBaseUrl: 'http://localhost/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost/webhook-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

const CREDENTIALS_REF = { cometChatApi: { id: 'cred-1', name: 'CometChat (emulator)' } };

export function cometChatNode(parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	return {
		id: 'cometchat-node',
		name: 'CometChat',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		credentials: CREDENTIALS_REF,
		...extra,
	};
}

/** The polling CometChat Trigger as a workflow holds it; `parameters` default to flagged messages. */
export function triggerNode(parameters: INodeParameters = { events: ['flaggedMessage'] }, extra: Partial<INode> = {}): INode {
	return {
		id: 'trigger',
		name: 'CometChat Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: CREDENTIALS_REF,
		...extra,
	};
}

export interface RunResult {
	/** The CometChat node's output items (first output). */
	items: INodeExecutionData[];
	/** The error that stopped the workflow, if any: serialised as n8n stores it, so `name` tells its class. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	/** The execution hints the node added (n8n shows them above its output). */
	hints: NodeExecutionHint[];
	run: IRun;
}

/**
 * Runs `Test Items → CometChat` through WorkflowExecute and returns the CometChat node's output.
 * `input` becomes the items the CometChat node receives; `additionalData` overrides n8n's
 * (e.g. the waiting-webhook base URL of a test's resume host).
 */
export async function runNode(
	credentials: CredentialData,
	parameters: INodeParameters,
	input: IDataObject[] = [{}],
	nodeOptions: Partial<INode> = {},
	additionalData: Partial<IWorkflowExecuteAdditionalData> = {},
): Promise<RunResult> {
	const itemsNode: INode = {
		id: 'items-node',
		name: 'Test Items',
		type: ITEMS_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(input) },
	};
	const node = cometChatNode(parameters, nodeOptions);
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [itemsNode, node],
		connections: { [itemsNode.name]: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes,
	});
	const run = await new WorkflowExecute({ ...additionalDataFor(() => credentials), ...additionalData }, 'manual').run({
		workflow,
		startNode: itemsNode,
	});
	const taskData = run.data.resultData.runData[node.name]?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	return { items, error, hints: taskData?.hints ?? [], run };
}

/** A bare workflow holding one node, for contexts that are not an execution (lists, polls). */
export function workflowWith(node: INode): Workflow {
	return new Workflow({ id: 'test-workflow', nodes: [node], connections: {}, active: false, nodeTypes });
}

/** n8n-core's real load-options context, as the editor uses for lists and dropdowns. */
function loadOptionsContext(credentials: CredentialData, parameters: INodeParameters): LoadOptionsContext {
	const node = cometChatNode(parameters);
	// As the editor does, the node's current parameters ride along (a list may depend on another field).
	const additionalData = { ...additionalDataFor(() => credentials), currentNodeParameters: parameters };
	return new LoadOptionsContext(workflowWith(node), node, additionalData, '');
}

/** Calls one of the node's listSearch methods through n8n-core's real load-options context. */
export async function listSearch(
	credentials: CredentialData,
	method: string,
	filter?: string,
	paginationToken?: string,
	parameters: INodeParameters = {},
): Promise<INodeListSearchResult> {
	const search = (new CometChat().methods.listSearch as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
	return (await search.call(loadOptionsContext(credentials, parameters), filter, paginationToken)) as INodeListSearchResult;
}

/** Calls one of the node's loadOptions methods through n8n-core's real load-options context. */
export async function loadOptions(
	credentials: CredentialData,
	method: string,
	parameters: INodeParameters = {},
): Promise<INodePropertyOptions[]> {
	const load = (new CometChat().methods.loadOptions as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
	return (await load.call(loadOptionsContext(credentials, parameters))) as INodePropertyOptions[];
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Tests the credential the way n8n's CredentialsTester does (n8n 2.8.4, services/credentials-tester):
 * its `test` request runs through n8n-core's RoutingNode with the credential applied. On an error,
 * `responseCode` rules apply only when the error carries the raw response (`cause.response`), else
 * the error's message is shown; on success, `responseSuccessBody` rules read the answer's body.
 */
export async function testCredential(credentials: CredentialData): Promise<CredentialTestResult> {
	const { request, rules } = credentialType.test;
	const nodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request }, default: '' }],
		},
	} as unknown as INodeType;
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'test.credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: CREDENTIALS_REF,
	};
	nodeTypeClasses['test.credentialTest'] = { type: nodeType, sourcePath: '' };
	const workflow = workflowWith(node);
	const runExecutionData: IRunExecutionData = { resultData: { runData: {} } } as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(() => credentials),
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, nodeType, {
			id: 'cred-1',
			name: 'CometChat',
			type: credentialType.name,
			data: credentials,
		}).runNode();
	} catch (error) {
		const cause = (error as { cause?: { response?: { status?: number; statusText?: string }; code?: string } }).cause;
		if (cause?.response) {
			for (const rule of rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === cause.response.status) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			return { status: 'Error', message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}` };
		}
		if (cause?.code) return { status: 'Error', message: cause.code };
		return { status: 'Error', message: (error as Error).message };
	}
	for (const rule of rules ?? []) {
		if (rule.type === 'responseSuccessBody' && valueAt(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** The value at a dotted path, as lodash's `get` that n8n uses for the rules' `key`. */
function valueAt(value: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as IDataObject)[key] : undefined), value);
}

/** A poll context of n8n-core, for the trigger's `poll()`; static data lives on the workflow. */
export function pollContext(
	workflow: Workflow,
	node: INode,
	credentials: CredentialData,
	mode: WorkflowExecuteMode = 'trigger',
): PollContext {
	return new PollContext(
		workflow,
		node,
		additionalDataFor(() => credentials),
		mode,
		'activate',
	);
}

/** n8n-core's SSH client manager keeps a timer alive; stop it so jest can exit. */
export async function shutdownEngine(): Promise<void> {
	const { Container } = await import('@n8n/di');
	// Not exported from n8n-core's index: reached by its file, as n8n's own tests do.
	const { SSHClientsManager } = await import('n8n-core/dist/execution-engine/ssh-clients-manager');
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
}
