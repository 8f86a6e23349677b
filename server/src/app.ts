// The Koa application: /api (envelope, JSON body, public and authenticated routes) and the client.
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Deps } from './deps';
import { requireAuth } from './http/auth';
import { envelope } from './http/envelope';
import { AppError } from './http/errors';
import { Code } from '../../domain/api';
import { securityHeaders } from './http/securityHeaders';
import { staticClient } from './http/staticClient';
import { accountsRoutes } from './modules/accounts/routes';
import { accountInfoRoutes } from './modules/accounts/infoRoutes';
import { crmRoutes } from './modules/crm/routes';
import { botsRoutes } from './modules/bots/routes';
import { testCallsRoutes } from './modules/testCalls/routes';
import { callRecordsRoutes } from './modules/callrecords/routes';
import { shieldsRoutes } from './modules/shields/routes';
import { dialcenterRoutes } from './modules/dialcenter/routes';
import { fsapiRoutes } from './modules/dialcenter/fsapi';
import { settingsRoutes } from './modules/settings/routes';
import { authRoutes } from './modules/auth/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { reportsRoutes } from './modules/reports/routes';
import { healthRoutes } from './modules/health/routes';
import { noticesRoutes } from './modules/notices/routes';
import { rolesRoutes } from './modules/roles/routes';
import { tasksRoutes } from './modules/tasks/routes';
import { pushesRoutes } from './modules/pushes/routes';
import { financeRoutes } from './modules/finance/routes';
import { seatsRoutes } from './modules/seats/routes';
import { softphoneRoutes } from './modules/softphone/routes';
import { wallboardRoutes } from './modules/wallboard/routes';
import { scenesRoutes } from './modules/scenes/routes';
import { merchantsRoutes } from './modules/merchants/routes';
import { platformPanelRoutes } from './modules/platformPanel/routes';

export function createApp(deps: Deps): Koa {
  const app = new Koa();
  app.proxy = deps.config.trustProxy;
  // Only the addresses our own proxies appended count: ctx.ip is the one the outermost saw.
  app.maxIpsCount = deps.config.trustProxyHops;
  app.silent = true;

  app.use(securityHeaders);

  const api = apiRouter(deps);

  // Everything under /api, unknown paths included, answers with the envelope.
  const apiRoutes = api.routes();
  app.use(async (ctx, next) => {
    if (!/^\/api(\/|$)/.test(ctx.path)) return next();
    await envelope(ctx, () => apiRoutes(ctx as never, async () => undefined));
  });
  // FreeSWITCH's mod_xml_curl (outside /api: no session, HTTP Basic, XML replies).
  app.use(fsapiRoutes(deps).routes());
  app.use(staticClient(deps.config.clientDist));
  return app;
}

/** Every /api route (public and authenticated); exported so a test can walk its routes. */
export function apiRouter(deps: Deps): Router {
  const api = new Router({ prefix: '/api' });
  api.use(
    bodyParser({
      enableTypes: ['json'],
      // DELETE too: deletes carry the typed `delete` confirmation (SPEC §5) as a JSON body.
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      // A bot document may be 2 MB (SPEC-sized editors); everything else is far smaller.
      jsonLimit: '3mb',
      encoding: 'utf-8',
      onError: (err) => {
        const e = err as { status?: number };
        throw e.status === 413 ? err : new AppError(Code.BadRequest, 400, 'invalidJson');
      },
    }),
  );
  api.use(healthRoutes(deps).routes());
  api.use(authRoutes(deps).routes());

  const authed = new Router();
  authed.use(requireAuth(deps));
  for (const r of [
    accountsRoutes(deps),
    accountInfoRoutes(deps),
    rolesRoutes(deps),
    noticesRoutes(deps),
    dashboardRoutes(deps),
    reportsRoutes(deps),
    ...crmRoutes(deps),
    ...botsRoutes(deps),
    dialcenterRoutes(deps),
    settingsRoutes(deps),
    tasksRoutes(deps),
    testCallsRoutes(deps),
    pushesRoutes(deps),
    callRecordsRoutes(deps),
    shieldsRoutes(deps),
    financeRoutes(deps),
    seatsRoutes(deps),
    softphoneRoutes(deps),
    wallboardRoutes(deps),
    scenesRoutes(deps),
    merchantsRoutes(deps),
    platformPanelRoutes(deps),
  ])
    authed.use(r.routes());
  api.use(authed.routes());
  return api;
}
