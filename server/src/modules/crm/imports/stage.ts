// The set-based half of an import, on one dedicated connection inside ONE transaction. Rows arrive in
// chunks of COPY text sorted by hash (chunker.ts): each chunk is COPYed into a temporary table and
// classified by probes (blacklists, the subtree's customers, option 3's condition); its refused and
// updated rows are kept for the report, the customers it re-imports updated and its new customers
// inserted, while the processor parses the next chunk (the database and Node work at the same time).
// The report is written and the job marked done at the end. A crash anywhere before COMMIT leaves
// nothing behind, so a re-run starts clean. The tree's number lock (customers/phoneLock.ts), held to
// COMMIT, keeps the customer form and other imports from adding a number meanwhile.
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { finished } from 'node:stream/promises';
import { COLS } from './chunker';
import { writeReport, type Counters } from './report';
import type { Reasons } from './reasons';
import { TREE_LOCK_SPACE, TREE_LOCK_SQL } from '../customers/phoneLock';

const LOCK_SPACE = 3003; // advisory-lock namespace of import jobs

export interface Scope {
  jobId: number;
  accountId: number;
  /** The importer's subtree (dedupe and option 3 look only here). */
  subtreeIds: number[];
  /** The importer and its ancestors: their blacklists apply, with the platform's (account_id null). */
  ancestorIds: number[];
  /** Option 3: remove numbers called within N days or graded one of these. */
  removeIf?: { calledWithinDays?: number; grades?: number[] };
  /** The tree lock's key (customers/phoneLock.ts phoneTreeKey). */
  treeKey: number;
  /** The report's words, in the importer's language. */
  reasons: Reasons;
}

const zero = (): Counters => ({
  imported: 0,
  updated: 0,
  duplicates: 0,
  invalid: 0,
  blacklisted: 0,
  removed: 0,
});

/** One import's transaction: chunks go in with copyChunk() and storeChunk(), finish() commits. */
export class Stage {
  readonly counters = zero();

  constructor(
    readonly client: pg.Client,
    private readonly scope: Scope,
  ) {}

  private q(sql: string, params: unknown[] = []) {
    return this.client.query(sql, params);
  }

  /** A chunk into the temporary table; `data` may be reused once this resolves. Then storeChunk(). */
  async copyChunk(data: Buffer): Promise<void> {
    await this.q('TRUNCATE import_chunk');
    const copy = this.client.query(copyFrom(`COPY import_chunk (${COLS}) FROM STDIN`));
    copy.end(data);
    await finished(copy);
  }

