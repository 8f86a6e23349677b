// The customer sea (menu crm/sea): list, release, claim, settings.
import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { body, query } from '../../../http/validate';
import { seaOwnerOf } from './owner';
import { listSea } from './repo';
import { claimSchema, listSeaSchema, releaseSchema, settingsSchema } from './schema';
import { changeSettings, claim, release, settingsOf } from './service';

export function seaRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm/sea' });
  const menu = requireMenu('crm/sea');
  r.get('/', menu, async (ctx) => {
    const q = query(ctx, listSeaSchema);
    const items = await listSea(deps.db, await seaOwnerOf(deps.db, authOf(ctx).actor), q);
    ok(ctx, { items, nextBefore: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.post('/release', menu, async (ctx) =>
    ok(ctx, await release(deps, authOf(ctx), body(ctx, releaseSchema).customerIds)),
  );
  r.post('/claim', menu, async (ctx) =>
    ok(ctx, await claim(deps, authOf(ctx), body(ctx, claimSchema).customerIds)),
  );
  r.get('/settings', menu, async (ctx) => ok(ctx, await settingsOf(deps, authOf(ctx))));
  r.put('/settings', menu, async (ctx) =>
    ok(ctx, await changeSettings(deps, authOf(ctx), body(ctx, settingsSchema))),
  );
  return r;
}
