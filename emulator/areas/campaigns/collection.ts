/**
 * The Campaigns service (campaigns-apis.json): template categories, templates, channels, campaigns
 * and their recipients, the sends, and what they deliver: feed items (in-app channels) and push
 * notifications (push channels), from which the analytics are counted. The published description
 * has no response schema: every record's shape here is the emulator's choice, written down in
 * docs/cometchat-api.md, Campaigns. Times are unix seconds, as the cursor parameters are.
 */
import type { App } from '../../core/app';
import type { Json } from '../../core/validation';
import { isObject } from '../../core/validation';
import { campaignsError, checkName, checkUserIds, checkUserVariables, invalid, REALTIME_RECEIVERS_MAX, throwIfAny } from './parse';

export const CHANNEL_TYPES = ['in_app', 'push', 'sms', 'email', 'whatsapp', 'custom'] as const;
export const TEMPLATE_CATEGORIES = ['Onboarding', 'Transactional', 'Marketing', 'Product_Showcase', 'Alerts', 'Polls', 'Custom'] as const;
export const TEMPLATE_STATUSES = ['draft', 'approved', 'archived'] as const;
/**
 * A campaign's statuses (unpublished: the emulator's). A draft is edited, given recipients and
 * scheduled; a draft or scheduled one is sent; a scheduled or sending one is cancelled.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'completed', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
const SENDABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];
const CANCELLABLE: readonly CampaignStatus[] = ['scheduled', 'sending'];
/** How many channels of a type an app may have (the emulator's figure for "limit reached"). */
export const CHANNELS_PER_TYPE = 10;
/** The channel types this app may use (GET /channels/availability); the others are "restricted" (403). */
export const AVAILABLE_CHANNEL_TYPES: readonly string[] = ['in_app', 'push', 'email', 'custom'];

export interface Category {
	id: string;
	name: string;
	description?: string;
	createdAt: number;
	updatedAt: number;
}

export interface ChannelContent {
	channelType: string;
	channelId?: string;
	content: Json;
	[field: string]: unknown;
}

export interface Template {
	id: string;
	templateId: string;
	name: string;
	templateCategory?: string;
	label?: string;
	alternativeText?: string;
	tags: string[];
	status: string;
	channels: ChannelContent[];
	variableSchema: string[];
	config: Json;
	version: number;
	createdAt: number;
	updatedAt: number;
}

export interface Channel {
	id: string;
	channelId: string;
	name: string;
	channelType: string;
	enabled: boolean;
	metadata: Json;
	createdAt: number;
	updatedAt: number;
}

export interface Campaign {
	id: string;
	name: string;
	templateId: string;
	templateVersion: number;
	variables: Json;
	config: Json;
	status: CampaignStatus;
	scheduledAt?: number;
	sentAt?: number;
	cancelledAt?: number;
	createdAt: number;
	updatedAt: number;
}

export interface Recipient {
	id: string;
	campaignId: string;
	userId: string;
	variables: Json;
	status: 'pending' | 'processing' | 'completed' | 'failed';
	createdAt: number;
	updatedAt: number;
}

export interface ImportJob {
	id: string;
	campaignId: string;
	s3Key: string;
	status: 'completed' | 'failed';
	totalRows: number;
	importedRows: number;
	failedRows: number;
	errors: string[];
	createdAt: number;
	updatedAt: number;
}

/** One delivery of a send to one receiver on one channel: a feed item (in-app) or a push notification. */
export interface Delivery {
	id: string;
	kind: 'feed' | 'push';
	receiver: string;
	templateId: string;
	templateCategory?: string;
	channelId?: string;
	channelType: string;
	sequenceOrder: number;
	campaignId?: string;
	notificationId?: string;
	batchId?: string;
	tag?: string;
	tags: string[];
	content: Json;
	sentAt: number;
	createdAt: number;
	updatedAt: number;
	deliveredAt?: number;
	readAt?: number;
	clickedAt?: number;
	deletedAt?: number;
	engagements: Array<{ topic?: string; at: number }>;
}

