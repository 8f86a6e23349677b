// /api/finance (issue 6 Billing): call rates of subordinates, recharges, the ledger of the subtree.
// Managing money is part of managing accounts: the accounts menu (system/usermanagemain) is required.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { fieldError, notFound } from '../../http/errors';
import { body, idParam, parse, query } from '../../http/validate';
import { inSubtree, ledgerPage } from './repo';
import { ledgerQuerySchema, rateSchema, rechargeSchema, requestId } from './schema';
import { readRate, recharge, setRate } from './service';

/** The idempotency key: the body's requestId, or the X-Request-Id header. A recharge needs one. */
function requestIdOf(ctx: Context, fromBody: string | undefined): string {
  if (fromBody) return fromBody;
  const header = ctx.get('x-request-id');
  if (!header) throw fieldError('requestId', 'finance.requestId');
  return parse(ctx, requestId, header);
}

export function financeRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/finance' });
  r.use(requireMenu('system/usermanagemain'));

  r.get('/rates/:id', async (ctx) => ok(ctx, await readRate(deps, authOf(ctx), idParam(ctx))));
  r.put('/rates/:id', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await setRate(deps, authOf(ctx), id, body(ctx, rateSchema)));
  });

  r.post('/recharges', async (ctx) => {
    const v = body(ctx, rechargeSchema);
    ok(ctx, await recharge(deps, authOf(ctx), { ...v, requestId: requestIdOf(ctx, v.requestId) }));
  });

  r.get('/ledger', async (ctx) => {
    const q = query(ctx, ledgerQuerySchema);
    const actor = authOf(ctx).actor;
    if (q.accountId && !(await inSubtree(deps.db, actor, q.accountId))) throw notFound();
    ok(ctx, await ledgerPage(deps.db, actor, q));
  });
  return r;
}
