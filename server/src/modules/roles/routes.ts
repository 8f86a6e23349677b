import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { body, idParam } from '../../http/validate';
import { assignableRoles } from './repo';
import { saveRoleSchema } from './schema';
import { removeRole, upsertRole } from './service';
import { requireTypedDelete } from '../../http/confirm';

export function rolesRoutes(deps: Deps): Router {
  const r = new Router();
  r.get('/menus', (ctx) => ok(ctx, authOf(ctx).menus));
  r.get('/roles', requireMenu('system/rolesmain'), async (ctx) =>
    ok(ctx, await assignableRoles(deps.db, authOf(ctx).actor)),
  );
  r.post('/roles', requireMenu('system/rolesmain'), async (ctx) =>
    ok(ctx, await upsertRole(deps, authOf(ctx), body(ctx, saveRoleSchema))),
  );
  r.put('/roles/:id', requireMenu('system/rolesmain'), async (ctx) =>
    ok(ctx, await upsertRole(deps, authOf(ctx), body(ctx, saveRoleSchema), idParam(ctx))),
  );
  r.delete('/roles/:id', requireMenu('system/rolesmain'), async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeRole(deps, authOf(ctx), id);
    ok(ctx);
  });
  return r;
}
