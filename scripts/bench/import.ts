// Number import throughput: 1,000,000 valid numbers from txt with option 1 against 1,000,000 existing
// customers of the same merchant (10% of the file are among them: duplicates), then 1,000,000 rows
// from xlsx. Own database and Redis prefix, server in-process, times from upload to committed rows.
// `--scale 0.1` for a quick run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import Redis from 'ioredis';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD } from '../../config/demo';
import { importProcessStats } from '../../server/src/modules/crm/imports/runJob';
import { processImports } from '../../server/src/processors/imports';
import { startServer } from '../../server/src/server';
import { createDatabase, dropDatabase, withDatabase } from '../lib/db';

const scaleArg = process.argv.indexOf('--scale');
const SCALE = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 1;
const N = Math.round(1_000_000 * SCALE);

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Runs `call` (an expression returning a promise) in a child process. */
async function inChild(call: string): Promise<void> {
  const code = `${call}.then(() => process.exit(0), (e) => { console.error(e); process.exit(1); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 2, 2] });
  const [exit] = (await once(child, 'exit')) as [number];
  if (exit !== 0) throw new Error(`bench set-up failed: ${call.slice(0, 80)}`);
}

/**
 * Child processes migrate the database, seed the existing customers and write the files, so the peak
 * RSS figures are the import processes' own (and, apart, the server's).
 */
async function prepareInChild(work: string, dbUrl: string, secretKey: string) {
  const lib = JSON.stringify(path.resolve(__dirname, '../lib/db.ts'));
  await inChild(`require(${lib}).migrateAndSeed(${JSON.stringify(dbUrl)})`);
  const fixtures = JSON.stringify(
    path.resolve(__dirname, '../../server/src/modules/crm/imports/fixtures.ts'),
  );
  const args = [work, N, dbUrl, secretKey].map((a) => JSON.stringify(a)).join(', ');
  await inChild(`require(${fixtures}).prepareBench(${args})`);
  return { txt: path.join(work, 'numbers.txt'), xlsx: path.join(work, 'numbers.xlsx') };
}

async function login(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'merchant01', password: DEMO_PASSWORD, remember: false, pledge: true }),
  });
  const body = (await res.json()) as { data: { user: { token: string } } };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('Auth='))!
    .split(';')[0]!;
  return { cookie, authorization: `Bearer ${body.data.user.token}` };
}

/**
 * The import process's peak RSS, MB. The job shows done once the child commits, a moment before the
 * child's reply reaches the processor: wait for the reply.
 */
async function childPeakRss(): Promise<number> {
  for (let i = 0; i < 100 && !importProcessStats.lastPeakRssMb; i++)
    await new Promise((r) => setTimeout(r, 50));
  const mb = importProcessStats.lastPeakRssMb;
  importProcessStats.lastPeakRssMb = 0;
  return mb;
}

/** Uploads (file-backed blob: the client side holds no copy) and waits for the job; seconds + counts. */
async function timedImport(url: string, headers: Record<string, string>, file: string) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  form.append('option', '1');
  form.append('password', DEMO_PASSWORD); // the login password stands in for the export password
  const res = await fetch(`${url}/api/crm/imports`, { method: 'POST', headers, body: form });
  const created = (await res.json()) as { code: number; data: { importJobId: number } };
  if (created.code !== 200) throw new Error(`upload refused: ${JSON.stringify(created)}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const r = await fetch(`${url}/api/crm/imports/${created.data.importJobId}`, { headers });
    const j = (
      (await r.json()) as { data: { status: string; imported: number; rowsDone: number; error?: string } }
    ).data;
    if (j.status === 'failed') throw new Error(`import failed: ${j.error}`);
    if (j.status === 'done')
      return { s: (performance.now() - t0) / 1000, rows: j.rowsDone, imported: j.imported };
  }
}

export default async function importBench(): Promise<Record<string, number>> {
  const base = loadConfig().databaseUrl;
  const tag = Math.random().toString(36).slice(2, 10);
  const dbName = `callplat_bench_${tag}`;
  const dbUrl = withDatabase(base, dbName);
  const redisPrefix = `bench:${tag}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  process.env.IMPORT_DIR = path.join(work, 'data');
  await createDatabase(base, dbName);
  try {
    const config = loadConfig(process.env, { port: 0, host: '127.0.0.1', databaseUrl: dbUrl, redisPrefix });
    const { txt, xlsx } = await prepareInChild(work, dbUrl, config.secretKey);
    const server = await startServer(config);
    processImports(server.deps); // a no-op when the server's processors already run it
    try {
      const headers = await login(server.url);
      const t = await timedImport(server.url, headers, txt);
      if (t.imported !== N - Math.ceil(N / 10)) throw new Error(`txt imported ${t.imported}`);
      const txtRss = await childPeakRss();
      const x = await timedImport(server.url, headers, xlsx);
      if (x.imported !== N) throw new Error(`xlsx imported ${x.imported}`);
      const xlsxRss = await childPeakRss();
      return {
        txt_rows: t.rows,
        txt_s: Math.round(t.s * 100) / 100,
        xlsx_rows: x.rows,
        xlsx_s: Math.round(x.s * 100) / 100,
        // The importing process is the child each import runs in (imports/child.ts).
        peak_rss_mb: Math.max(txtRss, xlsxRss),
        txt_rss_mb: txtRss,
        xlsx_rss_mb: xlsxRss,
        server_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
        cores: os.cpus().length,
      };
    } finally {
      await server.close();
    }
  } finally {
    await dropDatabase(base, dbName);
    await deleteKeys(loadConfig().redisUrl, redisPrefix);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