export interface SendResult {
	notificationId?: string;
	batchId?: string;
	total?: number;
	channels: string[];
	mode: 'realtime' | 'batch';
}

/** Where a campaign's upload URL points: the emulator's own `PUT /__emulator/uploads/{s3Key}`. */
export const UPLOAD_PATH = /^\/__emulator\/uploads\/([^/]+)$/;

/** `{{name}}` in a text: replaced by the variable's value, left as it is when the variable has none (overview.mdx). */
function render(value: unknown, variables: Json): unknown {
	if (typeof value === 'string') {
		return value.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (token, name: string) =>
			variables[name] === undefined ? token : String(variables[name]),
		);
	}
	if (Array.isArray(value)) return value.map((entry) => render(entry, variables));
	if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, render(entry, variables)]));
	return value;
}

const slug = (name: string) =>
	name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '') || 'item';

export class Campaigns {
	categories!: Map<string, Category>;
	templates!: Map<string, Template>;
	channels!: Map<string, Channel>;
	campaigns!: Map<string, Campaign>;
	recipients!: Map<string, Recipient>;
	imports!: Map<string, ImportJob>;
	deliveries!: Map<string, Delivery>;
	/** CSV files at their upload keys (what a PUT to an upload URL would store): `userId` first, then variables by column. */
	uploads!: Map<string, string>;
	/** The receivers of each send, by its notificationId or batchId, in the order sent (tests read it). */
	sends!: Array<{ templateId: string; receivers: string[]; variables: Json; tag?: string; result: SendResult }>;
	private counter = 0;

	constructor(private readonly app: App) {
		this.reset();
	}

	reset(): void {
		this.categories = new Map();
		this.templates = new Map();
		this.channels = new Map();
		this.campaigns = new Map();
		this.recipients = new Map();
		this.imports = new Map();
		this.deliveries = new Map();
		this.uploads = new Map();
		this.sends = [];
		this.counter = 0;
	}

	/** A CUID-like id (`c` and 24 more characters), in creation order: `cm` + kind + counter. */
	newId(kind: string): string {
		this.counter++;
		return `cm${kind}${this.counter.toString(36).padStart(24 - kind.length - 1, '0')}`;
	}

	// ------------------------------------------------------------------------------ categories

	createCategory(body: Json): Category {
		const details: string[] = [];
		checkName(body, details, true);
		throwIfAny(details);
		this.refuseDuplicateCategory(body.name as string);
		const now = this.app.now();
		const category: Category = { id: this.newId('cat'), name: body.name, description: body.description, createdAt: now, updatedAt: now };
		this.categories.set(category.id, category);
		return category;
	}

	requireCategory(id: string): Category {
		const category = this.categories.get(id);
		if (!category) throw campaignsError('ERR_NOT_FOUND', `Template category ${id} not found.`);
		return category;
	}

	updateCategory(id: string, body: Json): Category {
		const category = this.requireCategory(id);
		const details: string[] = [];
		checkName(body, details, false);
		throwIfAny(details);
		if (body.name !== undefined && body.name !== category.name) this.refuseDuplicateCategory(body.name as string);
		Object.assign(category, pick(body, ['name', 'description']), { updatedAt: this.app.now() });
		return category;
	}

	deleteCategory(id: string): Category {
		const category = this.requireCategory(id);
		this.categories.delete(id);
		return category;
	}

	private refuseDuplicateCategory(name: string): void {
		if ([...this.categories.values()].some((category) => category.name.toLowerCase() === name.toLowerCase())) {
			throw campaignsError('ERR_CONFLICT', `A template category named "${name}" already exists.`);
		}
	}

	// ------------------------------------------------------------------------------- templates

