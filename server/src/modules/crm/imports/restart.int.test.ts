// A server killed (SIGKILL) in the middle of an import, then started again: the import never leaves
// half its rows. The killed run's transaction is rolled back; the restarted server's queue takes the
// job up again once its lock lapses and either finishes it with exact counts or marks it failed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import Redis from 'ioredis';
import { loadConfig } from '../../../../../config';
import { seedConfig } from '../../../../../scripts/lib/db';
import { ApiClient } from '../../../../../test/apiClient';
import { createTestDb, type TestDb } from '../../../../../test/db';
import { writeText } from '../../../files/fixtures';
import { finished, upload } from './testHelpers';
import { until } from '../../../../../test/until';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../../../../..');
const ROWS = 150_000;
let db: TestDb;
let dir: string;
let port: number;
let prefix: string;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const s = net.createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const p = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return p;
}

/** `npm run server` as its own process group, answering once /api/health does. */
async function startServerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_PREFIX: prefix,
      IMPORT_DIR: path.join(dir, 'imports'),
      QUEUE_LOCK_MS: '2000', // short, so the restarted server takes the job up soon; not so short a busy CI machine lapses it
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const up = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
  await until(up, 20_000).catch(() => {
    throw new Error('the server process did not start');
  });
  return child;
}

beforeAll(async () => {
  db = await createTestDb();
  await db.knex.seed.run(seedConfig);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-restart-'));
  port = await freePort();
  prefix = `test:${db.name}`;
});

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    process.kill(-c.pid!, 'SIGKILL');
    await once(c, 'exit');
  }
  const r = new Redis(loadConfig().redisUrl, { maxRetriesPerRequest: 1 });
  const keys = await r.keys(`${prefix}:*`);
  if (keys.length) await r.del(...keys);
  r.disconnect();
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('never half-imports when the server is killed mid-import and started again', async () => {
  const first = await startServerProcess();
  const c = new ApiClient(`http://127.0.0.1:${port}`);
  expect((await c.login('merchant01')).body.code).toBe(200);
  const lines = Array.from({ length: ROWS }, (_, i) => `137${String(i).padStart(8, '0')}`);
  const r = await upload(c, writeText(dir, 'big.txt', lines), 1);
  expect(r.body.code).toBe(200);
  const id = r.body.data!.importJobId;

  // Kill the server while the job runs, with rows parsed but not committed.
  await until(async () => {
    const j = await db.knex('import_jobs').where({ id }).first('status', 'rows_done');
    if (j.status === 'done') throw new Error('the import finished before the kill: raise ROWS');
    return j.status === 'running' && Number(j.rows_done) > 0;
  }, 6000);
  process.kill(-first.pid!, 'SIGKILL');
  await once(first, 'exit');
  expect(await db.knex('customers').where({ import_job_id: id }).count({ n: '*' })).toEqual([{ n: '0' }]);

  await startServerProcess();
  const again = new ApiClient(`http://127.0.0.1:${port}`);
  expect((await again.login('merchant01')).body.code).toBe(200);
  const j = await finished(again, id, 90_000);
  const stored = Number((await db.knex('customers').where({ import_job_id: id }).count({ n: '*' }))[0]!.n);
  if (j.status === 'done') {
    expect(j.imported).toBe(ROWS);
    expect(stored).toBe(ROWS);
  } else {
    expect(j.error).toBeTruthy();
    expect(stored).toBe(0);
  }
});
