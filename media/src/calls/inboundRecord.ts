// The record of an inbound call (calls.direction 'in', scene_id): opened when a scene takes the call,
// before anything is answered, so a crash or a caller who gives up still leaves a row to close. A
// seat-group scene's call has no bot (bot_id null). The caller is matched to the scene owner's
// customer with that number, so the record and a seat's pop-up show who is calling.
import type { Knex } from 'knex';
import { encryptSecret, phoneHash } from '../../../platform/secrets';
import { maskPhone } from '../../../domain/format';

export interface InboundCall {
  callUuid: string;
  accountId: number;
  sceneId: number;
  lineId: number | null;
  botId: number | null;
  botVersion: number | null;
  /** The caller's number, digits only. */
  phone: string;
}

/** The scene owner's customer with the caller's number (the newest), or null. */
export async function customerOf(db: Knex, secretKey: string, accountId: number, phone: string) {
  const r = await db('customers')
    .where({ account_id: accountId, phone_hash: phoneHash(secretKey, phone) })
    .orderBy('id', 'desc')
    .first('id');
  return r ? Number(r.id) : null;
}

/** Inserts the record once per channel uuid; returns its id. */
export async function openInboundRecord(
  db: Knex,
  secretKey: string,
  c: InboundCall,
  customerId: number | null,
): Promise<number> {
  await db('calls')
    .insert({
      call_uuid: c.callUuid,
      account_id: c.accountId,
      direction: 'in',
      scene_id: c.sceneId,
      bot_id: c.botId,
      bot_version: c.botVersion,
      line_id: c.lineId,
      customer_id: customerId,
      phone_masked: maskPhone(c.phone),
      phone_hash: phoneHash(secretKey, c.phone),
      // Sealed: a seat can make a customer of an unknown caller (the seat desk), nobody reads it clear.
      phone_cipher: c.phone ? encryptSecret(secretKey, c.phone) : null,
      status: 'ringing',
    })
    .onConflict('call_uuid')
    .ignore();
  const r = await db('calls').where({ call_uuid: c.callUuid }).first('id');
  return Number(r.id);
}
