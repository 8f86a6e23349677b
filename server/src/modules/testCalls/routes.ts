import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { badRequest, notFound } from '../../http/errors';
import { body, query } from '../../http/validate';
import { findCall, listCalls } from './repo';
import { listCallsSchema, testCallSchema, UUID } from './schema';
import { startTestCalls } from './service';

// Test calls from the bot pages and the call records they produce (the full call-record pages
// come with the dial center).
export function testCallsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/calls' });
  r.use(requireMenu('bot/botview'));
  r.post('/test', async (ctx) => ok(ctx, await startTestCalls(deps, authOf(ctx), body(ctx, testCallSchema))));
  r.get('/', async (ctx) =>
    ok(ctx, await listCalls(deps.db, authOf(ctx).actor, query(ctx, listCallsSchema))),
  );
  r.get('/:uuid', async (ctx) => {
    const uuid = (ctx.params as { uuid: string }).uuid;
    if (!UUID.test(uuid)) throw badRequest();
    const call = await findCall(deps.db, authOf(ctx).actor, uuid.toLowerCase());
    if (!call) throw notFound();
    ok(ctx, call);
  });
  return r;
}
