// Who is calling in: the caller is matched to the scene owner's customer with that number, so the
// record and a seat's pop-up show who is calling. The record of an inbound call (calls.direction 'in',
// scene_id) is opened by platform/callRecord.ts openInboundRecord when a scene takes the call, before
// anything is answered, so a crash or a caller who gives up still leaves a row to close.
import type { Knex } from 'knex';
import { phoneHash } from '../../../platform/secrets';

/** The scene owner's customer with the caller's number (the newest), or null. */
export async function customerOf(db: Knex, secretKey: string, accountId: number, phone: string) {
  const r = await db('customers')
    .where({ account_id: accountId, phone_hash: phoneHash(secretKey, phone) })
    .orderBy('id', 'desc')
    .first('id');
  return r ? Number(r.id) : null;
}
