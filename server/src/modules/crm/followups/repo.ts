// Follow-up records and reminders (SPEC §3/§4). Customers are reached through the tenant scope;
// reminders are always the caller's own rows.
import type { Knex } from 'knex';
import type { FollowUpDto } from '../../../../../domain/crm';
import { messageOf } from '../../../../../domain/reasons';
import { scoped, type Actor } from '../../../db/scope';

export interface ReminderDto extends FollowUpDto {
  customerName: string;
  /** As stored: clear digits, or the masked form of a hidden number. */
  customerPhone: string;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A follow_ups row as pg returns it (bigint ids as text). */
export interface FollowUpRow {
  id: string;
  account_id: string;
  customer_id: string;
  record_type: 0 | 1;
  stage: number;
  contact_method: number;
  details: string;
  remind_at: Date | null;
  handled_at: Date | null;
  notified_at: Date | null;
  created_at: Date;
  call_id: string | null;
  result_level: number | null;
  /** A ReasonMessage (domain/reasons.ts) on AI-visit records; messageOf checks it. */
  details_message: unknown;
}

/** A reminder: its follow_ups row and its customer's name and stored number. */
interface ReminderRow extends FollowUpRow {
  customer_name: string;
  customer_phone: string;
}

export const presentFollowUp = (r: FollowUpRow): FollowUpDto => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  accountId: Number(r.account_id),
  recordType: r.record_type,
  stage: r.stage,
  contactMethod: r.contact_method,
  details: r.details,
  remindAt: iso(r.remind_at),
  handledAt: iso(r.handled_at),
  createdAt: iso(r.created_at)!,
  callId: r.call_id === null || r.call_id === undefined ? null : Number(r.call_id),
  resultLevel: r.result_level === null || r.result_level === undefined ? null : Number(r.result_level),
  detailsMessage: messageOf(r.details_message),
});

const presentReminder = (r: ReminderRow): ReminderDto => ({
  ...presentFollowUp(r),
  customerName: r.customer_name,
  customerPhone: r.customer_phone,
});

/** A customer of the caller's subtree that is not in the sea; `forUpdate` locks it for a write. */
export function findWorkableCustomer(db: Knex, actor: Actor, id: number, forUpdate = false) {
  return scoped(db('customers'), db, actor)
    .where({ id, in_sea: false })
    .modify((q) => forUpdate && q.forUpdate())
    .first('id', 'stage', 'account_id');
}

/** A customer's timeline, newest first, keyset-paged by id. */
export async function listTimeline(db: Knex, customerId: number, limit: number, before?: number) {
  const rows = await db('follow_ups')
    .where({ customer_id: customerId })
    .modify((q) => before && q.where('id', '<', before))
    .orderBy('id', 'desc')
    .limit(limit);
  return rows.map(presentFollowUp);
}

export interface NewRecord {
  accountId: number;
  customerId: number;
  recordType: 0 | 1;
  stage: number;
  contactMethod: number;
  details: string;
  remindAt: Date | null;
}

export async function insertRecords(db: Knex, records: NewRecord[]) {
  const rows = await db('follow_ups')
    .insert(
      records.map((r) => ({
        account_id: r.accountId,
        customer_id: r.customerId,
        record_type: r.recordType,
        stage: r.stage,
        contact_method: r.contactMethod,
        details: r.details,
        remind_at: r.remindAt,
      })),
    )
    .returning<FollowUpRow[]>('*');
  return rows.map(presentFollowUp);
}

const reminderColumns = ['f.*', 'c.name as customer_name', 'c.phone as customer_phone'];

/** The caller's own reminders, pending or handled, newest first (id-desc keyset). */
export async function listOwnReminders(
  db: Knex,
  actor: Actor,
  opts: { status: 'pending' | 'handled'; limit: number; before?: number },
) {
  const rows = await scoped(
    db('follow_ups as f').join('customers as c', 'c.id', 'f.customer_id'),
    db,
    actor,
    'f.account_id',
  )
    .where({ 'f.account_id': actor.id, 'f.record_type': 0 })
    .modify((q) => {
      if (opts.status === 'pending') q.whereNull('f.handled_at');
      else q.whereNotNull('f.handled_at');
      if (opts.before) q.where('f.id', '<', opts.before);
    })
    .orderBy('f.id', 'desc')
    .limit(opts.limit)
    .select<ReminderRow[]>(reminderColumns);
  return rows.map(presentReminder);
}

/** Marks one of the caller's reminders handled; handling twice is harmless. Undefined: not the caller's. */
export async function handleOwnReminder(db: Knex, actor: Actor, id: number) {
  const own = () => scoped(db('follow_ups'), db, actor).where({ id, account_id: actor.id, record_type: 0 });
  const [row] = await own().whereNull('handled_at').update({ handled_at: db.fn.now() }, '*');
  if (row) return presentFollowUp(row);
  const existing = await own().first();
  return existing ? presentFollowUp(existing) : undefined;
}

/**
 * Claims the reminders that fell due and were not pushed yet. The UPDATE … RETURNING marks them in
 * one statement (SKIP LOCKED: a concurrent tick takes other rows), so no reminder is pushed twice.
 * System work across all tenants: each row goes back to its own owner only.
 */
export async function claimDueReminders(db: Knex, batch = 500) {
  const rows = await db('follow_ups')
    .whereIn(
      'id',
      db('follow_ups')
        .select('id')
        .where({ record_type: 0 })
        .whereNull('handled_at')
        .whereNull('notified_at')
        .where('remind_at', '<=', db.fn.now())
        .orderBy('remind_at')
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .update({ notified_at: db.fn.now() }, '*');
  return rows.map(presentFollowUp);
}
