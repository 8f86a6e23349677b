// The node side of issue 20 against the simulator over TCP (its gateways as mod_sofia keeps them:
// a rescan only adds gateways it does not have) and the real Redis:
// - a line edit (lines:changed naming the gateway) reaches the switch: killgw, then rescan, serially;
// - every connect probes the node, and the probe lands in the status hash the server reads;
// - the node logs its disconnects, reconnects and the -ERR answers to what it sends.
import Redis from 'ioredis';
import { loadConfig } from '../../../config';
import {
  fsNodeStatusKey,
  linesChangedChannel,
  type FsNodeStatus,
  type LinesChanged,
} from '../../../domain/media';
import type { GatewayConfig } from '../sim/gateways';
import { startSimulator, type Simulator } from '../sim/server';
import { until } from '../../../test/until';
import { NodePool } from './pool';
import { followLineChanges, reportStatus } from './status';
import { startProxy } from './testProxy';

const prefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
let redis: Redis;
let sim: Simulator;
let proxyOf = '127.0.0.1:5070';
const gateway = (): GatewayConfig => ({
  name: 'line-3',
  proxy: proxyOf,
  username: 'u3',
  register: false,
  pingSec: 0,
  expires: 3600,
  extension: 'u3',
});

beforeAll(async () => {
  redis = new Redis(loadConfig().redisUrl, { maxRetriesPerRequest: 1 });
  sim = await startSimulator({
    timeScale: 0.01,
    seed: 3,
    heartbeatMs: 0,
    gateways: { source: async () => [gateway()] },
  });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await sim.close();
});

const poolOn = (port: number, lines: string[]) => {
  const pool = new NodePool(
    [{ id: 7, name: 'fs-7', host: '127.0.0.1', port, password: 'ClueCon', weight: 1 }],
    {
      baseMs: 30,
      capMs: 100,
    },
  );
  for (const n of pool.nodes) n.log = (l) => lines.push(l);
  pool.start();
  return pool;
};

it('applies a line edit on the switch: killgw then rescan, in that order', async () => {
  const lines: string[] = [];
  const pool = poolOn(sim.port, lines);
  const node = pool.nodes[0]!;
  await node.ready();
  const proxyNow = () => node.api('sofia xmlstatus gateway line-3');
  expect(await proxyNow()).toContain('<proxy>sip:127.0.0.1:5070</proxy>');

  const stop = await followLineChanges(new Redis(loadConfig().redisUrl), prefix, pool);
  try {
    proxyOf = '127.0.0.1:5090';
    const msg: LinesChanged = {
      nodeIds: [7],
      gateways: ['line-3'],
      removed: [],
      at: new Date().toISOString(),
    };
    await redis.publish(linesChangedChannel(prefix), JSON.stringify(msg));
    // A rescan alone would keep 5070 ("Ignoring duplicate gateway"): the killgw before it is what applies the edit.
    await until(
      async () => (await proxyNow()).includes('<proxy>sip:127.0.0.1:5090</proxy>') || undefined,
      5000,
    );
  } finally {
    await stop();
    await pool.stop();
  }
});

it('probes on every connect, reports it in the status hash, and logs drops, reconnects and -ERR', async () => {
  const proxy = await startProxy(sim.port);
  const lines: string[] = [];
  const pool = poolOn(proxy.port, lines);
  const node = pool.nodes[0]!;
  try {
    await until(() => node.probe ?? undefined, 5000);
    expect(node.probe!.gateways).toEqual([{ name: 'line-3', state: 'NOREG', status: 'UP' }]);
    expect(node.probe!.codecs).toContain('G.711 alaw');
    await reportStatus(redis, prefix, pool);
    const s = JSON.parse((await redis.hget(fsNodeStatusKey(prefix), '7'))!) as FsNodeStatus;
    expect(s.probe?.gateways?.[0]).toMatchObject({ name: 'line-3', status: 'UP' });
    expect(Object.keys(s.probe!.modules)).toEqual(['mod_avmd', 'mod_unimrcp', 'mod_google_transcribe']);

    // A reply the switch refuses is logged (the command's verb, never its arguments).
    await node.api('uuid_kill 00000000-0000-4000-8000-000000000000');
    expect(lines.some((l) => /^esl fs-7: api uuid_kill: -ERR/.test(l))).toBe(true);

    node.probe = null;
    proxy.cut();
    await until(() => lines.find((l) => /disconnected/.test(l)), 5000);
    await until(() => lines.find((l) => /reconnected/.test(l)), 5000);
    // The new connection is probed again.
    await until(() => node.probe ?? undefined, 5000);
  } finally {
    await pool.stop();
    await proxy.close();
  }
});
