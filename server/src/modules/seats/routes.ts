// Seats (menus dialcenter/seatsmanage and dialcenter/seatsdialdata): the one `/seats` router. The
// seat's own user lists its seats and switches their state here and works the desk (desk/routes.ts):
// that needs no menu, being the seat's user is the permission; seat groups, seats, the accounts that
// can work a seat and per-seat figures are administration (admin/routes.ts). HTTP only.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { body, idParam } from '../../http/validate';
import { addAdminRoutes } from './admin/routes';
import { stateSchema } from './admin/schema';
import { mySeats, seatState, switchState } from './admin/service';
import { addDeskRoutes } from './desk/routes';

export function seatsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/seats' });

  // ---- the desk ----
  r.get('/mine', async (ctx) => ok(ctx, await mySeats(deps, authOf(ctx))));
  r.get('/:id/state', async (ctx) => ok(ctx, await seatState(deps, authOf(ctx), idParam(ctx))));
  r.put('/:id/state', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await switchState(deps, authOf(ctx), id, body(ctx, stateSchema)));
  });
  // The seat desk page: current call, disposition, quick follow-up, recent calls (desk/routes.ts).
  addDeskRoutes(r, deps);

  // ---- figures, groups, seats ----
  addAdminRoutes(r, deps);
  return r;
}
