// Shields and caps (menus dialcenter/callblackmanage and dialcenter/dayshieldmanage): the call
// blacklist, the day shield with its rules, and the account's dialing defaults, caps and the
// concurrency quotas of its subordinates. HTTP only.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { requireTypedDelete } from '../../http/confirm';
import { ok } from '../../http/envelope';
import { body, idParam, query } from '../../http/validate';
import { listBlacklist, listShields } from './repo';
import {
  addBlacklistSchema,
  addShieldSchema,
  dialDefaultsSchema,
  listSchema,
  quotaSchema,
  removeManySchema,
  rulesSchema,
} from './schema';
import {
  addShield,
  addToBlacklist,
  importBlacklist,
  quotasOf,
  removeFromBlacklist,
  removeShield,
  searchOf,
  setDefaults,
  setQuota,
  setShieldLevels,
  settingsDto,
  todayOf,
} from './service';

export function shieldsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/shields' });
  const black = requireMenu('dialcenter/callblackmanage');
  const shield = requireMenu('dialcenter/dayshieldmanage');

  // ---- call blacklist ----
  r.get('/blacklist', black, async (ctx) => {
    const q = query(ctx, listSchema);
    const items = await listBlacklist(deps.db, authOf(ctx).actor, {
      search: searchOf(deps, q.phone),
      limit: q.limit,
      before: q.before,
    });
    ok(ctx, { items, nextBefore: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.post('/blacklist', black, async (ctx) => {
    const v = body(ctx, addBlacklistSchema);
    ok(ctx, await addToBlacklist(deps, authOf(ctx), v.phone, v.reason));
  });
  r.post('/blacklist/import', black, async (ctx) => ok(ctx, await importBlacklist(deps, authOf(ctx), ctx)));
  r.delete('/blacklist', black, async (ctx) => {
    const v = body(ctx, removeManySchema);
    requireTypedDelete(ctx);
    ok(ctx, await removeFromBlacklist(deps, authOf(ctx), v.ids));
  });
  r.delete('/blacklist/:id', black, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    ok(ctx, await removeFromBlacklist(deps, authOf(ctx), [id]));
  });

  // ---- day shield ----
  r.get('/day', shield, async (ctx) => {
    const q = query(ctx, listSchema);
    const auth = authOf(ctx);
    const day = await todayOf(deps, auth);
    const items = await listShields(deps.db, auth.actor, {
      day,
      search: searchOf(deps, q.phone),
      limit: q.limit,
      before: q.before,
    });
    ok(ctx, { day, items, nextBefore: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.post('/day', shield, async (ctx) =>
    ok(ctx, await addShield(deps, authOf(ctx), body(ctx, addShieldSchema).phone)),
  );
  r.delete('/day/:id', shield, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    ok(ctx, await removeShield(deps, authOf(ctx), [id]));
  });
  r.put('/rules', shield, async (ctx) =>
    ok(ctx, await setShieldLevels(deps, authOf(ctx), body(ctx, rulesSchema).levels)),
  );

  // ---- dialing defaults and caps ----
  r.get('/settings', shield, async (ctx) => ok(ctx, await settingsDto(deps, authOf(ctx))));
  r.put('/settings', shield, async (ctx) => {
    const v = body(ctx, dialDefaultsSchema);
    ok(ctx, await setDefaults(deps, authOf(ctx), ctx.request.body, v));
  });
  r.get('/quotas', shield, async (ctx) => ok(ctx, await quotasOf(deps, authOf(ctx))));
  r.put('/quotas/:accountId', shield, async (ctx) => {
    const id = idParam(ctx, 'accountId');
    ok(ctx, await setQuota(deps, authOf(ctx), id, body(ctx, quotaSchema).concurrencyQuota));
  });
  return r;
}