	createTemplate(body: Json): Template {
		const details: string[] = [];
		checkName(body, details, true);
		if (!Array.isArray(body.channels) || body.channels.length === 0) details.push('channels must contain at least 1 element');
		throwIfAny(details);
		const channels = (body.channels as Json[]).map((content) => this.channelContentOf(content));
		const types = channels.map((content) => content.channelType);
		if (new Set(types).size !== types.length) throw campaignsError('ERR_CONFLICT', 'Duplicate channel type in channels.');
		const templateId = (body.templateId as string | undefined) ?? slug(body.name as string);
		if (this.findTemplate(templateId)) throw campaignsError('ERR_CONFLICT', `A template with templateId "${templateId}" already exists.`);
		const now = this.app.now();
		const template: Template = {
			id: this.newId('tpl'),
			templateId,
			name: body.name,
			templateCategory: body.templateCategory,
			label: body.label,
			alternativeText: body.alternativeText,
			tags: body.tags ?? [],
			status: body.status ?? 'draft',
			channels,
			variableSchema: body.variableSchema ?? [],
			config: body.config ?? {},
			version: 1,
			createdAt: now,
			updatedAt: now,
		};
		this.templates.set(template.id, template);
		return template;
	}

	/** A channel's content as stored: a known channel if it names one, empty content by default ("defaults applied if omitted"). */
	private channelContentOf(content: Json): ChannelContent {
		if (content.channelId !== undefined) {
			const channel = this.findChannel(content.channelId as string);
			if (!channel) throw campaignsError('ERR_CHANNEL_NOT_FOUND', `Channel ${content.channelId as string} not found.`);
			if (channel.channelType !== content.channelType) {
				throw invalid([
					`channels: channel ${content.channelId as string} is of type ${channel.channelType}, not ${content.channelType as string}`,
				]);
			}
		}
		return { ...content, channelType: content.channelType, content: content.content ?? {}, sequenceOrder: content.sequenceOrder ?? 1 };
	}

	/** A template by its id or its templateId slug ("CUID or templateId slug"). */
	findTemplate(idOrSlug: string): Template | undefined {
		return this.templates.get(idOrSlug) ?? [...this.templates.values()].find((template) => template.templateId === idOrSlug);
	}

	requireTemplate(idOrSlug: string): Template {
		const template = this.findTemplate(idOrSlug);
		if (!template) throw campaignsError('ERR_TEMPLATE_NOT_FOUND', `Template ${idOrSlug} not found.`);
		return template;
	}

	updateTemplate(idOrSlug: string, body: Json): Template {
		const template = this.requireTemplate(idOrSlug);
		const details: string[] = [];
		checkName(body, details, false);
		throwIfAny(details);
		Object.assign(
			template,
			pick(body, ['name', 'templateCategory', 'label', 'alternativeText', 'tags', 'status', 'variableSchema', 'config']),
		);
		template.updatedAt = this.app.now();
		return template;
	}

	archiveTemplate(idOrSlug: string): Template {
		const template = this.requireTemplate(idOrSlug);
		template.status = 'archived';
		template.updatedAt = this.app.now();
		return template;
	}

	updateChannelContent(idOrSlug: string, channelType: string, body: Json): Template {
		const template = this.requireTemplate(idOrSlug);
		if (!isObject(body.content)) throw invalid(['content must be an object']);
		const existing = template.channels.find((content) => content.channelType === channelType);
		if (!existing) throw campaignsError('ERR_NOT_FOUND', `Template ${idOrSlug} has no ${channelType} channel.`);
		existing.content = body.content;
		template.updatedAt = this.app.now();
		return template;
	}

	/** A new version: the template's current content under the next version number. */
	createVersion(idOrSlug: string): Template {
		const template = this.requireTemplate(idOrSlug);
		template.version++;
		template.updatedAt = this.app.now();
		return template;
	}

	// -------------------------------------------------------------------------------- channels

