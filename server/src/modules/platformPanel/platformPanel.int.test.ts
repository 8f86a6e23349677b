// Platform panel over the API and the socket: the super administrator sees every tenant's open calls
// (by node, by merchant), today's totals across tenants, the switches, lines, workers, queues, low
// balances and expiring accounts; nobody else gets the snapshot (403 with the envelope), and only a
// level-0 socket may join platform:panel, whose pulse a merchant's socket never receives.
import { io as connect, type Socket } from 'socket.io-client';
import { Events, rooms } from '../../../../domain/events';
import {
  fsGatewayStatusKey,
  fsNodeStatusKey,
  mediaNodeKey,
  mediaNodesSetKey,
} from '../../../../domain/media';
import type { PlatformPanelSnapshot, PlatformPulse } from '../../../../domain/platformPanel';
import type { ApiClient } from '../../../../test/apiClient';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import { until } from '../../../../test/until';
import { SIM_NODE } from '../../../../seeds/03-telephony';
import { insertCall } from '../callrecords/testHelpers';
import { pulseOnce } from '../../tasks/platformPulse';

let t: Tree;
let u2: ApiClient;
let lineId: number;
const sockets: Socket[] = [];
const now = Date.now();

beforeAll(async () => {
  t = await startTree(['crm/mycustomer']);
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
  const { m1, op1, m2 } = t.ids;
  const at = new Date(Date.now() - 2000);
  const ended = { created_at: at, ended_at: at };
  // Today: two connected calls and one not connected across the two tenants; a test call not counted.
  await insertCall(t.p, { accountId: m1, ...ended, result_level: 21, grade: 21, talk_ms: 30_000 });
  await insertCall(t.p, { accountId: op1, ...ended, result_level: 63 });
  await insertCall(t.p, { accountId: m2, ...ended, result_level: 22, grade: 22, talk_ms: 10_000 });
  await insertCall(t.p, { accountId: m2, ...ended, result_level: 21, test: true });
  // In progress: two through the simulator's node (merchant01's tree), one not yet originated (merchant02).
  const open = { status: 'answered', ended_at: null, created_at: at };
  await insertCall(t.p, { accountId: m1, ...open, fs_node: SIM_NODE.name, originated_at: at });
  await insertCall(t.p, { accountId: op1, ...open, fs_node: SIM_NODE.name, originated_at: at });
  await insertCall(t.p, { accountId: m2, status: 'dialing', ended_at: null, created_at: at });
  const { redis, config } = t.p.server.deps;
  const prefix = config.redisPrefix;
  const node = await t.p.db.knex('fs_nodes').where({ name: SIM_NODE.name }).first('id');
  await redis.hset(
    fsNodeStatusKey(prefix),
    String(node.id),
    JSON.stringify({
      connected: true,
      channels: 7,
      sps: 3,
      lastError: null,
      updatedAt: new Date().toISOString(),
    }),
  );
  const line = await t.p.db.knex('sip_lines').where({ enabled: true }).orderBy('id').first('id');
  lineId = Number(line.id);
  await redis.set(
    fsGatewayStatusKey(prefix, `line-${lineId}`),
    JSON.stringify({ online: false, busy: false, updatedAt: new Date().toISOString() }),
    'EX',
    600,
  );
  const hb = {
    id: 'panel-worker-1',
    host: 'media-a',
    pid: 4242,
    startedAt: new Date(now - 60_000).toISOString(),
    lastSeenAt: new Date().toISOString(),
    freeswitch: [{ name: SIM_NODE.name, connected: true }],
  };
  await redis.set(mediaNodeKey(prefix, hb.id), JSON.stringify(hb), 'EX', 600);
  await redis.sadd(mediaNodesSetKey(prefix), hb.id);
  // merchant02 runs dry; operator01 expires in two days.
  await t.p.db.knex('accounts').where({ id: m2 }).update({ balance_fen: 5 });
  await t.p.db
    .knex('accounts')
    .where({ id: op1 })
    .update({ expires_at: new Date(now + 2 * 86_400_000) });
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.p.close();
});

const panel = (c: ApiClient) => c.get<PlatformPanelSnapshot>('/api/platform/panel');

