// Secrets at rest (ARCHITECTURE §4), shared by server and media: AES-256-GCM with the configured key, and a keyed hash of phone
// numbers so hidden numbers can still be deduplicated and matched against blacklists.
import crypto from 'node:crypto';

const keyOf = (hex: string): Buffer => {
  const k = Buffer.from(hex, 'hex');
  if (k.length !== 32) throw new Error('SECRET_KEY must be 64 hex characters');
  return k;
};

/** 'v1:' + base64url(iv | tag | ciphertext). */
export function encryptSecret(secretKeyHex: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', keyOf(secretKeyHex), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return 'v1:' + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
}

export function decryptSecret(secretKeyHex: string, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const d = crypto.createDecipheriv('aes-256-gcm', keyOf(secretKeyHex), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

/** The dedupe/blacklist key of a phone number (digits only). */
export function phoneHash(secretKeyHex: string, digits: string): string {
  return crypto.createHmac('sha256', keyOf(secretKeyHex)).update(digits).digest('hex');
}
