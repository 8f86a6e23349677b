import crypto from 'node:crypto';

/** 256 bits from the OS's secure random source, URL-safe. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}
