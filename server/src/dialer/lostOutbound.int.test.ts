// A media worker SIGKILLed with outbound calls in flight (issue 21 item 8), against the simulator: the
// server finds its calls by the worker's lapsed alive key and closes every one within 15 s of the
// death, without waiting for Bull and whether or not another worker lives. A call the switch ended
// after the death keeps the switch's result (busy, heard by a living worker); a still-live channel is
// hung up; an answered call is billed up to its last alive stamp, and settled once: the dead worker's
// jobs, retried later, find their records closed.
import type { ChildProcess } from 'node:child_process';
import { encryptSecret } from '../../../platform/secrets';
import { startSimulator, type Simulator } from '../../../media/src/sim/server';
import { startCallWorker, type CallWorker } from '../../../media/src/calls/worker';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { dialDemoBot } from '../../../test/mediaKit';
import { killMediaProcess, startMediaProcess } from '../../../test/mediaProcess';
import { until } from '../../../test/until';
import { liveSocket, loggedIn } from '../../../test/fixtures';
import type { CallStateEvent } from '../../../domain/events';
import { startDialer, type Dialer } from './scheduler';

let p: TestPlatform;
let sim: Simulator;
let dialer: Dialer;
let living: CallWorker | undefined;
let dying: ChildProcess | undefined;

beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: false, tickMs: 100 } } });
  sim = await startSimulator({ timeScale: 1, seed: 11, heartbeatMs: 0 });
  const k = p.db.knex;
  await k('fs_nodes').update({ enabled: false });
  await k('fs_nodes').insert({
    name: 'fs-lost',
    esl_host: '127.0.0.1',
    esl_port: sim.port,
    esl_password_enc: encryptSecret(p.config.secretKey, 'ClueCon'),
    weight: 10,
  });
  // Settlement and the lost-call sweep; no ticks (no tasks here).
  dialer = startDialer(p.server.deps, { role: 'settle' });
}, 60000);
afterAll(async () => {
  if (dying) await killMediaProcess(dying);
  await living?.close();
  await dialer.stop();
  await sim.close();
  await p.close();
});

const rowsOf = (uuids: string[]) => p.db.knex('calls').whereIn('call_uuid', uuids).select('*').orderBy('id');
const every = async (uuids: string[], ok: (r: Record<string, unknown>) => boolean) => {
  const rows = await rowsOf(uuids);
  return rows.length === uuids.length && rows.every(ok);
};
const ledgerRows = (uuid: string) =>
  p.db.knex('ledger_entries').whereLike('idempotency_key', `call:${uuid}:%`).select('idempotency_key');