  /**
   * Classify, keep the refused and updated rows, update the customers re-imported, insert the new
   * ones: the copied chunk, in the transaction.
   */
  async storeChunk(): Promise<void> {
    const s = this.scope;
    const R = s.reasons;
    const days = s.removeIf?.calledWithinDays ?? null;
    const grades = s.removeIf?.grades ?? [];
    // Only rows the probes hit (a blacklist, a customer of the subtree: about one in ten) get their
    // verdict written in place; the rest then go into customers as they are. Cheaper than one statement
    // that carries every row through a materialised CTE. The probes are correlated scalar LIMIT 1
    // subqueries: always an index probe per row, where an EXISTS could be planned as a hash of all
    // customers (temporary tables have no statistics).
    //   blacklisted: on the platform's list or the list of the importer or an ancestor (named);
    //   duplicate: a customer of the subtree with the number that was never called (every option
    //     dedupes uncalled numbers);
    //   removed (option 3): a customer of the subtree with the number called within N days or graded
    //     one of the given grades;
    //   updated: a customer of the subtree with the number that was called: never a second customer,
    //     the file's non-empty fields go onto it and it joins this import's batch.
    const blacklisted = `(SELECT 1 FROM blacklist_numbers b WHERE b.phone_hash = s.hash
      AND (b.account_id IS NULL OR b.account_id = ANY($1::bigint[])) LIMIT 1) IS NOT NULL`;
    const known = `(SELECT 1 FROM customers k WHERE k.phone_hash = s.hash AND k.account_id = ANY($2::bigint[])
      LIMIT 1) IS NOT NULL`;
    // '' for the platform's list, else the account whose list has it (the platform's named first).
    const listOf = `(SELECT CASE WHEN b.account_id IS NULL THEN '' ELSE coalesce(a.account, b.account_id::text) END
      FROM blacklist_numbers b LEFT JOIN accounts a ON a.id = b.account_id WHERE b.phone_hash = s.hash
      AND (b.account_id IS NULL OR b.account_id = ANY($1::bigint[])) ORDER BY b.account_id NULLS FIRST LIMIT 1)`;
    const customerOf = `(SELECT k.id FROM customers k WHERE k.phone_hash = s.hash
      AND k.account_id = ANY($2::bigint[]) ORDER BY k.id LIMIT 1)`;
    await this.q(
      `UPDATE import_chunk s SET bl = ${listOf}, match_id = ${customerOf}
       WHERE s.outcome IS NULL AND (${blacklisted} OR ${known})`,
      [s.ancestorIds, s.subtreeIds],
    );
    const called = `(SELECT k.last_called_at IS NOT NULL FROM customers k WHERE k.id = s.match_id)`;
    const removed = `($2::int IS NOT NULL OR cardinality($3::smallint[]) > 0) AND (SELECT 1 FROM customers k
      WHERE k.phone_hash = s.hash AND k.account_id = ANY($1::bigint[])
      AND (($2::int IS NOT NULL AND k.last_called_at >= now() - make_interval(days => $2::int))
           OR k.grade = ANY($3::smallint[])) LIMIT 1) IS NOT NULL`;
    const verdicts = await this.q(
      `WITH v AS (
         UPDATE import_chunk s
         SET outcome = CASE WHEN s.bl IS NOT NULL THEN 'blacklisted' WHEN NOT ${called} THEN 'duplicate'
             WHEN ${removed} THEN 'removed' ELSE 'updated' END,
           reason = CASE WHEN s.bl = '' THEN $4 WHEN s.bl IS NOT NULL THEN format($5, s.bl)
             WHEN NOT ${called} THEN format($6, s.match_id) WHEN ${removed} THEN format($7, s.match_id)
             ELSE format($8, s.match_id) END
         WHERE s.outcome IS NULL AND (s.bl IS NOT NULL OR s.match_id IS NOT NULL)
         RETURNING s.outcome
       )
       SELECT count(*) FILTER (WHERE outcome = 'blacklisted')::int AS blacklisted,
         count(*) FILTER (WHERE outcome = 'duplicate')::int AS duplicates,
         count(*) FILTER (WHERE outcome = 'removed')::int AS removed,
         count(*) FILTER (WHERE outcome = 'updated')::int AS updated
       FROM v`,
      [s.subtreeIds, days, grades, R.platformList, R.accountList, R.uncalled, R.removed, R.updated],
    );
    // Which fields a re-import changes: those the file has (a non-empty cell), never the number itself
    // (a hidden one stays hidden, a clear one clear); the customer joins this import's batch.
    const keep = (c: string) => `${c} = CASE WHEN s.${c} <> '' THEN s.${c} ELSE k.${c} END`;
    await this.q(
      `UPDATE customers k SET ${['name', 'contact', 'company', 'address', 'source']
        .concat([1, 2, 3, 4, 5].map((i) => `remark${i}`))
        .map(keep)
        .join(
          ', ',
        )}, sex = coalesce(s.sex, k.sex), import_job_id = $1, imported_at = now(), updated_at = now()
       FROM import_chunk s WHERE s.outcome = 'updated' AND k.id = s.match_id`,
      [s.jobId],
    );
    const inserted = await this.q(
      `INSERT INTO customers (account_id, name, phone, phone_cipher, phone_hash, contact, sex, company,
         address, remark1, remark2, remark3, remark4, remark5, source, import_job_id, imported_at)
       SELECT $1, name, phone, cipher, hash, contact, sex, company, address,
         remark1, remark2, remark3, remark4, remark5, source, $2, now()
       FROM import_chunk WHERE outcome IS NULL`,
      [s.accountId, s.jobId],
    );
    // Rows refused in Node (outcome and reason set there) are counted there; all go to the report.
    await this.q(
      `INSERT INTO import_refused SELECT row_no, phone, outcome, reason FROM import_chunk WHERE outcome IS NOT NULL`,
    );
    const row = verdicts.rows[0] as {
      blacklisted: number;
      duplicates: number;
      removed: number;
      updated: number;
    };
    this.counters.imported += inserted.rowCount ?? 0;
    this.counters.blacklisted += row.blacklisted;
    this.counters.duplicates += row.duplicates;
    this.counters.removed += row.removed;
    this.counters.updated += row.updated;
  }

