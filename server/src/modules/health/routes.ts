// GET /api/health. Anyone may ask whether the platform is up (ok/degraded); the details (hosts,
// pids, queue depths, errors) go only to a super administrator's session or to a caller on this
// machine (a monitor on loopback), never to the anonymous internet (issue 21).
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { AUTH_COOKIE, bearer } from '../../http/auth';
import { authenticate } from '../auth/sessions';
import { healthReport } from './check';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A request from this machine itself; a forwarded one (a proxy on loopback) is not, unless the
 *  proxy is trusted and so `ctx.ip` is the client it names. */
const fromLoopback = (ctx: Context, trustProxy: boolean) =>
  LOOPBACK.test(ctx.ip) && (trustProxy || !ctx.get('x-forwarded-for'));

async function mayReadDetails(deps: Deps, ctx: Context): Promise<boolean> {
  if (fromLoopback(ctx, deps.config.trustProxy)) return true;
  const r = await authenticate(deps.db, deps.config, ctx.cookies.get(AUTH_COOKIE), bearer(ctx)).catch(
    () => null,
  );
  return Boolean(r?.ok && r.auth.actor.level === 0);
}

export function healthRoutes(deps: Deps): Router {
  const r = new Router();
  r.get('/health', async (ctx) => {
    const report = await healthReport(deps);
    // 503 only when this server cannot serve (its database or Redis): a FreeSWITCH node down is
    // 'degraded' but a load balancer must not take the servers out for it.
    const up = report.postgres.ok && report.redis.ok;
    ctx.status = up ? 200 : 503;
    const data = (await mayReadDetails(deps, ctx)) ? report : { status: report.status };
    ctx.body = { code: up ? 200 : 503, message: report.status, data };
  });
  return r;
}
