// An ended call's result on its customer (issue 19 item 1), applied by the settlement in the call's
// own transaction (settle.ts), so once per call: a re-run finds the call settled, and a settlement
// that dies before its commit leaves nothing behind. The customer is the one with the call's number in
// the call account's subtree (requests.ts customerFor: the call's own customer first); a number
// without one becomes a customer of the call's account only when the task says so
// (tasks.create_customers) or the customer asked to be called back (a reminder needs a customer).
// Inbound calls update a customer they match; they have no task and keep no clear number, so they
// never create one. Test calls (bot pages) are not conversations with customers and change nothing.
// Written: the rules of domain/customerResult.ts (last call, count, result, grade, intention label,
// LLM grade, stage 100 → 200), the call linked to the customer, and one AI-visit follow-up (record
// type 1, contact method 201, the result level and the engine's reason — its zh-CN text in `details`,
// its code and parameters in `details_message` for the reader's language —, call_id unique per type).
import type { Knex } from 'knex';
import { ContactMethod, RecordType } from '../../../domain/crm';
import { customerAfterCall, visitDetails } from '../../../domain/customerResult';
import { messageOf } from '../../../domain/reasons';
import { log } from '../../../platform/log';
import { linkCustomer } from '../../../platform/callRecord';
import type { DialAccount } from './context';
import { customerFor } from './requests';
import type { CallRow } from './rows';

export interface CustomerResult {
  customerId: number;
  /** The customer was made by this call. */
  created: boolean;
  /** The AI-visit record this call wrote. */
  followUpId: number | null;
}

/** Whether a number of this call that is no customer yet becomes one. */
async function mayCreate(trx: Knex.Transaction, call: CallRow): Promise<boolean> {
  if (call.callback !== null && call.callback !== undefined) return true;
  if (call.task_id === null) return false;
  const t = await trx('tasks')
    .where({ id: call.task_id })
    .first<{ create_customers: boolean } | undefined>('create_customers');
  return t?.create_customers === true;
}

/**
 * Applies the call's result to its customer inside a savepoint: a customer that cannot be updated is
 * logged and never holds up the call's billing (nor, by failing its settlement again and again,
 * every call after it). Null when nothing was touched.
 */
export async function applyCustomerResult(
  trx: Knex.Transaction,
  call: CallRow,
  account: DialAccount | undefined,
): Promise<CustomerResult | null> {
  if (call.test || !account) return null;
  try {
    return await trx.transaction((sp) => apply(sp, call, account));
  } catch (err) {
    log.error('call result not applied to its customer', { callId: call.id, err: String(err) });
    return null;
  }
}

/** The reason's code and parameters as jsonb, for the reader's language; NULL for an uncoded reason. */
const visitMessage = (reason: unknown): string | null => {
  const m = messageOf(reason);
  return m ? JSON.stringify(m) : null;
};

async function apply(
  trx: Knex.Transaction,
  call: CallRow,
  account: DialAccount,
): Promise<CustomerResult | null> {
  const found = await customerFor(trx, call, account, {
    create: await mayCreate(trx, call),
    phoneCipher: call.callback?.phoneCipher ?? null,
  });
  if (!found) return null;
  // Locked: two calls of one customer settled at once read and write it one after the other.
  const c = await trx('customers')
    .where({ id: found.id })
    .forUpdate()
    .first<{ stage: number; grade: number | null; last_called_at: Date | null }>(
      'stage',
      'grade',
      'last_called_at',
    );
  const u = customerAfterCall(
    {
      stage: c.stage,
      grade: c.grade,
      // A customer made by this very call carries the call's time already: the call is still newest.
      lastCalledAt: c.last_called_at ? new Date(c.last_called_at) : null,
    },
    {
      resultLevel: call.result_level,
      labels: call.labels ?? [],
      llmGrade: call.llm_grade,
      startedAt: new Date(call.created_at),
    },
  );
  await trx('customers')
    .where({ id: found.id })
    .update({
      stage: u.stage,
      last_called_at: u.lastCalledAt,
      call_count: trx.raw('call_count + 1'),
      ...(u.newest ? { last_call_id: call.id } : {}),
      ...('lastResult' in u ? { last_result: u.lastResult } : {}),
      ...('grade' in u ? { grade: u.grade } : {}),
      ...('intentionLabel' in u ? { intention_label: u.intentionLabel } : {}),
      ...('llmGrade' in u ? { llm_grade: u.llmGrade } : {}),
      updated_at: trx.fn.now(),
    });
  if (call.customer_id === null || Number(call.customer_id) !== found.id)
    await linkCustomer(trx, call.id, found.id);
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `INSERT INTO follow_ups (account_id, customer_id, record_type, stage, contact_method, details, details_message, call_id, result_level)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (call_id, record_type) WHERE call_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      found.accountId,
      found.id,
      RecordType.FollowUp,
      u.stage,
      ContactMethod.SysAiVisit,
      visitDetails(call.reason),
      visitMessage(call.reason),
      call.id,
      call.result_level,
    ],
  );
  const r = rows[0];
  return { customerId: found.id, created: found.created === true, followUpId: r ? Number(r.id) : null };
}
