import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { body, idParam, query } from '../../../http/validate';
import { listGroups, listTags } from './repo';
import { groupSchema, listTagsSchema, tagSchema } from './schema';
import { removeOwned, upsertGroup, upsertTag } from './service';

// Tags and tag groups of the customer center (issue 3 item 2).
export function tagsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm' });
  r.use(requireMenu('crm/mycustomer'));
  r.get('/tag-groups', async (ctx) => ok(ctx, await listGroups(deps.db, authOf(ctx).actor)));
  r.post('/tag-groups', async (ctx) => ok(ctx, await upsertGroup(deps, authOf(ctx), body(ctx, groupSchema))));
  r.put('/tag-groups/:id', async (ctx) =>
    ok(ctx, await upsertGroup(deps, authOf(ctx), body(ctx, groupSchema), idParam(ctx))),
  );
  r.delete('/tag-groups/:id', async (ctx) => {
    await removeOwned(deps, authOf(ctx), 'tag_groups', idParam(ctx));
    ok(ctx);
  });
  r.get('/tags', async (ctx) =>
    ok(ctx, await listTags(deps.db, authOf(ctx).actor, query(ctx, listTagsSchema).groupId)),
  );
  r.post('/tags', async (ctx) => ok(ctx, await upsertTag(deps, authOf(ctx), body(ctx, tagSchema))));
  r.put('/tags/:id', async (ctx) =>
    ok(ctx, await upsertTag(deps, authOf(ctx), body(ctx, tagSchema), idParam(ctx))),
  );
  r.delete('/tags/:id', async (ctx) => {
    await removeOwned(deps, authOf(ctx), 'tags', idParam(ctx));
    ok(ctx);
  });
  return r;
}
