// Blacklists (menu system/blackset): the platform list and the caller's own list.
import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { body, query } from '../../../http/validate';
import { addBlacklistSchema, listBlacklistSchema, removeBlacklistSchema } from './schema';
import { addNumbers, entriesOf, removeNumbers } from './service';

export function blacklistRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm/blacklist' });
  const menu = requireMenu('system/blackset');
  r.get('/', menu, async (ctx) => {
    const q = query(ctx, listBlacklistSchema);
    const items = await entriesOf(deps, authOf(ctx), q);
    ok(ctx, { items, nextAfter: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.post('/', menu, async (ctx) =>
    ok(ctx, await addNumbers(deps, authOf(ctx), body(ctx, addBlacklistSchema))),
  );
  r.post('/remove', menu, async (ctx) =>
    ok(ctx, await removeNumbers(deps, authOf(ctx), body(ctx, removeBlacklistSchema).ids)),
  );
  return r;
}
