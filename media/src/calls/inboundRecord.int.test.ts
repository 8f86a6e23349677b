// The record of an inbound call: written once per channel uuid with the caller's number masked,
// hashed and sealed (calls.phone_cipher, opened only by the server: a seat makes a customer of an
// unknown caller from it), and the scene owner's customer with that number found.
import { randomUUID } from 'node:crypto';
import { decryptSecret, phoneHash } from '../../../platform/secrets';
import { customerOf } from './inboundRecord';
import { openInboundRecord } from '../../../platform/callRecord';
import { startCallKit, type CallKit } from './testKit';

let kit: CallKit;
beforeAll(async () => {
  kit = await startCallKit();
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

it('stores the caller masked, hashed and sealed, once per uuid', async () => {
  const key = kit.config.secretKey;
  const call = {
    callUuid: randomUUID(),
    accountId: kit.merchantId,
    sceneId: null as unknown as number,
    lineId: kit.lineId,
    botId: null,
    botVersion: null,
    phone: '13912345670',
  };
  expect(await customerOf(kit.db.knex, key, kit.merchantId, call.phone)).toBeNull();
  const id = await openInboundRecord(kit.db.knex, key, call, null);
  expect(await openInboundRecord(kit.db.knex, key, call, null)).toBe(id);
  const row = await kit.db.knex('calls').where({ call_uuid: call.callUuid }).first();
  expect(row).toMatchObject({
    direction: 'in',
    phone_masked: '139****5670',
    phone_hash: phoneHash(key, call.phone),
    customer_id: null,
  });
  expect(row.phone_cipher).not.toContain(call.phone);
  expect(decryptSecret(key, row.phone_cipher)).toBe(call.phone);
});
