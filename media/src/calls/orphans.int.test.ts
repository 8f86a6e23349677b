// A media worker SIGKILLed with outbound calls in flight (issue 21 item 8): a living worker finds its
// calls by the lapsed heartbeat and closes every one within 15 s of the death, without waiting for
// Bull. A call the switch ended meanwhile keeps the switch's result (busy); a still-live channel is
// hung up (nobody sits in silence); an answered call is billed up to its last alive stamp. One record
// per number, no number dialled twice, no slot held.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { encryptSecret } from '../../../config/secrets';
import { startSimulator, type Simulator } from '../sim/server';
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';

const root = path.resolve(__dirname, '..', '..', '..');
let kit: CallKit;
let sim: Simulator;
let living: CallWorker | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  kit = await startCallKit();
  sim = await startSimulator({ timeScale: 1, seed: 11, heartbeatMs: 0 });
  await kit.db.knex('fs_nodes').update({ enabled: false });
  await kit.db.knex('fs_nodes').insert({
    name: 'fs-orphans',
    esl_host: '127.0.0.1',
    esl_port: sim.port,
    esl_password_enc: encryptSecret(kit.config.secretKey, 'ClueCon'),
    weight: 10,
  });
}, 60000);
afterAll(async () => {
  for (const c of children)
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await new Promise((r) => c.once('exit', r));
    }
  await living?.close();
  await sim.close();
  await kit.close();
});

/** media/src/main.ts as a child process (as crash.int.test.ts): resolves once it is up. */
function startWorker(name: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'media/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: kit.config.databaseUrl,
      REDIS_PREFIX: kit.config.redisPrefix,
      MEDIA_NODE_ID: name,
      TTS_RENDER_ON_START: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 30000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('up:')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}: ${out}`)));
  });
}

async function until(what: string, ok: () => Promise<boolean>, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsOf = (uuids: string[]) =>
  kit.db.knex('calls').whereIn('call_uuid', uuids).select('*').orderBy('id');
/** Whether every one of `uuids` has its record and `ok` holds for each. */
const each = async (uuids: string[], ok: (r: Record<string, unknown>) => boolean) => {
  const rows = await rowsOf(uuids);
  return rows.length === uuids.length && rows.every(ok);
};

it('closes a killed worker’s calls within 15 s: switch results kept, channels hung up, talk billed', async () => {
  const knex = kit.db.knex;
  const dying = await startWorker('orphans-dying');
  // Two answered conversations, stamped alive by the dying worker's heartbeat.
  const answered = [await kit.dial('9999'), await kit.dial('9999')].map((j) => j.callUuid);
  await until('answers and alive stamps', () =>
    each(answered, (r) => r.status === 'answered' && r.alive_at !== null),
  );
  // The living worker: started now, taking no dial jobs (they must all be the dying one's).
  living = await startCallWorker({
    config: kit.config,
    db: knex,
    nodes: [
      { id: 1, name: 'fs-orphans', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 10 },
    ],
    backoff: { baseMs: 50, capMs: 300 },
    workerId: 'orphans-living',
  });
  await living.dial.queue.pause(true);
  // Two that will be busy (the switch says so 2-4 s after the originate) and one ringing for ever.
  const busy = [await kit.dial('9001'), await kit.dial('9001')].map((j) => j.callUuid);
  const ringing = [(await kit.dial('9002')).callUuid];
  const all = [...answered, ...busy, ...ringing];
  await until('originates', () => each(all, (r) => r.originated_at !== null));
  expect(new Set((await rowsOf(all)).map((r) => r.media_worker))).toEqual(new Set(['orphans-dying']));

  dying.kill('SIGKILL');
  const killedAt = Date.now();
  await new Promise((r) => dying.once('exit', r));
  await until('every call closed', () => each(all, (r) => r.status === 'ended'), 20000);
  const tookMs = Date.now() - killedAt;
  expect(tookMs).toBeLessThanOrEqual(15000);

  const rows = await rowsOf(all);
  expect(rows).toHaveLength(all.length); // one record per number
  const by = new Map(rows.map((r) => [r.call_uuid as string, r]));
  for (const u of busy) expect(by.get(u)).toMatchObject({ result_level: 67, hangup_cause: 'USER_BUSY' });
  // The busy signal came after the death (2-4 s rings): heard by the living worker, kept by its sweep.
  expect(busy.some((u) => new Date(by.get(u)!.ended_at).getTime() > killedAt)).toBe(true);
  for (const u of ringing) expect(by.get(u)).toMatchObject({ result_level: 90, billable_ms: 0 });
  for (const u of answered) {
    const r = by.get(u)!;
    expect(r.result_level).toBe(90);
    const aliveMs = new Date(r.alive_at).getTime() - new Date(r.answered_at).getTime();
    expect(r.billable_ms).toBeGreaterThan(0);
    // Billed up to the last alive stamp, not up to when the loss was noticed.
    expect(Math.abs(r.billable_ms - aliveMs)).toBeLessThanOrEqual(5);
    expect(r.billable_ms).toBeLessThan(Date.now() - new Date(r.answered_at).getTime() - tookMs + 2500);
  }
  // Nobody left in silence on the switch; slots all free.
  await until('channels hung up', async () => sim.stats().channels === 0, 3000);
  expect(await kit.leakedSlots()).toBe(0);
  // Nothing dialled twice: the dead worker's jobs, retried later, find their records closed.
  await living.dial.queue.resume(true);
  await new Promise((r) => setTimeout(r, 500));
  expect(await knex('calls').whereIn('call_uuid', all).count({ n: '*' })).toEqual([
    { n: String(all.length) },
  ]);
}, 90000);
