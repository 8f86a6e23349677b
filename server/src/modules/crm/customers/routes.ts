import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { badRequest, notFound } from '../../../http/errors';
import { body, idParam, query } from '../../../http/validate';
import { phoneHash } from '../../../../../platform/secrets';
import { UUID } from '../../testCalls/schema';
import { allocate } from './allocate';
import { customerCall, customerCalls } from './calls';
import { presentCustomer } from './presenters';
import { inSubtree, listPage, tagIdsOf } from './repo';
import {
  allocateSchema,
  assignTagsSchema,
  createCustomerSchema,
  customerCallsSchema,
  deleteCustomersSchema,
  focusSchema,
  listCustomersSchema,
  updateCustomerSchema,
} from './schema';
import {
  assignTags,
  createCustomer,
  deleteCustomers,
  getCustomer,
  markCustomer,
  updateCustomer,
} from './service';

// My customers (issue 3 items 1, 2 and 6). Fixed paths are declared before `/:id` ones.
export function customersRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm/customers' });
  r.use(requireMenu('crm/mycustomer'));
  const hash = (digits: string) => phoneHash(deps.config.secretKey, digits);

  r.get('/', async (ctx) => {
    const q = query(ctx, listCustomersSchema);
    const { actor } = authOf(ctx);
    if (q.ownerId && !(await inSubtree(deps.db, actor, q.ownerId))) throw notFound();
    const { rows, next } = await listPage(deps.db, actor, q, hash);
    const tags = await tagIdsOf(
      deps.db,
      rows.map((row) => Number(row.id)),
    );
    ok(ctx, { items: rows.map((row) => presentCustomer(row, tags.get(Number(row.id)))), next });
  });
  r.post('/', async (ctx) =>
    ok(ctx, await createCustomer(deps, authOf(ctx), body(ctx, createCustomerSchema))),
  );
  r.post('/delete', async (ctx) =>
    ok(ctx, await deleteCustomers(deps, authOf(ctx), body(ctx, deleteCustomersSchema).ids)),
  );
  r.post('/tags', async (ctx) => ok(ctx, await assignTags(deps, authOf(ctx), body(ctx, assignTagsSchema))));
  r.post('/allocate', async (ctx) => ok(ctx, await allocate(deps, authOf(ctx), body(ctx, allocateSchema))));
  r.get('/:id', async (ctx) => ok(ctx, await getCustomer(deps.db, authOf(ctx), idParam(ctx))));
  r.put('/:id', async (ctx) =>
    ok(ctx, await updateCustomer(deps, authOf(ctx), idParam(ctx), body(ctx, updateCustomerSchema))),
  );
  r.post('/:id/focus', async (ctx) =>
    ok(ctx, await markCustomer(deps, authOf(ctx), idParam(ctx), body(ctx, focusSchema))),
  );
  r.post('/:id/read', async (ctx) =>
    ok(ctx, await markCustomer(deps, authOf(ctx), idParam(ctx), { read: true })),
  );
  // The customer's calls (newest first) and one of them with its transcript and voices.
  r.get('/:id/calls', async (ctx) =>
    ok(ctx, await customerCalls(deps, authOf(ctx), idParam(ctx), query(ctx, customerCallsSchema))),
  );
  r.get('/:id/calls/:uuid', async (ctx) => {
    const id = idParam(ctx);
    const uuid = (ctx.params as { uuid: string }).uuid;
    if (!UUID.test(uuid)) throw badRequest('badRequest', { errors: [{ path: 'uuid', message: 'uuid' }] });
    ok(ctx, await customerCall(deps, authOf(ctx), id, uuid.toLowerCase()));
  });
  return r;
}