describe('GET /api/platform/panel', () => {
  it('gives the super administrator the live state and totals of every tenant', async () => {
    const r = await panel(t.admin);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    const s = r.body.data!;
    expect(s.live.callsInProgress).toBe(3);
    expect(s.live.byNode).toEqual(
      expect.arrayContaining([
        { node: SIM_NODE.name, calls: 2 },
        { node: null, calls: 1 },
      ]),
    );
    expect(s.live.byMerchant).toEqual([
      { accountId: t.ids.m1, account: 'merchant01', calls: 2 },
      { accountId: t.ids.m2, account: 'merchant02', calls: 1 },
    ]);
    expect(s.live.originatesPerSecond).toBeCloseTo(0.2, 5);
    const sim = s.live.nodes.find((n) => n.name === SIM_NODE.name)!;
    expect(sim).toMatchObject({ connected: true, channels: 7, sps: 3, calls: 2 });
    expect(s.live.lines.down).toBeGreaterThanOrEqual(1);
    expect(s.live.lines.downList).toEqual(expect.arrayContaining([expect.objectContaining({ id: lineId })]));
    expect(s.live.workers).toEqual([
      expect.objectContaining({ id: 'panel-worker-1', host: 'media-a', ok: true }),
    ]);
    expect(s.live.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['dial', 'mail']));
    // Both tenants' ended calls: the test call apart.
    expect(s.today.kpis).toMatchObject({
      dialed: 3,
      connected: 2,
      grades: { A: 1, B: 1, C: 0, D: 0, E: 0, F: 0 },
      talkMs: 40_000,
    });
    expect(Date.parse(s.today.asOf)).toBeGreaterThanOrEqual(now);
    expect(s.lowBalances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ accountId: t.ids.m2, balanceFen: 5, thresholdFen: 1000 }),
      ]),
    );
    expect(s.lowBalances.every((a) => a.balanceFen < a.thresholdFen)).toBe(true);
    expect(s.expiring).toEqual(
      expect.arrayContaining([expect.objectContaining({ accountId: t.ids.op1, account: 'operator01' })]),
    );
    expect(s.expiring.map((a) => a.accountId)).not.toContain(t.ids.m1);
  });

  it('refuses everyone but the super administrator with the envelope', async () => {
    for (const c of [t.m1, t.op1, t.m2, u2]) {
      const r = await panel(c);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(403);
      expect(typeof r.body.message).toBe('string');
      expect(r.body.data ?? null).toBeNull();
    }
  });

  it('refuses a merchant even when its role holds the panel menu', async () => {
    const { role_id: roleId } = await t.p.db.knex('accounts').where({ id: t.ids.m2 }).first('role_id');
    await t.p.db
      .knex('role_menus')
      .insert({ role_id: roleId, menu_key: 'bussinesscentral/systemreadpanel' })
      .onConflict(['role_id', 'menu_key'])
      .ignore();
    const m2 = await loggedIn(t.p, 'merchant02', 'secret12');
    const r = await panel(m2);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(403);
  });
});

describe('the platform room', () => {
  const open = (c: ApiClient) => {
    const s = connect(t.p.url, {
      transports: ['websocket'],
      auth: { token: c.token },
      extraHeaders: { cookie: `Auth=${c.cookie ?? ''}` },
      reconnection: false,
    });
    sockets.push(s);
    return new Promise<Socket>((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  };
  const join = (s: Socket) => s.timeout(3000).emitWithAck('room:join', { room: rooms.platform } as never);

  it('lets only the super administrator join it, and sends the pulse there only', async () => {
    const admin = await open(t.admin);
    const merchant = await open(t.m1);
    const user = await open(t.op1);
    expect(await join(merchant)).toEqual({ code: 403 });
    expect(await join(user)).toEqual({ code: 403 });
    expect(await join(admin)).toEqual({ code: 200 });
    const leaked: PlatformPulse[] = [];
    merchant.on(Events.PlatformPulse, (p: PlatformPulse) => leaked.push(p));
    user.on(Events.PlatformPulse, (p: PlatformPulse) => leaked.push(p));
    const got = new Promise<PlatformPulse>((resolve) => admin.once(Events.PlatformPulse, resolve));
    // This turn's pulse: ours, unless the server's own relay sent one this turn (then that one arrives).
    await until(async () => (await pulseOnce(t.p.server.deps)) ?? true);
    const p = await got;
    expect(p.live.callsInProgress).toBe(3);
    expect(p.today.kpis.dialed).toBe(3);
    // The merchant's and the user's sockets are in no room that carries it.
    const second = new Promise((resolve) => admin.once(Events.PlatformPulse, resolve));
    await second;
    expect(leaked).toEqual([]);
    // Leaving stops it.
    expect(await admin.timeout(3000).emitWithAck('room:leave', { room: rooms.platform } as never)).toEqual({
      code: 200,
    });
  });
});
