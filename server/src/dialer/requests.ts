// What the customer asked for during a robot call, applied by the settlement of the ended call in its
// transaction (settle.ts), so exactly once per call and never lost: the media worker keeps the requests
// on the record as they are heard (media/src/calls/requests.ts), a worker that dies leaves them there,
// and the record is settled once (settled_at). The rows name their call as well (call_blacklist
// .call_uuid, follow_ups.call_id, unique), so a re-run adds nothing either.
// - calls.opt_out_sentence: the number on the call account's call blacklist (the list the dialer
//   honours for the account and its subtree), the sentence as the reason; a number already listed
//   stays as it was.
// - calls.callback: a work reminder (follow_ups record type 0, contact method 201 AI visit) for the
//   owner of the customer with this number in the call account's subtree, at the time the customer
//   named (domain/callback.ts resolveCallback, in the account's zone). A number with no customer record
//   becomes a customer of the call's account first, since a reminder belongs to a customer, and the
//   reminder is how its owner finds the number to call back.
import type { Knex } from 'knex';
import { requestSentence, resolveCallback, type CallbackNote } from '../../../domain/callback';
import { ContactMethod, RecordType, Stage } from '../../../domain/crm';
import { scoped, type Actor } from '../db/scope';
import { log } from '../../../platform/log';
import { linkCustomer } from '../../../platform/callRecord';
import { lockCustomerPhone } from '../modules/crm/customers/phoneLock';
import type { DialAccount } from './context';
import type { CallRow } from './rows';

export interface AppliedRequests {
  /** The number was added to the blacklist by this call (false: no opt-out, or listed already). */
  blacklisted: boolean;
  /** The reminder this call wrote, if any. */
  reminder: { id: number; accountId: number; customerId: number; remindAt: Date } | null;
}

const actorOf = (a: DialAccount): Actor => ({ id: a.id, level: a.level as Actor['level'], path: a.path });

/**
 * Applies the requests on an ended call's record (the row as the settlement locked it), inside a
 * savepoint: a request that cannot be applied is logged and left on the record, and never holds up
 * the call's billing (nor, by failing its settlement again and again, every call after it).
 */
export async function applyRequests(
  trx: Knex.Transaction,
  call: CallRow,
  account: DialAccount | undefined,
): Promise<AppliedRequests> {
  const none: AppliedRequests = { blacklisted: false, reminder: null };
  try {
    return await trx.transaction(async (sp) => {
      const out = { ...none };
      if (call.opt_out_sentence !== null && call.opt_out_sentence !== undefined)
        out.blacklisted = await optOut(sp, call);
      const note = call.callback;
      if (note && account) out.reminder = await remind(sp, call, note, account);
      else if (note) log.error('callback request of a call without its account', { callId: call.id });
      return out;
    });
  } catch (err) {
    log.error('customer requests of a call not applied', { callId: call.id, err: String(err) });
    return none;
  }
}

async function optOut(trx: Knex.Transaction, call: CallRow): Promise<boolean> {
  const rows = await trx('call_blacklist')
    .insert({
      account_id: call.account_id,
      phone_hash: call.phone_hash,
      phone_masked: call.phone_masked,
      // The worker stores it capped; a longer one (written by anything else) still lists the number.
      reason: requestSentence(call.opt_out_sentence ?? ''),
      created_by: null,
      call_uuid: call.call_uuid,
    })
    .onConflict(['account_id', 'phone_hash'])
    .ignore()
    .returning('id');
  return rows.length > 0;
}

async function remind(
  trx: Knex.Transaction,
  call: CallRow,
  note: CallbackNote,
  account: DialAccount,
): Promise<AppliedRequests['reminder']> {
  const customer = await customerFor(trx, call, account, { create: true, phoneCipher: note.phoneCipher });
  if (!customer) {
    log.error('callback request without a number to call back', { callId: call.id });
    return null;
  }
  const at = new Date(note.at);
  const remindAt = resolveCallback(note.when, Number.isNaN(at.getTime()) ? new Date() : at, account.tz);
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `INSERT INTO follow_ups (account_id, customer_id, record_type, stage, contact_method, details, remind_at, call_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (call_id, record_type) WHERE call_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      customer.accountId,
      customer.id,
      RecordType.Reminder,
      customer.stage,
      ContactMethod.SysAiVisit,
      note.sentence,
      remindAt,
      call.id,
    ],
  );
  const r = rows[0];
  if (!r) return null;
  return { id: Number(r.id), accountId: customer.accountId, customerId: customer.id, remindAt };
}

export interface Owned {
  id: number;
  accountId: number;
  stage: number;
  /** Made by this call (a number that was no customer yet). */
  created?: boolean;
}

/** The customers columns `customerFor` reads (cols). */
interface OwnedRow {
  id: string;
  account_id: string;
  stage: number;
}

const owned = (r: OwnedRow): Owned => ({ id: Number(r.id), accountId: Number(r.account_id), stage: r.stage });

/**
 * The customer record of the call's number in the call account's subtree: the call's own customer,
 * else the oldest with the number (one outside the sea first), else (when `create`) a new customer of
 * the call's account, linked to the call. Serialised per account and number, so two calls of one new
 * number settled at once (or a call and an import of the number) make one customer. Also used for the call's result (customerResult.ts).
 */
export async function customerFor(
  trx: Knex.Transaction,
  call: CallRow,
  account: DialAccount,
  opts: { create: boolean; phoneCipher?: string | null },
): Promise<Owned | null> {
  const actor = actorOf(account);
  const cols = ['customers.id', 'customers.account_id', 'customers.stage'] as const;
  if (call.customer_id !== null) {
    const own = await scoped(trx('customers'), trx, actor)
      .where('customers.id', call.customer_id)
      .first<OwnedRow | undefined>(...cols);
    if (own) return owned(own);
  }
  // The lock imports and the customer form take too: one customer per number in the tree.
  await lockCustomerPhone(trx, actor, call.phone_hash);
  const same = await scoped(trx('customers'), trx, actor)
    .where('customers.phone_hash', call.phone_hash)
    .orderBy([{ column: 'customers.in_sea' }, { column: 'customers.id' }])
    .first<OwnedRow | undefined>(...cols);
  if (same) return owned(same);
  if (!opts.create) return null;
  // The digits as the task number has them; else (a test or inbound call) the number the worker sealed.
  const tn =
    call.task_number_id === null
      ? null
      : await trx('task_numbers')
          .where({ id: call.task_number_id })
          .first<{ phone: string | null; name: string } | undefined>('phone', 'name');
  const clear: string | null = tn?.phone ?? null;
  if (!clear && !opts.phoneCipher) return null;
  const [c] = await trx('customers')
    .insert({
      account_id: account.id,
      name: String(tn?.name ?? '').slice(0, 64),
      phone: clear ?? call.phone_masked,
      phone_cipher: clear ? null : opts.phoneCipher,
      phone_hash: call.phone_hash,
      grade: call.result_level ?? call.grade,
      stage: Stage.AiFirstVisit,
      last_called_at: call.created_at,
    })
    .returning<OwnedRow[]>(['id', 'account_id', 'stage']);
  await linkCustomer(trx, call.id, c!.id);
  return { ...owned(c!), created: true };
}
