// Reminders falling due: a `crm` repeatable job ticks every 30 s. One repeatable job instead of one
// delayed job per reminder: nothing to cancel or move when a reminder is handled or its customer
// deleted, and a restart or an outage only delays pushes (the next tick catches up) — at most 30 s
// late. Each due reminder goes live to its owner ('reminder:due'), into the header bell (a system
// notice), and onto the customer's timeline (a system record, contact method 501).
import { NoticeType } from '../../../../../domain/codes';
import { ContactMethod, RecordType, type FollowUpDto } from '../../../../../domain/crm';
import { Events } from '../../../../../domain/events';
import type { Deps } from '../../../deps';
import { log } from '../../../../../platform/log';
import { notify } from '../../notices/service';
import { claimDueReminders, insertRecords } from './repo';

/** Claims one batch and writes its timeline records in one transaction: all or nothing. */
async function claimBatch(deps: Deps): Promise<{ due: FollowUpDto[]; names: Map<number, string> }> {
  return deps.db.transaction(async (trx) => {
    const due = await claimDueReminders(trx);
    if (!due.length) return { due, names: new Map() };
    const customers: { id: string; name: string; stage: number }[] = await trx('customers')
      .whereIn(
        'id',
        due.map((r) => r.customerId),
      )
      .select('id', 'name', 'stage');
    const byId = new Map(customers.map((c) => [Number(c.id), c]));
    await insertRecords(
      trx,
      due.map((r) => ({
        accountId: r.accountId,
        customerId: r.customerId,
        recordType: RecordType.FollowUp,
        stage: byId.get(r.customerId)?.stage ?? r.stage,
        contactMethod: ContactMethod.SysReminder,
        details: r.details,
        remindAt: null,
      })),
    );
    return { due, names: new Map(customers.map((c) => [Number(c.id), c.name])) };
  });
}

export async function pushDueReminders(deps: Deps): Promise<{ pushed: number }> {
  let pushed = 0;
  for (;;) {
    const { due, names } = await claimBatch(deps);
    if (!due.length) return { pushed };
    for (const r of due) {
      deps.live.toUser(r.accountId, Events.ReminderDue, r);
      try {
        const who = names.get(r.customerId) || `#${r.customerId}`;
        await notify(deps, {
          accountId: r.accountId,
          type: NoticeType.System,
          // The title in the viewer's language; the details as the person typed them, or for a
          // callback the customer asked for on a call, their words in the viewer's language's frame.
          titleKey: 'reminder.title',
          ...(r.callId === null ? {} : { bodyKey: 'reminder.callbackBody' as const }),
          params: r.callId === null ? { who } : { who, sentence: r.details },
          content: r.details,
        });
      } catch (e) {
        // The live push already went out; a lost bell entry must not stop the other reminders.
        log.error('reminder notice failed', { id: r.id, err: String(e) });
      }
      pushed++;
    }
  }
}
