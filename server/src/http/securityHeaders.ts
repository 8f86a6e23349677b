// Response headers every reply carries, plus a Content-Security-Policy on HTML and no-store on
// /api (nearly every API reply holds personal data: customers, phones, balances, transcripts).
import type { Context, Next } from 'koa';

/**
 * No inline or foreign script can run (the Vite build has none: one module script from /assets).
 * Styles allow inline because Blueprint and its popovers position elements with style attributes.
 * connect-src allows WebSockets elsewhere: the softphone registers on the switch's SIP-over-WS port.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  // Reset and verification links carry a token in the URL: never leak it through Referer.
  ctx.set('Referrer-Policy', 'no-referrer');
  const api = /^\/api(\/|$)/.test(ctx.path);
  // Set before the handler, so an error reply has it too; a route may still narrow it.
  if (api) ctx.set('Cache-Control', 'no-store');
  await next();
  if (!api && ctx.response.is('html')) ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
}
