// Dial center: SIP lines (SPEC §3 Line) and voice gateways (SPEC §3 Sip gateway), menu
// system/dockset (the line page; /dialcenter/callout shows outbound call records). HTTP only: parse, authorize, call the service, shape the reply.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { body, idParam } from '../../http/validate';
import { requireTypedDelete } from '../../http/confirm';
import { listLines } from './repo';
import { assignSchema, enableSchema, gatewaySchema, lineSchema } from './schema';
import {
  assignLine,
  assignmentOptions,
  createLine,
  enableLine,
  gatewaysOf,
  removeGateway,
  removeLine,
  updateLine,
  upsertGateway,
} from './service';

export function dialcenterRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/dialcenter' });
  r.use(requireMenu('system/dockset'));

  r.get('/lines', async (ctx) => ok(ctx, await listLines(deps.db, authOf(ctx).actor)));
  r.post('/lines', async (ctx) => ok(ctx, await createLine(deps, authOf(ctx), body(ctx, lineSchema(true)))));
  r.put('/lines/:id', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await updateLine(deps, authOf(ctx), id, body(ctx, lineSchema(false))));
  });
  r.post('/lines/:id/enable', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await enableLine(deps, authOf(ctx), id, body(ctx, enableSchema).enabled));
  });
  r.delete('/lines/:id', async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeLine(deps, authOf(ctx), id);
    ok(ctx);
  });
  r.get('/lines/:id/assignments', async (ctx) =>
    ok(ctx, await assignmentOptions(deps, authOf(ctx), idParam(ctx))),
  );
  r.put('/lines/:id/assignments', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await assignLine(deps, authOf(ctx), id, body(ctx, assignSchema).accountIds));
  });

  r.get('/gateways', async (ctx) => ok(ctx, await gatewaysOf(deps, authOf(ctx))));
  r.post('/gateways', async (ctx) =>
    ok(ctx, await upsertGateway(deps, authOf(ctx), body(ctx, gatewaySchema(true)))),
  );
  r.put('/gateways/:id', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await upsertGateway(deps, authOf(ctx), body(ctx, gatewaySchema(false)), id));
  });
  r.delete('/gateways/:id', async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeGateway(deps, authOf(ctx), id);
    ok(ctx);
  });
  return r;
}