it('closes a killed worker’s calls within 15 s: switch results kept, channels hung up, billed once', async () => {
  const k = p.db.knex;
  dying = await startMediaProcess(p.config, 'lost-dying', { DIAL_LOCK_MS: '5000' });
  // Two answered conversations, stamped alive by the dying worker.
  const answered = [await dialDemoBot(p, '9999'), await dialDemoBot(p, '9999')];
  await until(() =>
    every(
      answered,
      (r) => r.status === 'answered' && new Date(r.alive_at as string) > new Date(r.answered_at as string),
    ),
  );
  // The living worker: it hears the switch, but takes no dial jobs until the closes are checked.
  living = await startCallWorker({
    config: p.config,
    db: k,
    nodes: [{ id: 1, name: 'fs-lost', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    workerId: 'lost-living',
    queue: { lockMs: 5000, stalledMs: 2000 },
  });
  await living.dial.queue.pause(true);
  // Two that will be busy (2-4 s after the originate, so after the death) and one ringing for ever.
  const busy = [await dialDemoBot(p, '9001'), await dialDemoBot(p, '9001')];
  const ringing = [await dialDemoBot(p, '9002')];
  const all = [...answered, ...busy, ...ringing];
  await until(() => every(all, (r) => r.originated_at !== null));
  expect(new Set((await rowsOf(all)).map((r) => r.media_worker))).toEqual(new Set(['lost-dying']));

  // The merchant's wallboard: it must hear each lost call end, though its worker is dead.
  const socket = await liveSocket(p, await loggedIn(p, 'merchant01'));
  const ended = new Map<string, CallStateEvent>();
  socket.on('call:state', (e) => {
    if (e.status === 'ended') ended.set(e.callUuid, e);
  });
  const killedAt = Date.now();
  await killMediaProcess(dying);
  await until(() => every(all, (r) => r.status === 'ended'), 20000);
  const tookMs = Date.now() - killedAt;
  expect(tookMs).toBeLessThanOrEqual(15000);
  await until(async () => all.every((u) => ended.has(u)), 5000);
  socket.close();

  const by = new Map((await rowsOf(all)).map((r) => [r.call_uuid as string, r]));
  for (const u of busy) expect(by.get(u)).toMatchObject({ result_level: 67, hangup_cause: 'USER_BUSY' });
  for (const u of all)
    expect(ended.get(u)).toMatchObject({
      resultLevel: by.get(u)!.result_level,
      billableMs: by.get(u)!.billable_ms,
      phoneMasked: by.get(u)!.phone_masked,
    });
  for (const u of ringing) expect(by.get(u)).toMatchObject({ result_level: 90, billable_ms: 0 });
  for (const u of answered) {
    const r = by.get(u)!;
    expect(r.result_level).toBe(90);
    const aliveMs = new Date(r.alive_at).getTime() - new Date(r.answered_at).getTime();
    // Closed here (reason.lost), not by a retry that knew nothing of the talk.
    expect({ billed: r.billable_ms > 0, reason: r.reason }).toMatchObject({
      billed: true,
      reason: { lost: true },
    });
    // Billed up to the last alive stamp (at most one stamp before the death), not up to the close.
    expect(Math.abs(r.billable_ms - aliveMs)).toBeLessThanOrEqual(5);
    expect(new Date(r.alive_at).getTime()).toBeGreaterThan(killedAt - 2500);
    expect(new Date(r.alive_at).getTime()).toBeLessThanOrEqual(killedAt + 50);
  }
  // Nobody left in silence on the switch.
  await until(() => sim.stats().channels === 0, 5000);
  // Settled once each: the answered ones charged (the demo merchant has a rate).
  await until(() => every(all, (r) => r.settled_at !== null), 10000);
  const charged = new Map((await rowsOf(all)).map((r) => [r.call_uuid as string, Number(r.charged_fen)]));
  for (const u of answered) expect(charged.get(u)).toBeGreaterThan(0);
  const before = new Map<string, number>();
  for (const u of all) before.set(u, (await ledgerRows(u)).length);

  // The dead worker's jobs come back to the living worker: they find their records closed.
  await living.dial.queue.resume(true);
  await until(
    async () =>
      (await living!.dial.queue.getJobCounts()).active + (await living!.dial.queue.getJobCounts()).waiting ===
        0 && (await living!.dial.queue.getCompletedCount()) >= all.length,
    20000,
  );
  const after = await rowsOf(all);
  expect(after).toHaveLength(all.length); // one record per number
  for (const r of after) {
    const was = by.get(r.call_uuid)!;
    expect(r).toMatchObject({ result_level: was.result_level, billable_ms: was.billable_ms });
    expect(Number(r.charged_fen)).toBe(charged.get(r.call_uuid));
    expect((await ledgerRows(r.call_uuid)).length).toBe(before.get(r.call_uuid));
  }
  expect(await k('calls').whereIn('call_uuid', all).count({ n: '*' })).toEqual([{ n: String(all.length) }]);
  await living.close();
  living = undefined;
}, 120000);

it('closes the calls of the only worker within 15 s; its restart hangs up the channel left up', async () => {
  dying = await startMediaProcess(p.config, 'lost-only', { DIAL_LOCK_MS: '5000' });
  const uuid = await dialDemoBot(p, '9999');
  await until(async () => {
    const r = await p.db.knex('calls').where({ call_uuid: uuid }).first('status', 'alive_at', 'answered_at');
    return r?.status === 'answered' && new Date(r.alive_at) > new Date(r.answered_at);
  });
  const killedAt = Date.now();
  await killMediaProcess(dying);
  const row = await until(async () => {
    const r = await p.db.knex('calls').where({ call_uuid: uuid }).first();
    return r?.status === 'ended' ? r : undefined;
  }, 20000);
  expect(Date.now() - killedAt).toBeLessThanOrEqual(15000);
  expect(row.result_level).toBe(90);
  const aliveMs = new Date(row.alive_at).getTime() - new Date(row.answered_at).getTime();
  expect(Math.abs(row.billable_ms - aliveMs)).toBeLessThanOrEqual(5);
  // Nobody was left to hear the server: the customer's channel is still up until a worker starts.
  expect(sim.stats().channels).toBe(1);
  const settled = await until(async () => {
    const r = await p.db.knex('calls').where({ call_uuid: uuid }).first();
    return r.settled_at ? r : undefined;
  });
  const ledger = (await ledgerRows(uuid)).length;
  expect(ledger).toBeGreaterThan(0);
  // The restarted worker takes the dead one's job back: it hangs the channel up and bills nothing more.
  dying = await startMediaProcess(p.config, 'lost-restarted', { DIAL_LOCK_MS: '5000' });
  await until(() => sim.stats().channels === 0, 20000);
  const after = await p.db.knex('calls').where({ call_uuid: uuid }).first();
  expect(after).toMatchObject({
    result_level: 90,
    billable_ms: row.billable_ms,
    charged_fen: settled.charged_fen,
  });
  expect((await ledgerRows(uuid)).length).toBe(ledger);
}, 90000);
