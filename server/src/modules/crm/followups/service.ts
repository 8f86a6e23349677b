// Writing a follow-up: the record, the customer's stage and last follow-up time change together in
// one transaction, and a stage change leaves a system record (contact method 500) on the timeline.
import type { Knex } from 'knex';
import type { z } from 'zod';
import { ContactMethod, RecordType } from '../../../../../domain/crm';
import type { Deps } from '../../../deps';
import type { AuthContext } from '../../auth/sessions';
import { notFound } from '../../../http/errors';
import { findWorkableCustomer, insertRecords, type NewRecord } from './repo';
import type { createFollowUpSchema } from './schema';

type FollowUpInput = Pick<
  z.infer<typeof createFollowUpSchema>,
  'recordType' | 'stage' | 'contactMethod' | 'details' | 'remindAt'
>;

export async function addFollowUp(
  deps: Deps,
  auth: AuthContext,
  customerId: number,
  v: z.infer<typeof createFollowUpSchema>,
) {
  return deps.db.transaction(async (trx) => {
    // Locked: a release to the sea or another follow-up waits for this one.
    const customer = await findWorkableCustomer(trx, auth.actor, customerId, true);
    if (!customer) throw notFound();
    return writeFollowUp(trx, auth.actor.id, { id: customerId, stage: customer.stage }, v);
  });
}

/**
 * Writes the record for a customer the caller already found and locked in `trx` (the follow-up API
 * through the tenant scope, the seat desk through the call it took).
 */
export async function writeFollowUp(
  trx: Knex.Transaction,
  accountId: number,
  customer: { id: number; stage: number },
  v: FollowUpInput,
) {
  const customerId = customer.id;
  const record: NewRecord = {
    accountId,
    customerId,
    recordType: v.recordType,
    stage: v.stage,
    contactMethod: v.contactMethod,
    details: v.details,
    remindAt: v.recordType === RecordType.Reminder && v.remindAt ? new Date(v.remindAt) : null,
  };
  const records = [record];
  // The system record's details carry "old->new" for the client to render in its language.
  if (customer.stage !== v.stage)
    records.push({
      ...record,
      recordType: RecordType.FollowUp,
      contactMethod: ContactMethod.SysEvent,
      details: `${customer.stage}->${v.stage}`,
      remindAt: null,
    });
  const [written, stageRecord] = await insertRecords(trx, records);
  await trx('customers')
    .where({ id: customerId })
    .update({ stage: v.stage, last_follow_up_at: trx.fn.now(), updated_at: trx.fn.now() });
  return { record: written!, stageChange: stageRecord ?? null };
}
