// Dashboard (SPEC §2 Dashboard, menu dashboards/rootdashboard). HTTP only.
// GET /summary: balance, lines and the call figures (domain/dashboard.ts DashboardSnapshot) of the
// caller's subtree, or of a sub-account's (`?accountId=`; another tree's id is 404).
// GET /rooms: the sub-accounts whose account:<id> rooms the page joins for live call events.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { query } from '../../http/validate';
import { viewSchema } from './schema';
import { liveRooms, snapshot, viewedActor } from './service';

export function dashboardRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/dashboard' });
  r.use(requireMenu('dashboards/rootdashboard'));
  r.get('/summary', async (ctx) => {
    const { accountId } = query(ctx, viewSchema);
    ok(ctx, await snapshot(deps, await viewedActor(deps, authOf(ctx).actor, accountId)));
  });
  r.get('/rooms', async (ctx) => {
    const { accountId } = query(ctx, viewSchema);
    ok(ctx, await liveRooms(deps, await viewedActor(deps, authOf(ctx).actor, accountId)));
  });
  return r;
}