  /** Adds the parser's counts (rows refused in Node), writes the report, marks the job done, commits. */
  async finish(reportPath: string, refusedInNode: Partial<Counters>): Promise<Counters> {
    const c = this.counters;
    for (const [k, v] of Object.entries(refusedInNode)) c[k as keyof Counters] += v;
    await writeReport(reportPath, c, () =>
      this.client.query(
        copyTo(
          `COPY (SELECT row_no, phone, outcome, reason FROM import_refused ORDER BY row_no)
           TO STDOUT WITH (FORMAT csv)`,
        ),
      ),
    );
    const total = Object.values(c).reduce((a, b) => a + b, 0);
    await this.q(
      `UPDATE import_jobs SET status = 'done', rows_total = $2, rows_done = $2, imported = $3, duplicates = $4,
         invalid = $5, blacklisted = $6, removed = $7, report_path = $8, updated = $9, error = NULL,
         finished_at = clock_timestamp()
       WHERE id = $1`,
      [
        this.scope.jobId,
        total,
        c.imported,
        c.duplicates,
        c.invalid,
        c.blacklisted,
        c.removed,
        reportPath,
        c.updated,
      ],
    );
    await this.q('COMMIT');
    return c;
  }
}

/**
 * Opens the job's transaction, or returns null when the job was finished meanwhile: a transaction-level
 * advisory lock on the job id makes two deliveries of one job (Bull's at-least-once) run one after
 * the other, and the second sees the first one's 'done'.
 */
export async function openStage(databaseUrl: string, scope: Scope): Promise<Stage | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection mid-import must fail the job (its query rejects), not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Before any temporary table is touched (a session setting): a whole chunk stays in memory
    // instead of being written to a file and read back. This connection ends with the import.
    await client.query("SET temp_buffers = '64MB'");
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::int, ($2::bigint % 2147483647)::int)', [
      LOCK_SPACE,
      scope.jobId,
    ]);
    const job = await client.query('SELECT status FROM import_jobs WHERE id = $1', [scope.jobId]);
    if (['done', 'failed'].includes(job.rows[0]?.status)) {
      await client.end();
      return null;
    }
    // One import of a tree at a time, and no customer form or call adding a number of the tree until
    // this one commits (customers/phoneLock.ts).
    await client.query(TREE_LOCK_SQL, [TREE_LOCK_SPACE, scope.treeKey]);
    await client.query("SET LOCAL work_mem = '64MB'");
    // Per-chunk statements are big but simple: compiling them (JIT) costs more than it saves.
    await client.query('SET LOCAL jit = off');
    // One chunk at a time (storeChunk); hashes compare as the customers' do (COLLATE "C").
    await client.query(
      `CREATE TEMP TABLE import_chunk (row_no int NOT NULL, phone text, cipher text, hash text COLLATE "C",
       name text, contact text, sex smallint, company text, address text, remark1 text, remark2 text,
       remark3 text, remark4 text, remark5 text, source text, outcome text, reason text,
       bl text, match_id bigint) ON COMMIT DROP`,
    );
    await client.query(
      `CREATE TEMP TABLE import_refused (row_no int NOT NULL, phone text, outcome text, reason text)
       ON COMMIT DROP`,
    );
    return new Stage(client, scope);
  } catch (e) {
    await client.end();
    throw e;
  }
}
