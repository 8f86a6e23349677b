import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requireTypedDelete } from '../../http/confirm';
import { notFound } from '../../http/errors';
import { body, idParam, query } from '../../http/validate';
import { presentAccount } from './presenters';
import { findBelow, listBelow } from './repo';
import { deleteSubordinate, resetSubordinatePassword } from './lifecycle';
import { createAccountSchema, listAccountsSchema, resetPasswordSchema, updateAccountSchema } from './schema';
import { createSubordinate, updateSubordinate } from './service';

export function accountsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/accounts' });
  r.use(requireMenu('system/usermanagemain'));
  r.get('/', async (ctx) => {
    const q = query(ctx, listAccountsSchema);
    const rows = await listBelow(deps.db, authOf(ctx).actor, q);
    const items = rows.map(presentAccount);
    ok(ctx, { items, nextAfterId: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.get('/:id', async (ctx) => {
    const row = await findBelow(deps.db, authOf(ctx).actor, idParam(ctx));
    if (!row) throw notFound();
    ok(ctx, presentAccount(row));
  });
  r.post('/', async (ctx) =>
    ok(ctx, presentAccount(await createSubordinate(deps, authOf(ctx), body(ctx, createAccountSchema)))),
  );
  r.put('/:id', async (ctx) =>
    ok(
      ctx,
      presentAccount(
        await updateSubordinate(deps, authOf(ctx), idParam(ctx), body(ctx, updateAccountSchema)),
      ),
    ),
  );
  r.post('/:id/password', async (ctx) => {
    const id = idParam(ctx);
    await resetSubordinatePassword(deps, authOf(ctx), id, body(ctx, resetPasswordSchema).password);
    ok(ctx, null);
  });
  r.delete('/:id', async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await deleteSubordinate(deps, authOf(ctx), id);
    ok(ctx, null);
  });
  return r;
}
