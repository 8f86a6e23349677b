// Authentication and menu permission middleware for /api routes.
import type { Context, Next } from 'koa';
import { Code } from '../../../domain/api';
import type { MessageKey } from '../../../domain/messages';
import type { Deps } from '../deps';
import { authenticate, type AuthContext } from '../modules/auth/sessions';
import { AppError, forbidden } from './errors';

export const AUTH_COOKIE = 'Auth';

export function bearer(ctx: Context): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return m?.[1];
}

const keyForCode: Record<number, MessageKey> = {
  [Code.NotLoggedIn]: 'notLoggedIn',
  [Code.SessionExpired]: 'sessionExpired',
  [Code.SessionRevoked]: 'sessionRevoked',
};

export function requireAuth(deps: Deps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const r = await authenticate(deps.db, deps.config, ctx.cookies.get(AUTH_COOKIE), bearer(ctx));
    if (!r.ok) {
      if (r.code !== Code.NotLoggedIn) clearAuthCookie(ctx);
      throw new AppError(r.code, 401, keyForCode[r.code] ?? 'notLoggedIn');
    }
    ctx.state.auth = r.auth;
    await next();
  };
}

export const authOf = (ctx: Context): AuthContext => ctx.state.auth as AuthContext;

/** The API refuses what the caller's menus do not grant (SPEC §6). */
export function requireMenu(key: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!authOf(ctx).menus.includes(key)) throw forbidden();
    await next();
  };
}

export function setAuthCookie(ctx: Context, secure: boolean, value: string, maxAgeMs: number | null): void {
  // An https public URL means TLS ends in front of us (load balancer): mark the cookie Secure even
  // though this hop is plain HTTP (Koa refuses otherwise).
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(AUTH_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    overwrite: true,
    ...(maxAgeMs ? { maxAge: maxAgeMs } : {}),
  });
}

export function clearAuthCookie(ctx: Context): void {
  ctx.cookies.set(AUTH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 0,
    overwrite: true,
  });
}
