import type { IDataObject } from 'n8n-workflow';

/**
 * Secrets: the one home of what the node never puts out. The values it knows to be secrets are the
 * credential's API key and what a request carries as `secrets` (auth tokens, push tokens, bot and
 * group passwords); the fields that hold one in CometChat's answers are in SECRET_FIELDS. Every
 * output item (CometChat.node.ts) goes through `hideSecrets`, every error text through `redact`.
 * Only the fields an operation exists to show (`shownSecrets` of an operation: Auth Token → Create,
 * Reveal Tokens, With Auth Token) keep their value.
 */

/** Shown instead of a secret. */
export const REDACTED = '[redacted]';

/** How many characters of a masked token stay visible, so an admin can tell tokens apart. */
export const VISIBLE_ENDING = 4;

/** What an output holds instead of a secret field: the fields that replace it (none: dropped). */
type Masking = (value: unknown) => IDataObject;

const drop: Masking = () => ({});

/** `<name>Masked`: `****` and the last characters of a long enough value. */
function maskedAs(name: string): Masking {
	return (value) => {
		const token = String(value);
		const ending = token.length > VISIBLE_ENDING * 2 ? token.slice(-VISIBLE_ENDING) : '';
		return { [`${name}Masked`]: `****${ending}` };
	};
}

/** `authTokenMasked`: `****` and the last characters of a long enough token. */
const maskedToken: Masking = maskedAs('authToken');

/** `pushTokenMasked`: `****` and the last characters of a long enough push token, so devices can be told apart. */
const maskedPushToken: Masking = maskedAs('pushToken');

/** An e-mail address in its place, masked: its first character and its domain (`n***@example.com`). */
const maskedEmail: Masking = (value) => {
	const email = String(value ?? '');
	const at = email.lastIndexOf('@');
	return { email: email === '' ? email : at > 0 ? `${email[0]}***${email.slice(at)}` : '****' };
};

/** A phone number in its place, masked: its last characters only (`****0100`). */
const maskedPhone: Masking = (value) => {
	const phone = String(value ?? '');
	return { phno: phone === '' ? phone : `****${phone.length > VISIBLE_ENDING * 2 ? phone.slice(-VISIBLE_ENDING) : ''}` };
};

/** `apiKeyMasked`: the same masking as an auth token's. */
const maskedApiKey: Masking = maskedAs('apiKey');

/**
 * `serviceAccountCredsMasked`: what tells a Firebase service-account key apart (its project, its
 * client e-mail, the last characters of its key ID), without its private key.
 */
const maskedServiceAccount: Masking = (value) => {
	const creds = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
	const shown: IDataObject = {};
	for (const key of ['project_id', 'client_email']) if (typeof creds[key] === 'string') shown[key] = creds[key];
	if (typeof creds.private_key_id === 'string') Object.assign(shown, maskedAs('privateKeyId')(creds.private_key_id));
	return { serviceAccountCredsMasked: shown };
};

/** The fields that hold a secret in any record: dropped. */
const EVERY_RESOURCE: Record<string, Masking> = {
	apiKey: drop,
	authToken: drop,
	password: drop,
	pushToken: drop,
};

/**
 * Per resource, the fields hidden otherwise: an auth token record keeps the end of its token, so
 * an admin auditing sessions tells them apart. (A bot's password, which CometChat echoes in every
 * /v3/bots answer, is dropped as everywhere; the bot operations say `hasPassword`.)
 */
export const SECRET_FIELDS: Record<string, Record<string, Masking>> = {
	authToken: { ...EVERY_RESOURCE, authToken: maskedToken },
	// A user's notification settings: personal data and device tokens (docs/cometchat-api.md, User notifications).
	contactDetail: { ...EVERY_RESOURCE, email: maskedEmail, phno: maskedPhone },
	pushToken: { ...EVERY_RESOURCE, authToken: maskedToken, pushToken: maskedPushToken, fcmToken: drop, deviceToken: drop, voipToken: drop },
	// Notification providers: the keys and tokens keep their end (to tell which one is stored), the
	// Twilio account SID too (sensitive); a Basic Auth password is dropped (`hasBasicAuthPassword`).
	notificationProvider: {
		...EVERY_RESOURCE,
		twilioAccountSID: maskedAs('twilioAccountSID'),
		twilioAuthToken: maskedAs('twilioAuthToken'),
		sendGridApiKey: maskedAs('sendGridApiKey'),
		basicAuthPassword: drop,
	},
	// API keys: `apiKeyMasked` tells the keys of a list apart; only API Key → Create shows one.
	apiKey: { ...EVERY_RESOURCE, apiKey: maskedApiKey },
	// FCM providers: the service-account key shows its project and client e-mail, never its private key.
	fcmProvider: { ...EVERY_RESOURCE, serviceAccountCreds: maskedServiceAccount },
	// Campaign channels: a provider's settings (its example holds an API key) show only their keys.
	campaignChannel: { ...EVERY_RESOURCE, metadata: (value) => ({ metadataKeys: Object.keys((value ?? {}) as IDataObject) }) },
	// APNs providers: the .p8 key dropped (`hasP8Key` says it is there), its key and team IDs masked.
	apnsProvider: {
		...EVERY_RESOURCE,
		p8Key: () => ({ hasP8Key: true }),
		keyId: maskedAs('keyId'),
		teamId: maskedAs('teamId'),
	},
};

/** Each resource's secret fields as a list, made once: a list of 100,000 records looks them up for each. */
const secretFieldListByResource = new Map<string, Array<[string, Masking]>>();

