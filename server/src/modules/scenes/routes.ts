// Reception scenes (menu dialcenter/callin): list, form options, create, edit, delete. HTTP only:
// parse, authorize, call the service, shape the reply. The page's inbound records come from
// /api/callrecords?view=callin.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { requireTypedDelete } from '../../http/confirm';
import { ok } from '../../http/envelope';
import { body, idParam } from '../../http/validate';
import { sceneSchema } from './schema';
import { createScene, editScene, removeScene, sceneOptions, scenesOf } from './service';

export function scenesRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/scenes' });
  const menu = requireMenu('dialcenter/callin');
  r.get('/', menu, async (ctx) => ok(ctx, await scenesOf(deps, authOf(ctx))));
  r.get('/options', menu, async (ctx) => ok(ctx, await sceneOptions(deps, authOf(ctx))));
  r.post('/', menu, async (ctx) => ok(ctx, await createScene(deps, authOf(ctx), body(ctx, sceneSchema))));
  r.put('/:id', menu, async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await editScene(deps, authOf(ctx), id, body(ctx, sceneSchema)));
  });
  r.delete('/:id', menu, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeScene(deps, authOf(ctx), id);
    ok(ctx);
  });
  return r;
}
