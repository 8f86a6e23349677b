// Supervisor wallboard (issue 7, menu rootsidebarmain/robotui). HTTP only; everything after the
// snapshot arrives over the socket (the account:<id> rooms it lists, call:<uuid> for a transcript).
// GET /?accountId=   the snapshot of the caller's subtree or of a sub-account's (another tree: 404)
// GET /rooms?accountId=   the account:<id> rooms to join before the snapshot (late joiner)
// GET /merchants     the merchants the caller may pick (the super administrator's selector)
// GET /calls/:uuid/lines   a call's transcript so far (then call:line / call:partial in its room)
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parse, query } from '../../http/validate';
import { callParamSchema, wallViewSchema } from './schema';
import { merchants, transcript, viewedActor, wallRooms, wallSnapshot } from './service';

export function wallboardRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/wallboard' });
  r.use(requireMenu('rootsidebarmain/robotui'));
  r.get('/', async (ctx) => {
    const { accountId } = query(ctx, wallViewSchema);
    ok(ctx, await wallSnapshot(deps, await viewedActor(deps, authOf(ctx).actor, accountId)));
  });
  r.get('/rooms', async (ctx) => {
    const { accountId } = query(ctx, wallViewSchema);
    ok(ctx, await wallRooms(deps, await viewedActor(deps, authOf(ctx).actor, accountId)));
  });
  r.get('/merchants', async (ctx) => ok(ctx, await merchants(deps, authOf(ctx).actor)));
  r.get('/calls/:uuid/lines', async (ctx) => {
    const { uuid } = parse(ctx, callParamSchema, ctx.params);
    ok(ctx, await transcript(deps, authOf(ctx).actor, uuid));
  });
  return r;
}
