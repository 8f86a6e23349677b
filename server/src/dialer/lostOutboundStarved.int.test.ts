// A media worker whose alive key lapsed is dead only if its process is gone. A starved worker (its
// event loop held up past the key's life, its process alive and connected) keeps its calls for a
// grace: before, a loaded machine had about 100 live calls closed as "media worker died" (90). A
// killed process's connection closes at once, so a dead worker's calls are swept as soon as before.
import Redis from 'ioredis';
import { aliveConnectionName, STARVED_GRACE_S } from '../../../domain/lostCall';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { insertCall } from '../modules/callrecords/testHelpers';
import { ids } from './testKit';
import { closeLostOutbound } from './lostOutbound';

let p: TestPlatform;
let starvedConn: Redis;

beforeAll(async () => {
  p = await startTestPlatform();
  // The starved worker's process: its named subscriber connection is still open.
  starvedConn = new Redis(p.config.redisUrl, {
    connectionName: aliveConnectionName(p.config.redisPrefix, 'w-starved'),
  });
  await starvedConn.subscribe('nothing');
});
afterAll(async () => {
  starvedConn?.disconnect();
  await p?.close();
});

/** An answered outbound call of `worker`, last stamped alive `staleS` seconds ago (no alive key). */
async function openCall(worker: string, staleS: number): Promise<string> {
  const id = await ids(p);
  const { uuid } = await insertCall(p, {
    accountId: id.merchant,
    status: 'answered',
    direction: 'out',
    media_worker: worker,
    originated_at: p.db.knex.raw(`now() - interval '1 minute'`),
    answered_at: p.db.knex.raw(`now() - interval '1 minute'`),
    alive_at: p.db.knex.raw(`now() - make_interval(secs => ?)`, [staleS]),
  });
  return uuid;
}

it("sweeps a dead worker's calls at once, a starved worker's only after the grace", async () => {
  const dead = await openCall('w-dead', 8);
  const starved = await openCall('w-starved', 8);
  expect(await closeLostOutbound(p.server.deps)).toEqual([dead]);
  const k = p.db.knex;
  expect((await k('calls').where({ call_uuid: starved }).first('status')).status).toBe('answered');
  // Its stamps stopped for the whole grace: not trusted any longer (a lost machine's connection).
  await k('calls')
    .where({ call_uuid: starved })
    .update({ alive_at: k.raw(`now() - make_interval(secs => ?)`, [STARVED_GRACE_S + 1]) });
  expect(await closeLostOutbound(p.server.deps)).toEqual([starved]);
  expect((await k('calls').where({ call_uuid: starved }).first('status')).status).toBe('ended');
});

it("never lets a starved worker's calls fill the batch ahead of a dead worker's", async () => {
  // The starved worker's calls come first by id, and the batch holds only two.
  const starved = [await openCall('w-starved', 8), await openCall('w-starved', 8)];
  const dead = await openCall('w-dead2', 8);
  expect(await closeLostOutbound(p.server.deps, 2)).toEqual([dead]);
  const k = p.db.knex;
  const left = await k('calls').whereIn('call_uuid', starved).pluck('status');
  expect(left).toEqual(['answered', 'answered']);
});
