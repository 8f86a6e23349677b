// A media worker killed mid-call (SIGKILL of a child process running `media/src/main.ts`): the dial
// job is retried by the next worker, which finds the record open, hangs up the orphaned channel and
// closes the record as unknown (90) — one record, and no record left open.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { encryptSecret } from '../../../platform/secrets';
import { startSimulator, type Simulator } from '../sim/server';
import { startCallKit, type CallKit } from './testKit';
import { until } from '../../../test/until';

const root = path.resolve(__dirname, '..', '..', '..');
let kit: CallKit;
let sim: Simulator;
const children: ChildProcess[] = [];

beforeAll(async () => {
  kit = await startCallKit();
  sim = await startSimulator({ timeScale: 0.1, seed: 5, heartbeatMs: 0 });
  await kit.db.knex('fs_nodes').update({ enabled: false });
  await kit.db.knex('fs_nodes').insert({
    name: 'fs-crash',
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
  await sim.close();
  await kit.close();
});

/**
 * Starts media/src/main.ts against the test database and Redis prefix; resolves once it is up.
 * `node --import tsx` rather than the tsx CLI: the CLI runs the program in a grandchild, which a
 * SIGKILL of the CLI would leave running.
 */
function startWorker(name: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'media/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: kit.config.databaseUrl,
      REDIS_PREFIX: kit.config.redisPrefix,
      MEDIA_NODE_ID: name,
      MEDIA_TIME_SCALE: '0.1',
      DIAL_LOCK_MS: '1000',
      TTS_RENDER_ON_START: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 20000);
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

it('closes the call of a killed worker exactly once, as unknown', async () => {
  const first = await startWorker('crash-1');
  const job = await kit.dial('9999');
  await until(
    async () =>
      (await kit.db.knex('calls').where({ call_uuid: job.callUuid }).first('status'))?.status === 'answered',
    15_000,
  );
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  expect(await kit.openCalls()).toBe(1); // its record still holds the slot
  expect(sim.stats().channels).toBe(1); // FreeSWITCH keeps the parked channel

  const second = await startWorker('crash-2');
  // The retry first waits for the dead worker's heartbeat to expire (TTL 15 s): it might be alive.
  const row = await kit.waitEnded(job.callUuid, 40000);
  expect(row).toMatchObject({ result_level: 90, status: 'ended' });
  expect(row.reason).toMatchObject({ code: expect.stringMatching(/^lost_(retryHungUp|channelGone)$/) });
  expect((row.reason as { text: string }).text).toMatch(/工作进程丢失了通话/);
  const count = await kit.db.knex('calls').where({ call_uuid: job.callUuid }).count({ n: '*' }).first();
  expect(Number(count!.n)).toBe(1);
  expect(await kit.openCalls()).toBe(0);
  // The retry's hang-up of the parked channel lands on the switch just after the record closes.
  await until(() => sim.stats().channels === 0, 2000);
  second.kill('SIGTERM');
  await new Promise((r) => second.once('exit', r));
}, 60000);
