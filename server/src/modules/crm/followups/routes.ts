// Follow-ups of a customer (menu crm/mycustomer) and the caller's work reminders (crm/workremain).
import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { body, idParam, query } from '../../../http/validate';
import { findWorkableCustomer, handleOwnReminder, listOwnReminders, listTimeline } from './repo';
import { createFollowUpSchema, listRemindersSchema, timelineSchema } from './schema';
import { addFollowUp } from './service';

const nextBefore = (items: { id: number }[], limit: number) =>
  items.length === limit ? items[items.length - 1]!.id : null;

export function followUpsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm' });
  const customers = requireMenu('crm/mycustomer');
  const reminders = requireMenu('crm/workremain');

  r.get('/customers/:id/follow-ups', customers, async (ctx) => {
    const id = idParam(ctx);
    const q = query(ctx, timelineSchema);
    if (!(await findWorkableCustomer(deps.db, authOf(ctx).actor, id))) throw notFound();
    const items = await listTimeline(deps.db, id, q.limit, q.before);
    ok(ctx, { items, nextBefore: nextBefore(items, q.limit) });
  });
  r.post('/customers/:id/follow-ups', customers, async (ctx) =>
    ok(ctx, await addFollowUp(deps, authOf(ctx), idParam(ctx), body(ctx, createFollowUpSchema))),
  );

  r.get('/reminders', reminders, async (ctx) => {
    const q = query(ctx, listRemindersSchema);
    const items = await listOwnReminders(deps.db, authOf(ctx).actor, q);
    ok(ctx, { items, nextBefore: nextBefore(items, q.limit) });
  });
  r.post('/reminders/:id/handle', reminders, async (ctx) => {
    const row = await handleOwnReminder(deps.db, authOf(ctx).actor, idParam(ctx));
    if (!row) throw notFound();
    ok(ctx, row);
  });
  return r;
}
