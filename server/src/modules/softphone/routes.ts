// The web softphone (personal center, SPEC §2 "web softphone with dial records"): the caller's own
// extension and where to register it, and its dial records. No menu: working an extension seat is the
// permission (like the seat desk). HTTP only.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { body, idParam, query } from '../../http/validate';
import { answerSchema, finishSchema, listSchema, startSchema } from './schema';
import { answerCall, finish, myCalls, softphoneConfig, startCall } from './service';

export function softphoneRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/softphone' });
  r.get('/config', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ok(ctx, await softphoneConfig(deps, authOf(ctx), { hostname: ctx.hostname, secure: ctx.secure }));
  });
  r.get('/calls', async (ctx) => ok(ctx, await myCalls(deps, authOf(ctx), query(ctx, listSchema).limit)));
  r.post('/calls', async (ctx) => ok(ctx, await startCall(deps, authOf(ctx), body(ctx, startSchema))));
  r.put('/calls/:id/answer', async (ctx) => {
    const id = idParam(ctx);
    body(ctx, answerSchema);
    ok(ctx, await answerCall(deps, authOf(ctx), id));
  });
  r.put('/calls/:id', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await finish(deps, authOf(ctx), id, body(ctx, finishSchema)));
  });
  return r;
}
