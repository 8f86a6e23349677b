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
} from './schema';
import {
  changePassword,
  checkPassword,
  forgot,
  login,
  register,
  resetPassword,
  type ClientMeta,
} from './service';
import { revokeSessions } from './sessions';

const meta = (ctx: Context): ClientMeta => ({
  ip: ctx.ip,
  userAgent: ctx.get('user-agent'),
  lang: langOf(ctx),
});

export function authRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/auth' });
  const secure = (ctx: Context) => ctx.secure || deps.config.publicUrl.startsWith('https:');

  r.post('/login', async (ctx) => {
    const { account, session, menus } = await login(deps, body(ctx, loginSchema), meta(ctx));
    setAuthCookie(ctx, secure(ctx), session.cookie, session.maxAgeMs);
    const reply: LoginResponse = {
      user: { token: session.header, username: account.account, headImgUrl: account.head_img_url },
      me: presentMe(account, menus),
    };
    ok(ctx, reply);
  });
  r.post('/register', async (ctx) =>
    ok(ctx, await register(deps, body(ctx, registerSchema), meta(ctx)), 'registered'),
  );
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