	createChannel(body: Json): Channel {
		const details: string[] = [];
		checkName(body, details, true);
		throwIfAny(details);
		const channelType = body.type as string;
		if (!AVAILABLE_CHANNEL_TYPES.includes(channelType)) {
			throw campaignsError('ERR_FORBIDDEN', `Channel type ${channelType} is restricted for this app.`);
		}
		const channelId = (body.channelId as string | undefined) ?? `cc-notification-channel-${slug(body.name as string)}`;
		const ofType = [...this.channels.values()].filter((channel) => channel.channelType === channelType).length;
		if (this.findChannel(channelId) || ofType >= CHANNELS_PER_TYPE) {
			throw campaignsError(
				'ERR_CONFLICT',
				`Duplicate channelId "${channelId}" or the limit of ${CHANNELS_PER_TYPE} ${channelType} channels reached.`,
			);
		}
		const now = this.app.now();
		const channel: Channel = {
			id: this.newId('chn'),
			channelId,
			name: body.name,
			channelType,
			enabled: body.enabled ?? false,
			metadata: body.metadata ?? {},
			createdAt: now,
			updatedAt: now,
		};
		this.channels.set(channel.id, channel);
		return channel;
	}

	/** A channel by its id or its channelId slug. */
	findChannel(idOrSlug: string): Channel | undefined {
		return this.channels.get(idOrSlug) ?? [...this.channels.values()].find((channel) => channel.channelId === idOrSlug);
	}

	requireChannel(idOrSlug: string): Channel {
		const channel = this.findChannel(idOrSlug);
		if (!channel) throw campaignsError('ERR_CHANNEL_NOT_FOUND', `Channel ${idOrSlug} not found.`);
		return channel;
	}

	updateChannel(idOrSlug: string, body: Json): Channel {
		const channel = this.requireChannel(idOrSlug);
		const details: string[] = [];
		checkName(body, details, false);
		throwIfAny(details);
		Object.assign(channel, pick(body, ['name', 'enabled', 'metadata']), { updatedAt: this.app.now() });
		return channel;
	}

	/** Per channel type: whether the app may use it, and how many of its channels it has and may have. */
	availability(): Json[] {
		return CHANNEL_TYPES.map((channelType) => ({
			channelType,
			available: AVAILABLE_CHANNEL_TYPES.includes(channelType),
			count: [...this.channels.values()].filter((channel) => channel.channelType === channelType).length,
			limit: CHANNELS_PER_TYPE,
		}));
	}

	// ------------------------------------------------------------------------------- campaigns

	createCampaign(body: Json): Campaign {
		const details: string[] = [];
		checkName(body, details, true);
		if (typeof body.templateVersion === 'number' && (!Number.isInteger(body.templateVersion) || body.templateVersion < 1)) {
			details.push('templateVersion must not be less than 1');
		}
		throwIfAny(details);
		const template = this.requireTemplate(body.templateId as string);
		if (body.templateVersion > template.version) {
			throw invalid([`templateVersion ${body.templateVersion as number} does not exist: the template's latest is ${template.version}`]);
		}
		const now = this.app.now();
		const campaign: Campaign = {
			id: this.newId('cmp'),
			name: body.name,
			templateId: template.id,
			templateVersion: body.templateVersion,
			variables: body.variables ?? {},
			config: body.config ?? {},
			status: 'draft',
			createdAt: now,
			updatedAt: now,
		};
		this.campaigns.set(campaign.id, campaign);
		return campaign;
	}

	requireCampaign(id: string): Campaign {
		const campaign = this.campaigns.get(id);
		if (!campaign) throw campaignsError('ERR_NOT_FOUND', `Campaign ${id} not found.`);
		return campaign;
	}

	private requireDraft(id: string): Campaign {
		const campaign = this.requireCampaign(id);
		if (campaign.status !== 'draft') throw campaignsError('ERR_BAD_REQUEST', `Campaign ${id} is not in draft status (${campaign.status}).`);
		return campaign;
	}

	updateCampaign(id: string, body: Json): Campaign {
		const campaign = this.requireDraft(id);
		const details: string[] = [];
		checkName(body, details, false);
		throwIfAny(details);
		Object.assign(campaign, pick(body, ['name', 'config']), { updatedAt: this.app.now() });
		return campaign;
	}

