// Rebuilds the rollups of a range of local days from the call records and the ledger, one day per
// transaction for a group of accounts (groups rebuilt side by side): their rows of that day are
// deleted and recounted from their settled calls that ended that day (each account's day in its own
// dialing zone), with the fold's statement (count.ts). One pass over a day's calls (index
// calls_account_ended: a range per account), so a rebuild reads each call once. The accounts' rollup
// locks are held exclusively meanwhile (taken in id order): a settlement of one of their calls waits
// (the time of one day's rebuild) before it queues the call for the fold, and the fold skips them, so
// the day's queued calls are recounted here and leave the queue: nothing is counted twice or lost.
// Hours are UTC hours, rebuilt with the local day they start in (exact for zones a whole number of
// hours from UTC). Ended calls always carry ended_at (the media worker and the sweeps set it).
import type { Knex } from 'knex';
import { addDays } from '../../../../domain/reports/figures';
import { ROLLUP_LOCK_CLASS } from './sql';
import { COUNT_SETTINGS, DC_COLUMNS, addCallsSql } from './count';
import { dialZoneSql } from '../../../../domain/taskStart';

export interface RebuildRange {
  /** yyyy-MM-dd, local days in each account's dialing zone, both included. */
  from: string;
  to: string;
  /** Only these accounts (default: every account). */
  accountIds?: number[];
}

export interface RebuildResult {
  accounts: number;
  days: number;
  calls: number;
}

const ACCOUNTS_AT_ONCE = 500;

/** The accounts (id, zone) of the rebuild and the day's bounds per account. */
const ACCTS = `accts AS (
  SELECT a.id, a.tz, (CAST(:day AS date)::timestamp AT TIME ZONE a.tz) AS t0,
         ((CAST(:day AS date) + 1)::timestamp AT TIME ZONE a.tz) AS t1
  FROM unnest(CAST(:ids AS bigint[]), CAST(:tzs AS text[])) AS a(id, tz))`;

/** Rebuilds the accounts' rollups of one local day; returns the calls counted. */
export async function rebuildDay(
  db: Knex,
  accounts: { id: number; tz: string }[],
  day: string,
): Promise<number> {
  const p = { day, ids: accounts.map((a) => a.id), tzs: accounts.map((a) => a.tz) };
  return db.transaction(async (trx) => {
    await trx.raw(COUNT_SETTINGS);
    await trx.raw(
      `SELECT count(pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}, id::int))
       FROM (SELECT id FROM unnest(CAST(:ids AS bigint[])) AS id ORDER BY id) s`,
      p,
    );
    for (const table of ['report_daily', 'report_line_causes', 'report_spend_daily'])
      await trx.raw(
        `DELETE FROM ${table} WHERE account_id = ANY(CAST(:ids AS bigint[])) AND day = CAST(:day AS date)`,
        p,
      );
    await trx.raw(
      `WITH ${ACCTS} DELETE FROM report_hourly h USING accts a
       WHERE h.account_id = a.id AND h.hour >= a.t0 AND h.hour < a.t1`,
      p,
    );
    // The day's settled calls still waiting for the fold are counted here: they leave the queue.
    await trx.raw(
      `WITH ${ACCTS} DELETE FROM report_pending q USING accts a
       WHERE q.account_id = a.id AND q.ended_at >= a.t0 AND q.ended_at < a.t1`,
      p,
    );
    const n = await trx.raw(
      // Per account an index range (calls_account_ended); OFFSET 0 keeps the planner from flattening
      // the LATERAL into a join: unable to estimate the zone bounds, it hashed the accounts and read
      // the whole calls table for each day (4.1 s of a 100-account day's 6.9 s on the 10M bench).
      addCallsSql(`${ACCTS}, dc AS MATERIALIZED (
         SELECT c.*, CAST(:day AS date) AS day FROM accts a CROSS JOIN LATERAL (
           SELECT ${DC_COLUMNS}, c.ended_at FROM calls c
           WHERE c.account_id = a.id AND c.ended_at >= a.t0 AND c.ended_at < a.t1
             AND c.status = 'ended' AND c.settled_at IS NOT NULL OFFSET 0) c)`),
      p,
    );
    return Number(n.rows[0].n);
  });
}

/**
 * Rebuilds every account's (or the given accounts') rollups of the days [from, to], a day at a time.
 * A day's accounts are split into `parallel` groups rebuilt at once on connections of their own (the
 * pool needs that many): the groups' accounts, and so their rollup locks and rows, never overlap.
 */
export async function rebuildRollups(
  db: Knex,
  range: RebuildRange,
  onDay?: (done: number, total: number) => void,
  parallel = 2,
): Promise<RebuildResult> {
  const q = db('accounts as a')
    .leftJoin('dial_settings as s', 's.account_id', 'a.id')
    .orderBy('a.id')
    .select('a.id', db.raw(`${dialZoneSql('s')} AS tz`));
  if (range.accountIds) q.whereIn('a.id', range.accountIds);
  const accounts = (await q).map((a: { id: string; tz: string }) => ({ id: Number(a.id), tz: a.tz }));
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  // Contiguous groups of at most ACCOUNTS_AT_ONCE (rollup locks take lock table slots), at least
  // `parallel` of them when there are that many accounts.
  const size = Math.min(ACCOUNTS_AT_ONCE, Math.max(1, Math.ceil(accounts.length / Math.max(1, parallel))));
  const groups: (typeof accounts)[] = [];
  for (let a = 0; a < accounts.length; a += size) groups.push(accounts.slice(a, a + size));
  let calls = 0;
  for (const [i, day] of days.entries()) {
    let next = 0;
    const lane = async () => {
      while (next < groups.length) {
        // Not `calls += await …`: that reads `calls` before the await and loses the other lane's count.
        const n = await rebuildDay(db, groups[next++]!, day);
        calls += n;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, groups.length)) }, lane));
    onDay?.(i + 1, days.length);
  }
  // Fresh statistics at once: the report queries' plans rest on them (a stale row estimate made the
  // line causes sort on disk: 277 ms instead of 57 on the 10M bench).
  await db.raw('ANALYZE report_daily, report_hourly, report_line_causes, report_spend_daily');
  return { accounts: accounts.length, days: days.length, calls };
}
