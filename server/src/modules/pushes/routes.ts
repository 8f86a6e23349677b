// /api/pushes (menu set/apiandpush): the caller's push addresses, its task push secret, the
// delivery log, and the platform's private-target switch. HTTP only.
import Router from '@koa/router';
import { PUSH_MENU } from '../../../../domain/pushes';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { requireTypedDelete } from '../../http/confirm';
import { ok } from '../../http/envelope';
import { body, idParam, query } from '../../http/validate';
import { listAddresses, listDeliveries } from './repo';
import { addressSchema, deliveriesQuery, platformSchema } from './schema';
import * as service from './service';

export function pushesRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/pushes' });
  const menu = requireMenu(PUSH_MENU);

  r.get('/addresses', menu, async (ctx) => ok(ctx, await listAddresses(deps.db, authOf(ctx).actor)));
  r.post('/addresses', menu, async (ctx) =>
    ok(ctx, await service.createAddress(deps, authOf(ctx), body(ctx, addressSchema))),
  );
  r.put('/addresses/:id', menu, async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await service.updateAddress(deps, authOf(ctx), id, body(ctx, addressSchema)));
  });
  r.delete('/addresses/:id', menu, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await service.removeAddress(deps, authOf(ctx), id);
    ok(ctx);
  });
  r.post('/addresses/:id/rotate', menu, async (ctx) =>
    ok(ctx, await service.rotateSecret(deps, authOf(ctx), idParam(ctx))),
  );
  r.post('/addresses/:id/test', menu, async (ctx) =>
    ok(ctx, await service.testPush(deps, authOf(ctx), idParam(ctx))),
  );

  r.get('/task-secret', menu, async (ctx) => ok(ctx, await service.taskSecret(deps, authOf(ctx))));
  r.post('/task-secret/rotate', menu, async (ctx) =>
    ok(ctx, await service.rotateTaskSecret(deps, authOf(ctx))),
  );

  r.get('/deliveries', menu, async (ctx) => {
    const q = query(ctx, deliveriesQuery);
    const items = await listDeliveries(deps.db, authOf(ctx).actor, q);
    ok(ctx, { items, nextBefore: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.post('/deliveries/:id/retry', menu, async (ctx) =>
    ok(ctx, await service.retryDelivery(deps, authOf(ctx), idParam(ctx))),
  );

  r.get('/platform', menu, async (ctx) => ok(ctx, await service.platform(deps, authOf(ctx))));
  r.put('/platform', menu, async (ctx) =>
    ok(ctx, await service.setPlatform(deps, authOf(ctx), body(ctx, platformSchema).allowPrivateTargets)),
  );
  return r;
}
