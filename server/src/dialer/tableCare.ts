// The dialer's tables change many times a second: a call row is written four or five times, a task
// number two or three times. PostgreSQL's autovacuum keeps their planner statistics fresh and their
// dead rows in check. Where it is off (as on our CI machines), the planner keeps the statistics of the
// table as it was at the last ANALYZE (a sequential scan of every call per tick and per-account scans
// of the whole call history, seen in the dialer bench) and dead rows pile up under the claim index.
// So, where autovacuum is off, the dialer does its job for these tables, on autovacuum's own default
// thresholds. Where it is on, this leaves the tables alone.
import type { Knex } from 'knex';
import type Redis from 'ioredis';

const TABLES = ['calls', 'task_numbers', 'tasks', 'task_result_counts', 'task_status_log'];

/** Autovacuum's default thresholds (autovacuum_{vacuum,analyze}_{threshold,scale_factor}). */
export const needsVacuum = (live: number, dead: number) => dead > 50 + 0.2 * live;
export const needsAnalyze = (live: number, modified: number) => modified > 50 + 0.1 * live;

interface TableStats {
  relname: string;
  n_live_tup: string;
  n_dead_tup: string;
  n_mod_since_analyze: string;
  auto: boolean;
}

/** Vacuums and/or analyses the dialer tables that need it; returns what it did ("VACUUM calls", …). */
export async function careForTables(db: Knex): Promise<string[]> {
  const { rows } = await db.raw(
    `SELECT relname, n_live_tup, n_dead_tup, n_mod_since_analyze, current_setting('autovacuum') = 'on' AS auto
     FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ANY(?)`,
    [TABLES],
  );
  const done: string[] = [];
  for (const t of rows as TableStats[]) {
    if (t.auto) continue;
    const live = Number(t.n_live_tup);
    const vacuum = needsVacuum(live, Number(t.n_dead_tup));
    const analyze = needsAnalyze(live, Number(t.n_mod_since_analyze));
    if (!vacuum && !analyze) continue;
    // Names come from the fixed list above. VACUUM cannot run in a transaction: a pool query is one.
    const what = vacuum ? `VACUUM (ANALYZE) ${t.relname}` : `ANALYZE ${t.relname}`;
    await db.raw(what);
    done.push(what);
  }
  return done;
}

/** One process at a time looks after the tables, at most once per `everyMs`. */
export async function careForTablesOnce(
  db: Knex,
  redis: Redis,
  key: string,
  everyMs: number,
): Promise<string[]> {
  if ((await redis.set(key, String(process.pid), 'PX', everyMs, 'NX')) !== 'OK') return [];
  return careForTables(db);
}
