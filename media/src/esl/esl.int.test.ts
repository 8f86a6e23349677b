// The ESL adapter against the simulator over real TCP: auth, bgapi with Job-UUID, execute, timeouts,
// a dropped socket failing everything pending at once, reconnect + re-subscribe, reconcile.
import { randomUUID } from 'node:crypto';
import type { Persona } from '../sim/personas';
import { startSimulator, type Simulator } from '../sim/server';
import { EslClosedError, EslCommandError, EslConnection, EslTimeoutError } from './connection';
import type { EslEvent } from './events';
import { EslNode, type ChannelRow } from './node';
import { startProxy } from './testProxy';

const personas: Persona[] = [
  { name: 'ok', match: '^8', outcome: 'answer', ringMs: [100, 100] },
  { name: 'never', match: '^2', outcome: 'noAnswer' },
  { name: 'busy', match: '^486', outcome: 'busy', ringMs: [100, 100] },
];

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ timeScale: 0.01, seed: 9, personas, heartbeatMs: 0 });
});
afterEach(async () => {
  await sim.close();
});

const open = (port = sim.port, password = 'ClueCon') =>
  EslConnection.open({ host: '127.0.0.1', port, password, timeoutMs: 2000 });

const originate = (uuid: string, number: string, timeout = 30) =>
  `originate {origination_uuid=${uuid},origination_caller_id_number=02150001234,originate_timeout=${timeout}}sofia/gateway/line-1/${number} &park()`;

describe('EslConnection', () => {
  it('authenticates, subscribes, and runs bgapi originate resolved by its Job-UUID', async () => {
    const c = await open();
    const events: EslEvent[] = [];
    c.on('event', (e) => events.push(e));
    const uuid = randomUUID();
    expect(await c.bgapi(originate(uuid, '8001'))).toBe(`+OK ${uuid}\n`);
    expect(await c.bgapi(originate(randomUUID(), '486'))).toBe('-ERR USER_BUSY\n');
    expect(events.some((e) => e.name === 'CHANNEL_ANSWER' && e.uuid === uuid)).toBe(true);
    const job = events.filter((e) => e.name === 'BACKGROUND_JOB');
    expect(job).toHaveLength(2);

    const { sent, done } = c.execute(uuid, 'playback', '{sim_duration_ms=300,cp_seq=1}/tmp/x.wav', 5000);
    await sent;
    expect((await done).response).toBe('FILE PLAYED');
    expect(events.find((e) => e.name === 'PLAYBACK_STOP')).toMatchObject({ seq: '1', status: 'done' });
    expect(await c.api(`uuid_kill ${uuid}`)).toBe('+OK\n');
    c.destroy();
  });

  it('refuses a wrong password', async () => {
    await expect(open(sim.port, 'nope')).rejects.toThrow(/refused|closed/);
  });

  it('times a command out without hanging, and stays usable', async () => {
    const c = await open();
    const started = Date.now();
    // No answer for 60 simulated seconds (600 ms here); the bgapi deadline is 100 ms.
    await expect(c.bgapi(originate(randomUUID(), '2000', 60), 100)).rejects.toBeInstanceOf(EslTimeoutError);
    expect(Date.now() - started).toBeLessThan(400);
    expect(await c.api('version')).toContain('FreeSWITCH');
    await expect(c.execute(randomUUID(), 'playback', '/tmp/x.wav', 1000).sent).rejects.toBeInstanceOf(
      EslCommandError,
    );
    c.destroy();
  });

  it('keeps the connection to a slow switch (replies late); drops a stuck one (no reply at all)', async () => {
    const proxy = await startProxy(sim.port);
    const slow = await open(proxy.port);
    // Replies 300 ms late against 200 ms deadlines: three commands in a row miss them.
    proxy.setDelay(300);
    const late = [1, 2, 3].map(() => slow.command('api version', {}, 200));
    for (const r of late) await expect(r).rejects.toBeInstanceOf(EslTimeoutError);
    proxy.setDelay(0);
    // The late replies came within the grace (two more deadlines): the switch is slow, not stuck.
    expect((await slow.command('api version', {}, 2000)).body).toContain('FreeSWITCH');
    expect(slow.closed).toBe(false);

    const stuck = await open(proxy.port);
    const closed = new Promise<Error>((r) => stuck.once('close', r));
    proxy.setDelay(Infinity);
    const lost = [1, 2, 3].map(() => stuck.command('api version', {}, 200));
    for (const r of lost) await expect(r).rejects.toBeInstanceOf(EslTimeoutError);
    expect((await closed).message).toBe('esl replies stopped coming');
    slow.destroy();
    await proxy.close();
  });

  it('fails every pending command at once when the socket drops', async () => {
    const proxy = await startProxy(sim.port);
    const c = await open(proxy.port);
    const uuid = randomUUID();
    await c.bgapi(originate(uuid, '8002'));
    const job = c.bgapi(originate(randomUUID(), '2001', 60), 60000);
    const play = c.execute(uuid, 'playback', '{sim_duration_ms=60000}/tmp/long.wav', 60000).done;
    await new Promise((r) => setTimeout(r, 50));
    const cutAt = Date.now();
    proxy.cut();
    await expect(job).rejects.toBeInstanceOf(EslClosedError);
    await expect(play).rejects.toBeInstanceOf(EslClosedError);
    expect(Date.now() - cutAt).toBeLessThan(200);
    await expect(c.api('version')).rejects.toBeInstanceOf(EslClosedError);
    await proxy.close();
  });
});

