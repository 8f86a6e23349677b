// Seats (menus dialcenter/seatsmanage and dialcenter/seatsdialdata): seat groups and seats, the
// accounts that can work a seat, per-seat figures, and the desk (a seat's own user switches its state:
// that needs no menu, being the seat's user is the permission). HTTP only.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { requireTypedDelete } from '../../http/confirm';
import { ok } from '../../http/envelope';
import { body, idParam, query } from '../../http/validate';
import { addDeskRoutes } from './deskRoutes';
import { seatFigures } from './figures';
import { listGroups, seatUsers } from './repo';
import { figuresSchema, groupSchema, listSchema, seatSchema, stateSchema } from './schema';
import {
  createGroup,
  createSeat,
  editGroup,
  editSeat,
  listSeatDtos,
  mySeats,
  removeGroup,
  removeSeat,
  seatState,
  switchState,
} from './service';

export function seatsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/seats' });
  const manage = requireMenu('dialcenter/seatsmanage');
  const figures = requireMenu('dialcenter/seatsdialdata');

  // ---- the desk ----
  r.get('/mine', async (ctx) => ok(ctx, await mySeats(deps, authOf(ctx))));
  r.get('/:id/state', async (ctx) => ok(ctx, await seatState(deps, authOf(ctx), idParam(ctx))));
  r.put('/:id/state', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await switchState(deps, authOf(ctx), id, body(ctx, stateSchema)));
  });
  // The seat desk page: current call, disposition, quick follow-up, recent calls (deskRoutes.ts).
  addDeskRoutes(r, deps);

  // ---- figures ----
  r.get('/figures', figures, async (ctx) =>
    ok(ctx, await seatFigures(deps, authOf(ctx), query(ctx, figuresSchema))),
  );

  // ---- groups ----
  r.get('/groups', manage, async (ctx) => ok(ctx, await listGroups(deps.db, authOf(ctx).actor)));
  r.post('/groups', manage, async (ctx) =>
    ok(ctx, await createGroup(deps, authOf(ctx), body(ctx, groupSchema))),
  );
  r.put('/groups/:id', manage, async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await editGroup(deps, authOf(ctx), id, body(ctx, groupSchema)));
  });
  r.delete('/groups/:id', manage, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeGroup(deps, authOf(ctx), id);
    ok(ctx);
  });

  // ---- seats ----
  r.get('/users', manage, async (ctx) => ok(ctx, await seatUsers(deps.db, authOf(ctx).actor)));
  r.get('/', manage, async (ctx) =>
    ok(ctx, await listSeatDtos(deps, authOf(ctx), query(ctx, listSchema).groupId)),
  );
  r.post('/', manage, async (ctx) => ok(ctx, await createSeat(deps, authOf(ctx), body(ctx, seatSchema))));
  r.put('/:id', manage, async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await editSeat(deps, authOf(ctx), id, body(ctx, seatSchema)));
  });
  r.delete('/:id', manage, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeSeat(deps, authOf(ctx), id);
    ok(ctx);
  });
  return r;
}
