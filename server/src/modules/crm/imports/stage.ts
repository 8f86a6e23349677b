// The set-based half of an import, on one dedicated connection inside ONE transaction: rows are COPYed
// into a temporary table, classified with joins (in-file duplicates, blacklist, the subtree's uncalled
// customers, option 3's condition), the report is written, the new customers are inserted and the job
// is marked done. A crash anywhere before COMMIT leaves nothing behind, so a re-run starts clean.
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import { writeReport, type Counters } from './report';

export interface StageRow {
  rowNo: number;
  phone: string;
  cipher: string | null;
  hash: string | null;
  name: string;
  contact: string;
  sex: 0 | 1 | null;
  company: string;
  address: string;
  remarks: string[];
  source: string;
  /** Set in Node for rows refused before the database: invalid, removed (landline). */
  outcome: 'invalid' | 'removed' | null;
  reason: string;
}

const LOCK_SPACE = 3003; // advisory-lock namespace of import jobs

const COLS =
  'row_no, phone, cipher, hash, name, contact, sex, company, address, remark1, remark2, remark3, remark4, remark5, source, outcome, reason';

// COPY text format: backslash escapes, \N is NULL.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const esc = (s: string) => (/[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : s);
const nul = (s: string | number | null) => (s === null ? '\\N' : esc(String(s)));

export const stageLine = (r: StageRow): string =>
  `${r.rowNo}\t${nul(r.phone)}\t${nul(r.cipher)}\t${nul(r.hash)}\t${esc(r.name)}\t${esc(r.contact)}\t` +
  `${nul(r.sex)}\t${esc(r.company)}\t${esc(r.address)}\t${esc(r.remarks[0]!)}\t${esc(r.remarks[1]!)}\t` +
  `${esc(r.remarks[2]!)}\t${esc(r.remarks[3]!)}\t${esc(r.remarks[4]!)}\t${esc(r.source)}\t` +
  `${nul(r.outcome)}\t${esc(r.reason)}\n`;

export interface Scope {
  jobId: number;
  accountId: number;
  /** The importer's subtree (dedupe and option 3 look only here). */
  subtreeIds: number[];
  /** The importer and its ancestors: their blacklists apply, with the platform's (account_id null). */
  ancestorIds: number[];
  /** Option 3: remove numbers called within N days or graded one of these. */
  removeIf?: { calledWithinDays?: number; grades?: number[] };
}

/**
 * Opens the job's transaction, or returns null when the job was finished meanwhile: a transaction-level
 * advisory lock on the job id makes two deliveries of one job (Bull's at-least-once) run one after
 * the other, and the second sees the first one's 'done'.
 */
export async function openStage(
  databaseUrl: string,
  jobId: number,
): Promise<{ client: pg.Client; copy: Writable } | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection mid-import must fail the job (its query rejects), not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::int, ($2::bigint % 2147483647)::int)', [
      LOCK_SPACE,
      jobId,
    ]);
    const job = await client.query('SELECT status FROM import_jobs WHERE id = $1', [jobId]);
    if (['done', 'failed'].includes(job.rows[0]?.status)) {
      await client.end();
      return null;
    }
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query(
      `CREATE TEMP TABLE import_stage (row_no int NOT NULL, phone text, cipher text, hash text, name text,
       contact text, sex smallint, company text, address text, remark1 text, remark2 text, remark3 text,
       remark4 text, remark5 text, source text, outcome text, reason text) ON COMMIT DROP`,
    );
    return { client, copy: client.query(copyFrom(`COPY import_stage (${COLS}) FROM STDIN`)) };
  } catch (e) {
    await client.end();
    throw e;
  }
}

/** Classifies the staged rows, writes the report, inserts the survivors and closes the job. */
export async function commitStage(client: pg.Client, s: Scope, reportPath: string): Promise<Counters> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await q('ANALYZE import_stage'); // temp tables are never auto-analyzed: the joins below need row counts
  await q(
    `UPDATE import_stage s SET outcome = 'duplicate', reason = 'repeated in the file'
     WHERE outcome IS NULL AND EXISTS (SELECT 1 FROM import_stage t
       WHERE t.hash = s.hash AND t.row_no < s.row_no AND t.outcome IS NULL)`,
  );
  await q(
    `UPDATE import_stage s SET outcome = 'blacklisted', reason = 'blacklisted'
     WHERE outcome IS NULL AND EXISTS (SELECT 1 FROM blacklist_numbers b WHERE b.phone_hash = s.hash
       AND (b.account_id IS NULL OR b.account_id = ANY($1::bigint[])))`,
    [s.ancestorIds],
  );
  // Option 1 for every option: an uncalled customer of the subtree with the same number is a duplicate,
  // and so is any row this very job inserted before (a re-run never inserts twice).
  await q(
    `UPDATE import_stage s SET outcome = 'duplicate', reason = 'already a customer, not yet called'
     WHERE outcome IS NULL AND EXISTS (SELECT 1 FROM customers c WHERE c.phone_hash = s.hash
       AND c.account_id = ANY($1::bigint[]) AND (c.last_called_at IS NULL OR c.import_job_id = $2))`,
    [s.subtreeIds, s.jobId],
  );
  const days = s.removeIf?.calledWithinDays;
  const grades = s.removeIf?.grades ?? [];
  if (days !== undefined || grades.length)
    await q(
      `UPDATE import_stage s SET outcome = 'removed', reason = 'matches the removal condition'
       WHERE outcome IS NULL AND EXISTS (SELECT 1 FROM customers c WHERE c.phone_hash = s.hash
         AND c.account_id = ANY($1::bigint[])
         AND (($2::int IS NOT NULL AND c.last_called_at >= now() - make_interval(days => $2::int))
              OR c.grade = ANY($3::smallint[])))`,
      [s.subtreeIds, days ?? null, grades],
    );
  const counts = await q('SELECT outcome, count(*)::int n FROM import_stage GROUP BY outcome');
  const by = Object.fromEntries(
    counts.rows.map((r: { outcome: string | null; n: number }) => [r.outcome ?? 'new', r.n]),
  );
  const c: Counters = {
    imported: by.new ?? 0,
    duplicates: by.duplicate ?? 0,
    invalid: by.invalid ?? 0,
    blacklisted: by.blacklisted ?? 0,
    removed: by.removed ?? 0,
  };
  await writeReport(
    reportPath,
    c,
    client.query(
      copyTo(
        `COPY (SELECT row_no, phone, outcome, reason FROM import_stage WHERE outcome IS NOT NULL ORDER BY row_no)
         TO STDOUT WITH (FORMAT csv)`,
      ),
    ),
  );
  await q(
    `INSERT INTO customers (account_id, name, phone, phone_cipher, phone_hash, contact, sex, company, address,
       remark1, remark2, remark3, remark4, remark5, source, import_job_id, imported_at)
     SELECT $1, name, phone, cipher, hash, contact, sex, company, address,
       remark1, remark2, remark3, remark4, remark5, source, $2, now()
     FROM import_stage WHERE outcome IS NULL ORDER BY hash`,
    [s.accountId, s.jobId],
  );
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  await q(
    `UPDATE import_jobs SET status = 'done', rows_total = $2, rows_done = $2, imported = $3, duplicates = $4,
       invalid = $5, blacklisted = $6, removed = $7, report_path = $8, error = NULL, finished_at = clock_timestamp()
     WHERE id = $1`,
    [s.jobId, total, c.imported, c.duplicates, c.invalid, c.blacklisted, c.removed, reportPath],
  );
  await q('COMMIT');
  return c;
}
