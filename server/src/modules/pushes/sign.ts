// Signing of push requests (domain/pushes.ts describes the scheme a receiver verifies), and the
// per-destination secrets: generated here, stored encrypted, shown once.
import crypto from 'node:crypto';
import { PUSH_HEADERS, SIGNATURE_PREFIX, signatureBase } from '../../../../domain/pushes';

/** A new HMAC key as the receiver sees it: `pks_` + 32 random bytes (base64url). */
export const newPushSecret = (): string => `pks_${crypto.randomBytes(32).toString('base64url')}`;

/** `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
export function signature(secret: string, timestamp: string, body: string): string {
  return (
    SIGNATURE_PREFIX +
    crypto
      .createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(signatureBase(timestamp, body))
      .digest('hex')
  );
}

/** The headers that sign one request. */
export function signedHeaders(
  secret: string,
  pushId: string,
  body: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [PUSH_HEADERS.timestamp]: timestamp,
    [PUSH_HEADERS.signature]: signature(secret, timestamp, body),
    [PUSH_HEADERS.id]: pushId,
  };
}

/** What a receiver does (used by our tests): constant-time comparison of the expected signature. */
export function verifySignature(secret: string, timestamp: string, body: string, header: string): boolean {
  const want = Buffer.from(signature(secret, timestamp, body));
  const got = Buffer.from(header);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
