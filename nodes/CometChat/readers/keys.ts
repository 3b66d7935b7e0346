/**
 * The form of push providers' keys and IDs (APNs and FCM), checked before anything is sent. Pure
 * decisions: each returns what is wrong as a phrase (for fieldError, after the field's name), or
 * undefined when the value has the right form. None ever quotes the value: they are secrets.
 * Whether a key is really registered with Apple or Google only CometChat (and they) can tell.
 */
import { createPrivateKey } from 'node:crypto';

/** The key types the providers use: APNs' .p8 is EC on P-256, a Firebase service account's is RSA. */
export type PrivateKeyType = 'ec' | 'rsa';

const KEY_TYPE_NAMES: Record<string, string> = {
	ec: 'an EC key',
	rsa: 'an RSA key',
	'rsa-pss': 'an RSA-PSS key',
	dsa: 'a DSA key',
	dh: 'a Diffie-Hellman key',
	ed25519: 'an Ed25519 key',
	ed448: 'an Ed448 key',
	x25519: 'an X25519 key',
	x448: 'an X448 key',
};

/** One whole PEM block: its label and what is between its lines (nothing before or after it). */
const PEM_BLOCK = /^-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----$/;
/** The labels of an unencrypted private key: PKCS#8 (as Apple and Google give it), SEC1 and PKCS#1. */
const PRIVATE_KEY_LABELS = ['PRIVATE KEY', 'EC PRIVATE KEY', 'RSA PRIVATE KEY'];
const BASE64_BODY = /^[A-Za-z0-9+/=\s]+$/;

/**
 * A key as pasted, made a PEM: trimmed, Windows line ends and `\n` written out as text made line
 * breaks, and a block whose line breaks were lost (a password field keeps a single line) wrapped
 * again at 64 characters. Anything that is not one PEM block is given back trimmed, for
 * pemKeyProblem to tell what is wrong with it.
 */
export function pemKeyText(text: string): string {
	const normalized = text
		.trim()
		.replace(/\\r\\n|\\n|\\r/g, '\n')
		.replace(/\r\n?/g, '\n')
		.trim();
	const block = PEM_BLOCK.exec(normalized);
	if (!block || !BASE64_BODY.test(block[2])) return normalized;
	const body = block[2].replace(/\s+/g, '');
	const lines = body.match(/.{1,64}/g) ?? [];
	return [`-----BEGIN ${block[1]}-----`, ...lines, `-----END ${block[1]}-----`].join('\n');
}

/**
 * What is wrong with a PEM private key of the type expected, or undefined when it parses as one.
 * Surrounding white space and Windows line ends are taken. Crypto's own error text is never told:
 * it can quote the input.
 */
export function pemKeyProblem(text: string, expectedType: PrivateKeyType): string | undefined {
	const trimmed = text.trim();
	if (!trimmed.includes('\n') && /\\n/.test(trimmed)) return 'has its line breaks written as \\n text, not as line breaks';
	const block = PEM_BLOCK.exec(trimmed.replace(/\r\n?/g, '\n'));
	if (!block) {
		if (trimmed.includes('-----BEGIN CERTIFICATE-----')) return 'is a certificate, not a private key';
		return 'is not a PEM private key';
	}
	const label = block[1];
	if (label === 'CERTIFICATE' || label === 'TRUSTED CERTIFICATE') return 'is a certificate, not a private key';
	if (label.endsWith('PUBLIC KEY')) return 'is a public key, not a private key';
	if (label === 'ENCRYPTED PRIVATE KEY') return 'is an encrypted private key';
	if (!PRIVATE_KEY_LABELS.includes(label)) return 'is not a PEM private key';
	let type: string | undefined;
	let curve: unknown;
	try {
		if (!BASE64_BODY.test(block[2])) throw new Error('not base64');
		const key = createPrivateKey({ key: trimmed, format: 'pem' });
		type = key.asymmetricKeyType;
		curve = key.asymmetricKeyDetails?.namedCurve;
	} catch {
		return 'is a PEM private key whose content does not parse (damaged or cut short)';
	}
	if (type !== expectedType) {
		const wanted = expectedType === 'ec' ? 'an EC (P-256) key' : 'an RSA key';
		return `is ${KEY_TYPE_NAMES[type ?? ''] ?? 'a key of another type'}, not ${wanted}`;
	}
	if (expectedType === 'ec' && curve !== 'prime256v1') return 'is an EC key on another curve than P-256';
	return undefined;
}

/** An Apple key ID or team ID: exactly 10 characters, upper-case letters and digits. Never quoted. */
export function appleIdProblem(text: string): string | undefined {
	if (text.length !== 10) return `has ${text.length} character${text.length === 1 ? '' : 's'}, not 10`;
	if (!/^[A-Z0-9]{10}$/.test(text)) return 'holds characters other than upper-case letters and digits';
	return undefined;
}

/** An iOS bundle ID: letters, digits, '-' and '.' only (Apple's rule for a bundle identifier). */
export function bundleIdProblem(text: string): string | undefined {
	return /^[A-Za-z0-9.-]+$/.test(text) ? undefined : "may hold only letters, digits, '-' and '.'";
}