function secretFieldsOf(resource: string): Array<[string, Masking]> {
	let fields = secretFieldListByResource.get(resource);
	if (!fields) secretFieldListByResource.set(resource, (fields = Object.entries(SECRET_FIELDS[resource] ?? EVERY_RESOURCE)));
	return fields;
}

/** Secrets shorter than this are not cut out of texts: that would garble them, and they are not worth it. */
const SHORTEST_SECRET = 4;

/** The values worth cutting out: strings long enough to be secrets, each once. */
export function secretValues(values: unknown[]): string[] {
	const found = new Set<string>();
	for (const value of values) if (typeof value === 'string' && value.length >= SHORTEST_SECRET) found.add(value);
	return [...found];
}

/** Cuts every secret out of a text, also in its percent-encoded form (as in a path or a query). */
export function redact(text: string, secrets: string[]): string {
	let result = text;
	for (const secret of secrets) {
		if (result.includes(secret)) result = result.split(secret).join(REDACTED);
		const encoded = encodeURIComponent(secret);
		if (encoded !== secret && result.includes(encoded)) result = result.split(encoded).join(REDACTED);
	}
	return result;
}

/** What a text holding a secret contains: each secret and its percent-encoded form, computed once per record. */
function needlesOf(secrets: string[]): string[] {
	return [...new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]))];
}

function holdsSecret(text: string, needles: string[]): boolean {
	return needles.some((needle) => text.includes(needle));
}

/** The needles of a list of secrets, kept while the list lives (the same list serves every item of a run). */
const needlesBySecrets = new WeakMap<string[], string[]>();
/** `secretValues` of a list, kept while the list lives. */
const valuesBySecrets = new WeakMap<string[], string[]>();

function preparedSecrets(secrets: string[]): string[] {
	let values = valuesBySecrets.get(secrets);
	if (!values) valuesBySecrets.set(secrets, (values = secretValues(secrets)));
	return values;
}

/** A value with every secret cut out of its texts (keys too), copied only where something changed. */
export function redactDeep<T>(value: T, secrets: string[]): T {
	if (secrets.length === 0) return value;
	let needles = needlesBySecrets.get(secrets);
	if (!needles) needlesBySecrets.set(secrets, (needles = needlesOf(secrets)));
	return redactValue(value, secrets, needles) as T;
}

function redactValue(value: unknown, secrets: string[], needles: string[]): unknown {
	if (typeof value === 'string') return holdsSecret(value, needles) ? redact(value, secrets) : value;
	if (Array.isArray(value)) {
		let copy: unknown[] | undefined;
		value.forEach((entry, index) => {
			const redacted = redactValue(entry, secrets, needles);
			if (redacted !== entry) (copy ??= [...value])[index] = redacted;
		});
		return copy ?? value;
	}
	if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Date) return value;
	let copy: IDataObject | undefined;
	// Keys rather than entries: no pair made for each field of each record.
	for (const key of Object.keys(value)) {
		const entry = (value as IDataObject)[key];
		const redacted = redactValue(entry, secrets, needles);
		const name = holdsSecret(key, needles) ? redact(key, secrets) : key;
		if (redacted === entry && name === key) continue;
		copy ??= { ...(value as IDataObject) };
		if (name !== key) delete copy[key];
		copy[name] = redacted as IDataObject[string];
	}
	return copy ?? value;
}

/**
 * One output record as the node puts it out: its secret fields hidden (SECRET_FIELDS) unless
 * `shown`, and every known secret (and every hidden field's value) cut out of the rest, also from
 * what the service echoed back. A shown field keeps its value.
 */
export function hideSecrets(record: IDataObject, resource: string, secrets: string[], shown: string[] = []): IDataObject {
	const fields = secretFieldsOf(resource);
	const hiddenValues: unknown[] = [];
	let result: IDataObject = record;
	for (const [name, mask] of fields) {
		if (!(name in record) || shown.includes(name)) continue;
		if (result === record) result = { ...record };
		const { [name]: value, ...rest } = result;
		hiddenValues.push(value);
		result = { ...rest, ...mask(value) };
	}
	// The common case, a record with no secret field: the run's secrets, prepared once per list.
	const cut = hiddenValues.length === 0 ? preparedSecrets(secrets) : secretValues([...secrets, ...hiddenValues]);
	if (cut.length === 0) return result;
	const kept = shown.filter((name) => name in result);
	if (kept.length === 0) return redactDeep(result, cut);
	const rest: IDataObject = { ...result };
	for (const name of kept) delete rest[name];
	const redacted = redactDeep(rest, cut);
	// The shown fields in their place, with their values as they came.
	const output: IDataObject = {};
	for (const key of Object.keys(result)) {
		if (kept.includes(key)) output[key] = result[key];
		else if (key in redacted) output[key] = redacted[key];
	}
	return { ...output, ...redacted };
}

/**
 * The secrets each node run (n8n gives each its own context object) has sent so far: the transport
 * notes them with every request, and the node hides them from the run's outputs and errors. The
 * list is the same array until a new secret is noted, so what is prepared from it (needles, values)
 * is prepared once for all the items of a run.
 */
const secretsByContext = new WeakMap<object, { values: Set<string>; list: string[] }>();

export function noteSecrets(context: object, values: string[]): void {
	let known = secretsByContext.get(context);
	if (!known) secretsByContext.set(context, (known = { values: new Set(), list: [] }));
	const before = known.values.size;
	for (const value of values) known.values.add(value);
	if (known.values.size !== before) known.list = [...known.values];
}

export function knownSecrets(context: object): string[] {
	return secretsByContext.get(context)?.list ?? [];
}