	deleteCampaign(id: string): Campaign {
		const campaign = this.requireDraft(id);
		this.campaigns.delete(id);
		for (const recipient of this.recipientsOf(id)) this.recipients.delete(recipient.id);
		return campaign;
	}

	/** Adds recipients to a draft; a user already a recipient gets the new variables, never a second entry. */
	addRecipients(id: string, body: Json): { added: number; updated: number; total: number } {
		const campaign = this.requireDraft(id);
		const details: string[] = [];
		checkUserIds(body.userIds, 'userIds', details);
		checkUserVariables(body.userVariables, 'userVariables', details);
		throwIfAny(details);
		return this.upsertRecipients(campaign, body.userIds as string[], (body.userVariables ?? {}) as Json);
	}

	private upsertRecipients(campaign: Campaign, userIds: string[], variables: Json): { added: number; updated: number; total: number } {
		const byUser = new Map(this.recipientsOf(campaign.id).map((recipient) => [recipient.userId, recipient]));
		let added = 0;
		const now = this.app.now();
		for (const userId of userIds) {
			const existing = byUser.get(userId);
			if (existing) {
				Object.assign(existing, { variables: variables[userId] ?? existing.variables, updatedAt: now });
				continue;
			}
			const recipient: Recipient = {
				id: this.newId('rcp'),
				campaignId: campaign.id,
				userId,
				variables: variables[userId] ?? {},
				status: 'pending',
				createdAt: now,
				updatedAt: now,
			};
			this.recipients.set(recipient.id, recipient);
			byUser.set(userId, recipient);
			added++;
		}
		campaign.updatedAt = now;
		return { added, updated: userIds.length - added, total: byUser.size };
	}

	recipientsOf(campaignId: string): Recipient[] {
		return [...this.recipients.values()].filter((recipient) => recipient.campaignId === campaignId);
	}

	recipientSummary(campaignId: string): Json {
		const recipients = this.recipientsOf(this.requireCampaign(campaignId).id);
		const count = (status: Recipient['status']) => recipients.filter((recipient) => recipient.status === status).length;
		return {
			campaignId,
			total: recipients.length,
			pending: count('pending'),
			processing: count('processing'),
			completed: count('completed'),
			failed: count('failed'),
		};
	}

	/** Where to PUT a recipients CSV: a key of the campaign's own (the emulator serves no upload). */
	uploadUrl(id: string, origin: string): Json {
		const campaign = this.requireDraft(id);
		const s3Key = `campaigns/${campaign.id}/recipients-${this.newId('upl')}.csv`;
		return { uploadUrl: `${origin}/__emulator/uploads/${encodeURIComponent(s3Key)}`, s3Key, expiresIn: 900 };
	}

	/** A CSV PUT to an upload URL the emulator handed out; another key is refused, as a presigned URL would be. */
	upload(s3Key: string, csv: string): Json {
		const issued = /^campaigns\/([^/]+)\//.exec(s3Key);
		if (!issued || !this.campaigns.has(issued[1])) throw campaignsError('ERR_NOT_FOUND', 'No upload URL was issued for this key.');
		this.uploads.set(s3Key, csv);
		return { s3Key, bytes: Buffer.byteLength(csv) };
	}

	/** Imports the CSV at `s3Key` (header `userId`, then one column per variable); a key imported before is a conflict. */
	importCsv(id: string, body: Json): ImportJob {
		const campaign = this.requireDraft(id);
		if (typeof body.s3Key !== 'string' || !body.s3Key.startsWith(`campaigns/${campaign.id}/`)) {
			throw invalid(["s3Key must be a key from this campaign's upload URL"]);
		}
		if ([...this.imports.values()].some((job) => job.s3Key === body.s3Key)) {
			throw campaignsError('ERR_CONFLICT', `The file ${body.s3Key} is already imported (or its import is in progress).`);
		}
		const now = this.app.now();
		const job: ImportJob = {
			id: this.newId('imp'),
			campaignId: campaign.id,
			s3Key: body.s3Key,
			status: 'completed',
			totalRows: 0,
			importedRows: 0,
			failedRows: 0,
			errors: [],
			createdAt: now,
			updatedAt: now,
		};
		const csv = this.uploads.get(body.s3Key);
		if (csv === undefined) Object.assign(job, { status: 'failed', errors: ['No file was uploaded at this key.'] });
		else this.importRows(campaign, csv, job);
		this.imports.set(job.id, job);
		return job;
	}