describe('EslNode', () => {
  const node = (port: number) =>
    new EslNode(
      { id: 1, name: 'fs-test', host: '127.0.0.1', port, password: 'ClueCon', weight: 10 },
      { baseMs: 50, capMs: 400 },
    );

  it('reconnects with backoff, re-subscribes, and reconciles channels that vanished', async () => {
    const proxy = await startProxy(sim.port);
    const n = node(proxy.port);
    n.start();
    await n.ready();
    const alive = randomUUID();
    const ghost = randomUUID();
    const seen: Record<string, Array<ChannelRow | null>> = { [alive]: [], [ghost]: [] };
    const answered: string[] = [];
    for (const uuid of [alive, ghost])
      n.attach(uuid, {
        onEvent: (e) => e.name === 'CHANNEL_ANSWER' && answered.push(e.uuid),
        onReconciled: (row) => seen[uuid]!.push(row),
      });
    expect(await n.bgapi(originate(alive, '8003'))).toBe(`+OK ${alive}\n`);
    expect(answered).toEqual([alive]);

    // Cut the path and refuse reconnects for a while: the node retries with backoff.
    proxy.setRefusing(true);
    const down = new Promise<Error>((r) => n.once('down', r));
    proxy.cut();
    // A path that drops ends in a close or, with bytes in flight, a reset: either way the node is down.
    expect((await down).message).toMatch(/closed|ECONNRESET/);
    expect(n.connected).toBe(false);
    await expect(n.api('version')).rejects.toBeInstanceOf(EslClosedError);
    await new Promise((r) => setTimeout(r, 300));
    proxy.setRefusing(false);
    const reconciled = new Promise<number>((r) => n.once('reconciled', r));
    await n.ready(3000);
    expect(await reconciled).toBe(1);
    expect(seen[ghost]).toEqual([null]);
    expect(seen[alive]).toEqual([{ uuid: alive, callstate: 'ACTIVE' }]);

    // Subscriptions are back: a new call's events reach its handler.
    const again = randomUUID();
    n.attach(again, {
      onEvent: (e) => e.name === 'CHANNEL_ANSWER' && answered.push(e.uuid),
      onReconciled: () => {},
    });
    await n.bgapi(originate(again, '8004'));
    expect(answered).toEqual([alive, again]);
    await n.stop();
    await proxy.close();
  });

  it('bounds the per-call lane and runs one execute at a time', async () => {
    const n = node(sim.port);
    n.start();
    await n.ready();
    const uuid = randomUUID();
    await n.bgapi(originate(uuid, '8005'));
    const order: string[] = [];
    const runs = [1, 2, 3].map((i) =>
      n.execute(uuid, 'playback', `{sim_duration_ms=100,cp_seq=${i}}/tmp/p${i}.wav`, 5000, () =>
        order.push(`w${i}`),
      ),
    );
    // Only the first is written until it completes.
    expect(order).toEqual(['w1']);
    await Promise.all(runs);
    expect(order).toEqual(['w1', 'w2', 'w3']);
    const many = Array.from({ length: 20 }, () => n.execute(uuid, 'sleep', '10', 5000));
    const results = await Promise.allSettled(many);
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
    await n.stop();
  });

  it('after a barge-in writes the answer at once; the switch plays it once the broken prompt ends', async () => {
    const n = node(sim.port);
    n.start();
    await n.ready();
    const uuid = randomUUID();
    const started: string[] = [];
    let onStart = () => {};
    n.attach(uuid, {
      onEvent: (e) => {
        if (e.name !== 'PLAYBACK_START') return;
        started.push(e.uuid);
        onStart();
      },
      onReconciled: () => {},
    });
    await n.bgapi(originate(uuid, '8006'));
    const order: string[] = [];
    // A long prompt (100 s at this time scale: far beyond the test) and one queued behind it.
    const playing = new Promise<void>((r) => (onStart = r));
    const long = n.execute(uuid, 'playback', '{sim_duration_ms=10000000,cp_seq=1}/tmp/p1.wav', 5000, () =>
      order.push('w1'),
    );
    await playing; // a barge-in breaks a prompt that is playing
    const queued = n.execute(uuid, 'playback', '{sim_duration_ms=100,cp_seq=2}/tmp/p2.wav', 5000, () =>
      order.push('w2'),
    );
    expect(order).toEqual(['w1']);
    // Barge-in: the queued prompt is dropped unsent, the break goes out, and the answer is written
    // before the broken prompt has completed.
    n.clearLane(uuid);
    await expect(queued).rejects.toThrow(/cleared/);
    void n.api(`uuid_break ${uuid} all`);
    let longDone = false;
    void long.then(() => (longDone = true));
    const answer = n.execute(uuid, 'playback', '{sim_duration_ms=100,cp_seq=3}/tmp/p3.wav', 5000, () =>
      order.push('w3'),
    );
    expect(order).toEqual(['w1', 'w3']);
    expect(longDone).toBe(false);
    // Both complete: the broken one first, then the answer, which really played.
    const done = await answer;
    expect(longDone).toBe(true);
    expect(done.appUuid).toBeTruthy();
    expect(started).toHaveLength(2);
    await n.stop();
  });
});
