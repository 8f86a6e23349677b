// Seat administration's routes (menus dialcenter/seatsmanage and dialcenter/seatsdialdata), added to
// the seats router (../routes.ts): seat groups and seats, the accounts that can work a seat, per-seat
// figures. HTTP only.
import type Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { requireTypedDelete } from '../../../http/confirm';
import { ok } from '../../../http/envelope';
import { body, idParam, query } from '../../../http/validate';
import { seatFigures } from './figures';
import { listGroups, seatUsers } from './repo';
import { figuresSchema, groupSchema, listSchema, seatSchema } from './schema';
import {
  createGroup,
  createSeat,
  editGroup,
  editSeat,
  listSeatDtos,
  removeGroup,
  removeSeat,
} from './service';

export function addAdminRoutes(r: Router, deps: Deps): void {
  const manage = requireMenu('dialcenter/seatsmanage');
  const figures = requireMenu('dialcenter/seatsdialdata');

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
}
