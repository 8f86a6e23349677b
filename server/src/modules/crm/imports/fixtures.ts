// Bench fixtures: the import bench's customers and files (scripts/bench/import.ts). Not used by the
// server. The sheet and zip files of the tests are server/src/files/fixtures.ts.
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { phoneHash } from '../../../../../platform/secrets';
import { writeXlsx } from '../../../files/fixtures';

/**
 * The import bench's files (scripts/bench/import.ts): numbers.txt with n numbers, every tenth one
 * among the bench's existing customers (139…), and numbers.xlsx with n rows of fresh numbers + names.
 */
async function writeBenchFiles(dir: string, n: number): Promise<void> {
  const out = fs.createWriteStream(path.join(dir, 'numbers.txt'));
  let buf = '';
  for (let i = 0; i < n; i++) {
    buf += String(i % 10 === 0 ? 13900000000 + i : 13800000000 + i) + '\n';
    if (buf.length > 256 * 1024) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await finished(out);
  await writeXlsx(dir, 'numbers.xlsx', {
    *[Symbol.iterator]() {
      yield ['手机', '姓名'];
      for (let i = 0; i < n; i++) yield [13700000000 + i, `客户${i}`];
    },
  });
}

/** N uncalled customers of merchant01 (numbers 139…), loaded with COPY. */
async function seedBenchCustomers(dbUrl: string, secretKey: string, N: number): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const id = (await c.query("SELECT id FROM accounts WHERE account = 'merchant01'")).rows[0].id;
    const copy = c.query(copyFrom('COPY customers (account_id, phone, phone_hash) FROM STDIN'));
    let buf = '';
    for (let i = 0; i < N; i++) {
      const d = String(13900000000 + i);
      buf += `${id}\t${d}\t${phoneHash(secretKey, d)}\n`;
      if (buf.length > 256 * 1024) {
        if (!copy.write(buf)) await once(copy, 'drain');
        buf = '';
      }
    }
    copy.end(buf);
    await finished(copy);
    // As a live table stands: vacuumed (an autovacuum of this load would otherwise run during the
    // timed import, on the same two cores) and checkpointed (the load's dirty pages written out).
    await c.query('VACUUM ANALYZE customers');
    await c.query('CHECKPOINT').catch(() => undefined); // superusers only
  } finally {
    await c.end();
  }
}

/** Run by scripts/bench/import.ts in a child process: existing customers, then the two files. */
export async function prepareBench(dir: string, n: number, dbUrl: string, secretKey: string): Promise<void> {
  await seedBenchCustomers(dbUrl, secretKey, n);
  await writeBenchFiles(dir, n);
}
