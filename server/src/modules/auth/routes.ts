import Router from '@koa/router';
import type { Context } from 'koa';
import type { LoginResponse } from '../../../../domain/api';
import { Code } from '../../../../domain/api';
import type { Deps } from '../../deps';
import { authOf, clearAuthCookie, requireAuth, setAuthCookie } from '../../http/auth';
import { langOf, ok } from '../../http/envelope';
import { body } from '../../http/validate';
import { presentMe } from './presenters';
import {
  changePasswordSchema,
  checkPasswordSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  verifySchema,
} from './schema';
import { retryAfterOf, type ClientMeta } from './guard';
import { register, verifyEmail } from './registration';
import { changePassword, checkPassword, forgot, login, resetPassword } from './service';
import { revokeSessions } from './sessions';

const meta = (ctx: Context): ClientMeta => ({
  ip: ctx.ip,
  userAgent: ctx.get('user-agent'),
  lang: langOf(ctx),
});

export function authRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/auth' });
  const secure = (ctx: Context) => ctx.secure || deps.config.publicUrl.startsWith('https:');
  // A rate-limit refusal says when to come back (RFC 9110 Retry-After, in seconds).
  r.use(async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const wait = retryAfterOf(e);
      if (wait) ctx.set('Retry-After', String(wait));
      throw e;
    }
  });

  r.post('/login', async (ctx) => {
    const { account, session, menus } = await login(deps, body(ctx, loginSchema), meta(ctx));
    setAuthCookie(ctx, secure(ctx), session.cookie, session.maxAgeMs);
    const reply: LoginResponse = {
      user: { token: session.header, username: account.account, headImgUrl: account.head_img_url },
      me: presentMe(account, menus),
    };
    ok(ctx, reply);
  });
  // The same reply whatever exists: what happened is told by mail to the mailbox's owner.
  r.post('/register', async (ctx) => {
    await register(deps, body(ctx, registerSchema), meta(ctx));
    ok(ctx, null, 'registrationMailSent');
  });
  r.post('/verify', async (ctx) => {
    await verifyEmail(deps, body(ctx, verifySchema).token, meta(ctx));
    ok(ctx, null, 'emailVerified');
  });
  r.post('/forgot', async (ctx) => {
    await forgot(deps, body(ctx, forgotSchema).email, meta(ctx));
    ok(ctx, null, 'resetSent');
  });
  r.post('/reset', async (ctx) => {
    const v = body(ctx, resetSchema);
    await resetPassword(deps, v.token, v.password, meta(ctx));
    ok(ctx, null, 'passwordReset');
  });

  const authed = requireAuth(deps);
  r.get('/me', authed, (ctx) => {
    const a = authOf(ctx);
    ok(ctx, presentMe(a.account, a.menus));
  });
  r.post('/logout', authed, async (ctx) => {
    const revoked = await revokeSessions(deps.db, [authOf(ctx).sessionId], 'logout');
    deps.live.kickSessions(revoked, Code.SessionRevoked);
    clearAuthCookie(ctx);
    ok(ctx, null, 'loggedOut');
  });
  r.post('/password', authed, async (ctx) => {
    const { loggedOut } = await changePassword(deps, authOf(ctx), body(ctx, changePasswordSchema), meta(ctx));
    if (loggedOut) clearAuthCookie(ctx);
    ok(ctx, { loggedOut }, 'passwordChanged');
  });
  /** Export, import and bot download ask for the export password (SPEC §5). */
  r.post('/export-password/check', authed, async (ctx) => {
    await checkPassword(deps, authOf(ctx), 'export', body(ctx, checkPasswordSchema).password, meta(ctx));
    ok(ctx);
  });
  return r;
}
