// The switches' capacity at claim time (issue 21, found by issue 20's bench: a saturated FreeSWITCH
// node stalls its event-socket replies, the worker drops it and its calls go unsettled). The tick
// never leaves more calls open than the enabled nodes not reported down carry together
// (config dialer.nodeMaxCalls each), counting every open call (inbound too); a node back up adds its
// share, an ended call frees one.
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { fsNodeStatusKey, type FsNodeStatus } from '../../../domain/media';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { until } from '../../../test/until';
import type { Dialer } from './scheduler';
import { endCalls, ids as demoIds, insertTask, manualDialer } from './testKit';

const PER_NODE = 3;
let p: TestPlatform;
let k: Knex;
let dialer: Dialer;
let nodes: number[];

async function report(nodeId: number, connected: boolean): Promise<void> {
  const s: FsNodeStatus = {
    connected,
    channels: 0,
    sps: 0,
    lastError: null,
    updatedAt: new Date().toISOString(),
  };
  await p.server.deps.redis.hset(fsNodeStatusKey(p.config.redisPrefix), String(nodeId), JSON.stringify(s));
}

const openCalls = async () => Number((await k('calls').whereNot('status', 'ended').count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: false, tickMs: 0, nodeMaxCalls: PER_NODE } } });
  k = p.db.knex;
  await k('fs_nodes').update({ enabled: false });
  const rows = await k('fs_nodes')
    .insert(
      ['cap-1', 'cap-2'].map((name) => ({
        name,
        esl_host: '127.0.0.1',
        esl_port: 1,
        esl_password_enc: 'x',
        weight: 10,
      })),
    )
    .returning('id');
  nodes = rows.map((r) => Number(r.id));
  dialer = manualDialer(p);
}, 60000);
afterAll(async () => {
  await dialer.stop();
  await p.close();
});

it('claims no more than the connected nodes carry, and more as capacity comes back', async () => {
  const id = await demoIds(p);
  // The line and the task allow far more than the switches.
  await k('sip_lines').where({ id: id.line }).update({ port_count: 100, rate_count: 100, rate_seconds: 1 });
  const numbers = Array.from({ length: 30 }, (_, i) => `139${String(i).padStart(8, '0')}`);
  await insertTask(p, { accountId: id.merchant, botId: id.bot, lineId: id.line, robots: 30, numbers });
  await report(nodes[0]!, true);
  await report(nodes[1]!, false);
  // An inbound call in progress holds one of the node's calls.
  await k('calls').insert({
    call_uuid: randomUUID(),
    account_id: id.merchant,
    line_id: id.line,
    direction: 'in',
    phone_masked: '021****0000',
    phone_hash: 'inbound-cap',
    status: 'answered',
  });

  for (let i = 0; i < 3; i++) await dialer.cycle();
  expect(await openCalls()).toBe(PER_NODE);

  // An ended call frees its place for one more.
  await endCalls(k, { direction: 'out' }, () => ({ result: 67 }));
  const left = await openCalls();
  expect(left).toBe(1);
  for (let i = 0; i < 3; i++) await dialer.cycle();
  expect(await openCalls()).toBe(PER_NODE);

  // The second node comes up: its share is claimed, never more.
  await report(nodes[1]!, true);
  await until(async () => (await dialer.cycle(), (await openCalls()) === 2 * PER_NODE), 10000);
  for (let i = 0; i < 3; i++) await dialer.cycle();
  expect(await openCalls()).toBe(2 * PER_NODE);
}, 60000);
