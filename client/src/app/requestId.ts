// An idempotency key for a create request. crypto.randomUUID exists only in secure contexts
// (https or localhost); getRandomValues works on a plain-http LAN address too.
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
