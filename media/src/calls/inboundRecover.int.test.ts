// Inbound calls a dead worker left open: closed as unknown (90) (the dialer's slot
// count is the open records, server/src/dialer/slots.ts); a live
// worker's calls, this worker's own, and a recent unclaimed one are left alone.
import { randomUUID } from 'node:crypto';
import { mediaNodeKey } from '../../../domain/media';
import { sweepLostInbound } from './inboundRecover';
import { startCallKit, type CallKit } from './testKit';

let kit: CallKit;
beforeAll(async () => {
  kit = await startCallKit();
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

async function openInbound(worker: string | null, createdAgoMs = 0) {
  const uuid = randomUUID();
  await kit.db.knex('calls').insert({
    call_uuid: uuid,
    account_id: kit.merchantId,
    direction: 'in',
    line_id: kit.lineId,
    phone_masked: '139****0001',
    phone_hash: 'x',
    status: 'answered',
    media_worker: worker,
    originated_at: worker ? new Date() : null,
    created_at: new Date(Date.now() - createdAgoMs),
  });
  return uuid;
}

it('closes a dead worker’s inbound calls; leaves the living ones', async () => {
  const prefix = kit.config.redisPrefix;
  await kit.redis.set(mediaNodeKey(prefix, 'alive-1'), '{}', 'EX', 60);
  const dead = await openInbound('dead-1');
  const living = await openInbound('alive-1');
  const mine = await openInbound('dead-1');
  const fresh = await openInbound(null);
  const stale = await openInbound(null, 7 * 3600 * 1000);
  const n = await sweepLostInbound({
    db: kit.db.knex,
    workerAlive: async (id) => (await kit.redis.exists(mediaNodeKey(prefix, id))) === 1,
    nodeOf: () => undefined,
    isActive: (uuid) => uuid === mine,
  });
  expect(n).toBe(2);
  const status = async (uuid: string) =>
    await kit.db.knex('calls').where({ call_uuid: uuid }).first('status', 'result_level');
  expect(await status(dead)).toEqual({ status: 'ended', result_level: 90 });
  expect(await status(stale)).toEqual({ status: 'ended', result_level: 90 });
  for (const u of [living, mine, fresh]) expect((await status(u)).status).toBe('answered');
  const open = await kit.db
    .knex('calls')
    .where({ line_id: kit.lineId })
    .whereNot('status', 'ended')
    .pluck('call_uuid');
  expect(open.sort()).toEqual([living, mine, fresh].sort());
});
