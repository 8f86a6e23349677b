import Router from '@koa/router';
import { z } from 'zod';
import { NOTICE_TYPES, SYSTEM_NOTICE_TYPES } from '../../../../domain/codes';
import type { Deps } from '../../deps';
import { scoped } from '../../db/scope';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { body, idParam, query } from '../../http/validate';
import { listOwn, markRead } from './repo';
import { notify } from './service';

const listSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  beforeId: z.coerce.number().int().positive().optional(),
});
const createSchema = z.object({
  accountId: z.number('validation.required').int().positive(),
  type: z
    .number('validation.required')
    .refine((t) => (NOTICE_TYPES as readonly number[]).includes(t), 'validation.invalid')
    // Recharge, low balance and system notices come from the platform only: a user could otherwise
    // dress its own message up as one (to itself or to a subordinate).
    .refine((t) => !(SYSTEM_NOTICE_TYPES as readonly number[]).includes(t), 'notices.systemType'),
  title: z.string('validation.required').trim().min(1, 'validation.required').max(200),
  content: z.string().max(5000).default(''),
});

export function noticesRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/notices' });
  r.get('/', async (ctx) => {
    const q = query(ctx, listSchema);
    ok(ctx, await listOwn(deps.db, authOf(ctx).account.id, q.limit, q.beforeId));
  });
  r.post('/:id/read', async (ctx) => {
    const n = await markRead(deps.db, authOf(ctx).account.id, idParam(ctx));
    ok(ctx, { updated: n });
  });
  // Sending a notice to an account of one's subtree: part of managing users.
  r.post('/', requireMenu('system/usermanagemain'), async (ctx) => {
    const v = body(ctx, createSchema);
    const target = await scoped(deps.db('accounts'), deps.db, authOf(ctx).actor, 'id')
      .where('id', v.accountId)
      .first('id');
    if (!target) throw notFound();
    ok(ctx, await notify(deps, v));
  });
  return r;
}
