// The seat desk's routes (/api/seats/:id/desk...), added to the seats router. No menu: being the
// seat's user is the permission; supervisors need the seats menu (service.ts deskSeat).
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../../deps';
import { authOf } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { body, idParam, parse, query } from '../../../http/validate';
import {
  callUuidSchema,
  deskCustomerSchema,
  deskFollowUpSchema,
  dispositionSchema,
  recentSchema,
} from './schema';
import {
  deskCreateCustomer,
  deskCurrent,
  deskFollowUp,
  deskRecent,
  dispose,
  hangupDeskCall,
} from './service';

const uuidParam = (ctx: Context): string =>
  parse(ctx, callUuidSchema, (ctx.params as Record<string, string>).uuid ?? '');

export function addDeskRoutes(r: Router, deps: Deps): void {
  r.get('/:id/desk', async (ctx) => ok(ctx, await deskCurrent(deps, authOf(ctx), idParam(ctx))));
  r.get('/:id/desk/calls', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await deskRecent(deps, authOf(ctx), id, query(ctx, recentSchema)));
  });
  r.post('/:id/desk/calls/:uuid/disposition', async (ctx) => {
    const id = idParam(ctx);
    const uuid = uuidParam(ctx);
    ok(ctx, await dispose(deps, authOf(ctx), id, uuid, body(ctx, dispositionSchema)));
  });
  r.post('/:id/desk/calls/:uuid/hangup', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await hangupDeskCall(deps, authOf(ctx), id, uuidParam(ctx)));
  });
  r.post('/:id/desk/calls/:uuid/follow-ups', async (ctx) => {
    const id = idParam(ctx);
    const uuid = uuidParam(ctx);
    ok(ctx, await deskFollowUp(deps, authOf(ctx), id, uuid, body(ctx, deskFollowUpSchema)));
  });
  // A customer made of the call's unknown caller (the number is the server's; 409 once it has one).
  r.post('/:id/desk/calls/:uuid/customer', async (ctx) => {
    const id = idParam(ctx);
    const uuid = uuidParam(ctx);
    ok(ctx, await deskCreateCustomer(deps, authOf(ctx), id, uuid, body(ctx, deskCustomerSchema)));
  });
}