	private importRows(campaign: Campaign, csv: string, job: ImportJob): void {
		const [head = '', ...rows] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
		const columns = head.split(',').map((column) => column.trim());
		const userIds: string[] = [];
		const variables: Json = {};
		for (const [index, row] of rows.entries()) {
			const cells = row.split(',').map((cell) => cell.trim());
			job.totalRows++;
			if (!cells[0]) {
				job.failedRows++;
				job.errors.push(`Row ${index + 2}: no userId.`);
				continue;
			}
			userIds.push(cells[0]);
			variables[cells[0]] = Object.fromEntries(columns.slice(1).map((column, at) => [column, cells[at + 1] ?? '']));
		}
		job.importedRows = this.upsertRecipients(campaign, userIds, variables).added;
	}

	importStatus(id: string): ImportJob {
		this.requireCampaign(id);
		const jobs = [...this.imports.values()].filter((job) => job.campaignId === id);
		const latest = jobs[jobs.length - 1];
		if (!latest) throw campaignsError('ERR_NOT_FOUND', 'No active import found.');
		return latest;
	}

	/** Sends a draft or scheduled campaign to its recipients: each delivery made at once, each recipient completed. */
	sendCampaign(id: string): Campaign {
		const campaign = this.requireCampaign(id);
		const recipients = this.recipientsOf(id);
		if (!SENDABLE.includes(campaign.status) || recipients.length === 0) {
			throw campaignsError('ERR_BAD_REQUEST', `Campaign ${id} is not in a sendable status (${campaign.status}) or has no recipients.`);
		}
		const template = this.requireTemplate(campaign.templateId);
		const now = this.app.now();
		for (const recipient of recipients) {
			this.deliver(template, recipient.userId, { ...campaign.variables, ...recipient.variables }, { campaignId: campaign.id });
			Object.assign(recipient, { status: 'completed', updatedAt: now });
		}
		Object.assign(campaign, { status: 'completed', sentAt: now, updatedAt: now });
		return campaign;
	}

	scheduleCampaign(id: string, body: Json): Campaign {
		const campaign = this.requireDraft(id);
		const at = body.scheduledAt as number;
		if (!Number.isInteger(at) || at <= this.app.now()) {
			throw campaignsError('ERR_BAD_REQUEST', 'Invalid time: scheduledAt must be whole unix seconds in the future.');
		}
		Object.assign(campaign, { status: 'scheduled', scheduledAt: at, updatedAt: this.app.now() });
		return campaign;
	}

	cancelCampaign(id: string): Campaign {
		const campaign = this.requireCampaign(id);
		if (!CANCELLABLE.includes(campaign.status)) {
			throw campaignsError('ERR_BAD_REQUEST', `Campaign ${id} is not in a cancellable status (${campaign.status}).`);
		}
		Object.assign(campaign, { status: 'cancelled', cancelledAt: this.app.now(), updatedAt: this.app.now() });
		return campaign;
	}

	// ------------------------------------------------------------------------------------ sends

