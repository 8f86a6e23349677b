// The user info page's API (/system/usershow), read-only: the accounts the viewer may look at (its own
// and its subtree's) and one account's info card. Another tree's id is 404.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { idParam, query } from '../../http/validate';
import type { AccountChoice } from '../../../../domain/accountInfo';
import { choicesOf } from './infoRepo';
import { infoChoicesSchema } from './infoSchema';
import { accountInfo } from './infoService';

export function accountInfoRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/account-info' });
  r.use(requireMenu('system/usershow'));
  r.get('/choices', async (ctx) => {
    const q = query(ctx, infoChoicesSchema);
    const rows = await choicesOf(deps.db, authOf(ctx).actor, q);
    const items: AccountChoice[] = rows.map((a: Record<string, unknown>) => ({
      id: Number(a.id),
      account: String(a.account),
      realName: String(a.real_name ?? ''),
      level: Number(a.level) as AccountChoice['level'],
    }));
    ok(ctx, { items, nextAfterId: items.length === q.limit ? items[items.length - 1]!.id : null });
  });
  r.get('/:id', async (ctx) => ok(ctx, await accountInfo(deps, authOf(ctx).actor, idParam(ctx))));
  return r;
}
