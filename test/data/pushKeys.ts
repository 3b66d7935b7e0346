/**
 * Push providers' keys of the real form, made at test time (never real credentials): an APNs .p8
 * key (PKCS#8, EC P-256, as Apple gives it), a Firebase service account's private key (PKCS#8, RSA
 * 2048, as Google gives it), Apple key and team IDs (10 upper-case letters and digits), and the bad
 * forms the node must refuse before sending. Used by the node tests and the reliability suites.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';

const pkcs8 = (key: ReturnType<typeof generateKeyPairSync>['privateKey']) => key.export({ type: 'pkcs8', format: 'pem' }) as string;

/** A new APNs .p8 key: PKCS#8 EC P-256, without a line break at its end (as the node sends it). */
export const newApnsKey = (): string => pkcs8(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey).trim();
/** A new Firebase private key: PKCS#8 RSA 2048, with its line break at the end, as in the key file. */
export const newFcmKey = (): string => pkcs8(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);

export const APNS_P8_KEY = newApnsKey();
export const FCM_PRIVATE_KEY = newFcmKey();
/** Apple's key ID and team ID form: exactly 10 upper-case letters and digits. */
export const APNS_KEY_ID = 'K7Y3RW5SQ2';
export const APNS_TEAM_ID = 'T5GH8JK2WX';

/** A long line of a PEM key, to look for in what a run puts out (a leak of part of the key). */
export const keyLine = (pem: string, index = 2): string => pem.split('\n')[index];

/** A service-account key file's content, as Firebase gives it, around a private key. */
export function fcmAccountJson(
	project: string,
	privateKey = FCM_PRIVATE_KEY,
	privateKeyId = 'f3a9c1d2e4b5a6c7d8e9f0a1b2c3d4e5f6a7b8c9',
): string {
	return JSON.stringify({
		type: 'service_account',
		project_id: project,
		private_key_id: privateKeyId,
		private_key: privateKey,
		client_email: `firebase-adminsdk@${project}.iam.gserviceaccount.com`,
	});
}

/** PEM texts of the wrong form for a private key (none of them a real secret). */
export const BAD_PEMS = {
	/** Not PEM at all. */
	garbage: 'not-a-key-at-all',
	/** A certificate where the key belongs. */
	certificate: '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUFakeCertificateLine0123456789abcdefABCDEFGH\n-----END CERTIFICATE-----',
	/** A PEM "PRIVATE KEY" block with garbage inside. */
	damaged: '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgFakeDamagedKeyLine01\n-----END PRIVATE KEY-----',
	/** A public key, not a private one. */
	publicKey: createPublicKey(APNS_P8_KEY).export({ type: 'spki', format: 'pem' }) as string,
};