	/** POST /notifications/messages: 1–10 receivers realtime (a notificationId), 11–10,000 a batch (a batchId). */
	send(body: Json): SendResult {
		const details: string[] = [];
		checkUserIds(body.receivers, 'receivers', details);
		checkUserVariables(body.variables, 'variables', details);
		throwIfAny(details);
		const template = this.findTemplate(body.templateId as string);
		if (!template) throw campaignsError('ERR_TEMPLATE_NOT_FOUND', `Template ${body.templateId as string} not found.`, { status: 400 });
		if (template.status !== 'approved') {
			throw campaignsError('ERR_BAD_REQUEST', `Template ${body.templateId as string} is not approved (${template.status}).`);
		}
		const receivers = body.receivers as string[];
		const variables = (body.variables ?? {}) as Json;
		const realtime = receivers.length <= REALTIME_RECEIVERS_MAX;
		const sendId = this.newId(realtime ? 'ntf' : 'bat');
		const tag = body.tag as string | undefined;
		for (const receiver of receivers) {
			this.deliver(
				template,
				receiver,
				(variables[receiver] ?? {}) as Json,
				realtime ? { notificationId: sendId, tag } : { batchId: sendId, tag },
			);
		}
		const channels = template.channels.map((content) => content.channelType);
		const result: SendResult = realtime
			? { notificationId: sendId, channels, mode: 'realtime' }
			: { batchId: sendId, total: receivers.length, channels, mode: 'batch' };
		this.sends.push({ templateId: template.id, receivers, variables, tag, result });
		return result;
	}

	/** One receiver's deliveries of a template: a feed item per in-app channel, a push notification per push channel. */
	private deliver(template: Template, receiver: string, variables: Json, from: Partial<Delivery>): void {
		const now = this.app.now();
		for (const channel of template.channels) {
			const kind = channel.channelType === 'in_app' ? 'feed' : channel.channelType === 'push' ? 'push' : undefined;
			if (kind === undefined) continue;
			const delivery: Delivery = {
				id: this.newId(kind === 'feed' ? 'fd' : 'psh'),
				kind,
				receiver,
				templateId: template.id,
				templateCategory: template.templateCategory,
				channelId: channel.channelId,
				channelType: channel.channelType,
				sequenceOrder: Number(channel.sequenceOrder ?? 1),
				tags: template.tags,
				content: render(channel.content, variables) as Json,
				sentAt: now,
				createdAt: now,
				updatedAt: now,
				engagements: [],
				...from,
			};
			this.deliveries.set(delivery.id, delivery);
		}
	}

	/** A receiver's delivery of a kind, seen by `asUser` (a user sees only their own; the app sees all). */
	requireDelivery(kind: Delivery['kind'], id: string, asUser: string | undefined): Delivery {
		const delivery = this.deliveries.get(id);
		if (!delivery || delivery.kind !== kind || (asUser !== undefined && delivery.receiver !== asUser) || delivery.deletedAt !== undefined) {
			if (kind === 'feed') throw campaignsError('ERR_FEED_ITEM_NOT_FOUND', `Feed item ${id} not found.`);
			throw campaignsError('ERR_NOT_FOUND', `Push notification ${id} not found.`);
		}
		return delivery;
	}

	/** Sets a time a delivery reached once (delivered, read, clicked): marking it again changes nothing. */
	mark(delivery: Delivery, field: 'deliveredAt' | 'readAt' | 'clickedAt'): Delivery {
		if (delivery[field] === undefined) {
			delivery[field] = this.app.now();
			if (field !== 'deliveredAt') delivery.deliveredAt ??= delivery[field];
			delivery.updatedAt = this.app.now();
		}
		return delivery;
	}

	engage(delivery: Delivery, topic: string | undefined): Delivery {
		delivery.engagements.push({ ...(topic !== undefined ? { topic } : {}), at: this.app.now() });
		delivery.updatedAt = this.app.now();
		return delivery;
	}

	softDelete(delivery: Delivery): void {
		delivery.deletedAt = this.app.now();
	}

	deliveriesOf(kind: Delivery['kind']): Delivery[] {
		return [...this.deliveries.values()].filter((delivery) => delivery.kind === kind);
	}
}

function pick(body: Json, fields: string[]): Json {
	return Object.fromEntries(fields.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
}
