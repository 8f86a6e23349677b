// /api/merchants (issue 24 item 4): the merchants below the caller, their creation and edits, their
// assignable menus and the settlement lock. The menu bussinesscentral/merchant is required.
import Router from '@koa/router';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { body, idParam, query } from '../../http/validate';
import { createAccountSchema, updateAccountSchema } from '../accounts/schema';
import { grantableMenus } from '../roles/service';
import { listMerchants } from './repo';
import { listMerchantsSchema, lockSchema, merchantExtrasSchema } from './schema';
import { createMerchant, setSettlementLock, updateMerchant } from './service';
import { findMerchant } from './repo';
import { notFound } from '../../http/errors';

// The account fields and the merchant's extras in one body, every field's problem reported at once.
const createSchema = z.intersection(
  z.preprocess((v) => (v && typeof v === 'object' ? { ...v, level: 2 } : v), createAccountSchema),
  merchantExtrasSchema,
);
const updateSchema = z.intersection(updateAccountSchema, merchantExtrasSchema);

const split = <T extends Record<string, unknown>>(v: T) => {
  const { ratePerMinFen, settlementMethod, assignableMenus, ...account } = v;
  return { account, extras: { ratePerMinFen, settlementMethod, assignableMenus } } as {
    account: Omit<T, 'ratePerMinFen' | 'settlementMethod' | 'assignableMenus'>;
    extras: z.infer<typeof merchantExtrasSchema>;
  };
};

export function merchantsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/merchants' });
  r.use(requireMenu('bussinesscentral/merchant'));
  r.get('/', async (ctx) => {
    const q = query(ctx, listMerchantsSchema);
    const items = await listMerchants(deps.db, authOf(ctx).actor, q);
    ok(ctx, { items, nextAfterId: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  // The menus the caller may open to a merchant's subtree (the assignable menus' choices).
  r.get('/grantable-menus', async (ctx) => ok(ctx, await grantableMenus(deps, authOf(ctx))));
  r.get('/:id', async (ctx) => {
    const m = await findMerchant(deps.db, authOf(ctx).actor, idParam(ctx));
    if (!m) throw notFound();
    ok(ctx, m);
  });
  r.post('/', async (ctx) => {
    const { account, extras } = split(body(ctx, createSchema));
    ok(ctx, await createMerchant(deps, authOf(ctx), account, extras));
  });
  r.put('/:id', async (ctx) => {
    const id = idParam(ctx);
    const { account, extras } = split(body(ctx, updateSchema));
    ok(ctx, await updateMerchant(deps, authOf(ctx), id, account, extras));
  });
  r.put('/:id/settlement-lock', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await setSettlementLock(deps, authOf(ctx), id, body(ctx, lockSchema)));
  });
  return r;
}
