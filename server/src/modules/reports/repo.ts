// Report queries over the rollups (migration 2026-11-27-2730), always through the tenant scope: the
// rows of accounts in the viewed subtree (its root checked against the caller by the service). The
// number and line figures add the subtree's ended calls not yet in the rollups (not settled, or settled
// and waiting for the fold: few rows), so today's figures wait for neither.
import type { Knex } from 'knex';
import { ROLLUP_COLUMNS, ROLLUP_COLUMN_NAMES } from '../../../../domain/reports/columns';
import { addInto, emptyCounters, type Counters } from '../../../../domain/reports/figures';
import type { ReportFilter, ReportGroup, SpendFigures, SpendGroup } from '../../../../domain/reports/api';
import { pathIds } from '../../../../domain/accountPath';
import { scoped, subtreeIds, type Actor } from '../../db/scope';
import { DEFAULT_DIAL_TZ, dialZoneSql } from '../../../../domain/taskStart';
import { CALL_LEDGER_KEY_SQL, SPEND_CONNECTED_SQL, SPEND_LEAD_SQL } from './count';

/** Summed counters by column name (sum() of int and bigint: bigint and numeric, as strings). */
type SumsRow = Record<string, string | null>;
/** Sums under a group key; the live rows also carry their count of calls not settled yet `n`. */
type KeyedSumsRow = SumsRow & { k: string };

const KEY_OF: Record<ReportGroup, string> = {
  day: "to_char(r.day, 'YYYY-MM-DD')",
  task: 'r.task_id::text',
  bot: 'r.bot_id::text',
  line: 'r.line_id::text',
  account: 'r.account_id::text',
};
const END = 'coalesce(c.ended_at, c.created_at)';
const LIVE_DAY = `(${END} AT TIME ZONE ${dialZoneSql('s')})::date`;
const LIVE_KEY_OF: Record<ReportGroup, string> = {
  day: `to_char(${LIVE_DAY}, 'YYYY-MM-DD')`,
  task: 'coalesce(c.task_id, 0)::text',
  bot: 'c.bot_id::text',
  line: 'coalesce(c.line_id, 0)::text',
  account: 'c.account_id::text',
};

const SUMS = ROLLUP_COLUMN_NAMES.map((n) => `sum(r.${n}) AS ${n}`).join(', ');
const LIVE_SUMS = ROLLUP_COLUMNS.map((c) => `sum(${c.sql}) AS ${c.name}`).join(', ');

const countersOf = (r: SumsRow): Counters => {
  const c = emptyCounters();
  for (const n of ROLLUP_COLUMN_NAMES) c[n] = Number(r[n] ?? 0);
  return c;
};

function filtered(qb: Knex.QueryBuilder, f: ReportFilter, alias: string): Knex.QueryBuilder {
  if (f.taskId !== undefined) qb.where(`${alias}.task_id`, f.taskId);
  if (f.botId !== undefined) qb.where(`${alias}.bot_id`, f.botId);
  if (f.lineId !== undefined) qb.where(`${alias}.line_id`, f.lineId);
  return qb;
}

/** Summed rollup counters of the subtree of `target` in [from, to], per `by`, with unsettled calls. */
export async function countersBy(
  db: Knex,
  target: Actor,
  f: ReportFilter,
  by: ReportGroup,
): Promise<{ rows: Map<string, Counters>; settling: number }> {
  const rolled = filtered(
    scoped(db('report_daily as r'), db, target, 'r.account_id').whereBetween('r.day', [f.from, f.to]),
    f,
    'r',
  )
    .select(db.raw(`${KEY_OF[by]} AS k, 0 AS n, ${SUMS}`))
    .groupByRaw('1');
  const live = filtered(
    scoped(db('calls as c'), db, target, 'c.account_id')
      .leftJoin('dial_settings as s', 's.account_id', 'c.account_id')
      .where('c.status', 'ended')
      // Not settled yet (index calls_unsettled), or settled and waiting for the fold (report_pending).
      .whereRaw(
        `c.id IN (SELECT id FROM calls WHERE status = 'ended' AND settled_at IS NULL
                  UNION ALL SELECT call_id FROM report_pending)`,
      )
      .where('c.test', false)
      .whereRaw(`${LIVE_DAY} BETWEEN ?::date AND ?::date`, [f.from, f.to]),
    f,
    'c',
  )
    .select(
      db.raw(`${LIVE_KEY_OF[by]} AS k, count(*) FILTER (WHERE c.settled_at IS NULL) AS n, ${LIVE_SUMS}`),
    )
    .groupByRaw('1');
  // One statement, so one snapshot: a fold or settlement that commits meanwhile moves a call from one
  // part to the other, never into both or neither.
  const { rows: all } = await db.raw<{ rows: KeyedSumsRow[] }>('? UNION ALL ?', [rolled, live]);
  const rows = new Map<string, Counters>();
  let settling = 0;
  for (const r of all) {
    addInto(rows.get(r.k) ?? rows.set(r.k, emptyCounters()).get(r.k)!, countersOf(r));
    settling += Number(r.n ?? 0);
  }
  return { rows, settling };
}

/** Not-connected calls of the subtree per line, SIP status and cause (the top `limit`). */
export async function lineCauses(db: Knex, target: Actor, f: ReportFilter, limit = 200) {
  const q = scoped(db('report_line_causes as r'), db, target, 'r.account_id').whereBetween('r.day', [
    f.from,
    f.to,
  ]);
  if (f.lineId !== undefined) q.where('r.line_id', f.lineId);
  const rows = await q
    .select<{ line_id: string; sip_status: number; cause: string; n: string }[]>(
      'r.line_id',
      'r.sip_status',
      'r.cause',
      db.raw('sum(r.n) AS n'),
    )
    .groupBy('r.line_id', 'r.sip_status', 'r.cause')
    .orderByRaw('4 DESC')
    .limit(limit);
  return rows.map((r) => ({
    lineId: Number(r.line_id),
    sipStatus: Number(r.sip_status),
    cause: r.cause,
    n: Number(r.n),
  }));
}

const SPEND_KEY_OF: Record<SpendGroup, string> = {
  day: "to_char(r.day, 'YYYY-MM-DD')",
  task: 'r.task_id::text',
  account: 'r.account_id::text',
  line: 'r.line_id::text',
};

export const emptySpend = (): SpendFigures => ({ fen: 0, billableMs: 0, calls: 0, connected: 0, leads: 0 });

/**
 * The spend rows of `payers` (report_spend_daily's columns), those of calls still waiting for the fold
 * included (read from their ledger rows as count.ts would add them): one statement, one snapshot.
 */
function spendRows(db: Knex, payers: number[]): Knex.Raw {
  return db.raw(
    `(SELECT payer_id, day, account_id, task_id, line_id, fen, billable_ms, calls, connected, leads
      FROM report_spend_daily WHERE payer_id = ANY(?::bigint[])
      UNION ALL
      SELECT l.account_id, (q.ended_at AT TIME ZONE ${dialZoneSql('s')})::date, c.account_id,
             coalesce(c.task_id, 0), coalesce(c.line_id, 0), -l.delta_fen, c.billable_ms, 1,
             CASE WHEN ${SPEND_CONNECTED_SQL} THEN 1 ELSE 0 END, CASE WHEN ${SPEND_LEAD_SQL} THEN 1 ELSE 0 END
      FROM report_pending q JOIN calls c ON c.id = q.call_id
        LEFT JOIN dial_settings s ON s.account_id = c.account_id
        CROSS JOIN unnest(?::bigint[]) AS p(id)
        JOIN ledger_entries l ON l.idempotency_key = ${CALL_LEDGER_KEY_SQL('p.id')}
      WHERE c.billable_ms > 0) AS r`,
    [payers, payers],
  );
}

/** What `payerId`'s ledger was charged for calls in [from, to], per `by`. */
export async function spendBy(
  db: Knex,
  payerId: number,
  f: Omit<ReportFilter, 'botId'>,
  by: SpendGroup,
): Promise<Map<string, SpendFigures>> {
  const q = db.from(spendRows(db, [payerId])).whereBetween('r.day', [f.from, f.to]);
  if (f.taskId !== undefined) q.where('r.task_id', f.taskId);
  if (f.lineId !== undefined) q.where('r.line_id', f.lineId);
  const rows = await q
    .select<
      { k: string; fen: string; billable_ms: string; calls: string; connected: string; leads: string }[]
    >(
      db.raw(
        `${SPEND_KEY_OF[by]} AS k, sum(fen) AS fen, sum(billable_ms) AS billable_ms, sum(calls) AS calls,
         sum(connected) AS connected, sum(leads) AS leads`,
      ),
    )
    .groupByRaw('1');
  return new Map(
    rows.map((r) => [
      r.k,
      {
        fen: Number(r.fen),
        billableMs: Number(r.billable_ms),
        calls: Number(r.calls),
        connected: Number(r.connected),
        leads: Number(r.leads),
      },
    ]),
  );
}

/**
 * The business report: per account directly below `target`, its subtree's summed counters in the days
 * of two periods (a row per child id and period), in one read of the rollups.
 */
export async function countersByChild(
  db: Knex,
  target: Actor,
  cur: { from: string; to: string },
  prev: { from: string; to: string },
): Promise<{ cur: Map<number, Counters>; prev: Map<number, Counters> }> {
  const depth = pathIds(target.path).length;
  // The id of the account directly below the target on a row's account path.
  const child = `split_part(a.path, '/', ${depth + 2})::bigint`;
  const rows = await db('report_daily as r')
    .join('accounts as a', 'a.id', 'r.account_id')
    .whereIn('r.account_id', subtreeIds(db, target))
    .whereNot('r.account_id', target.id)
    .where((w) => w.whereBetween('r.day', [cur.from, cur.to]).orWhereBetween('r.day', [prev.from, prev.to]))
    .select<(SumsRow & { child: string; cur: boolean })[]>(
      db.raw(`${child} AS child, r.day >= ?::date AS cur, ${SUMS}`, [cur.from]),
    )
    .groupByRaw('1, 2');
  const out = { cur: new Map<number, Counters>(), prev: new Map<number, Counters>() };
  for (const r of rows) (r.cur ? out.cur : out.prev).set(Number(r.child), countersOf(r));
  return out;
}

/** Call spend per payer in two periods (for the business report's accounts). */
export async function spendOfPayers(
  db: Knex,
  ids: number[],
  cur: { from: string; to: string },
  prev: { from: string; to: string },
): Promise<Map<number, { cur: number; prev: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .from(spendRows(db, ids))
    .whereBetween('day', [prev.from, cur.to])
    .select<{ payer_id: string; cur: string; prev: string }[]>(
      'payer_id',
      db.raw('coalesce(sum(fen) FILTER (WHERE day >= ?::date), 0) AS cur', [cur.from]),
      db.raw('coalesce(sum(fen) FILTER (WHERE day < ?::date), 0) AS prev', [cur.from]),
    )
    .groupBy('payer_id');
  return new Map(rows.map((r) => [Number(r.payer_id), { cur: Number(r.cur), prev: Number(r.prev) }]));
}

/** Accounts directly below `target` (the business report's rows). */
export async function childAccounts(db: Knex, target: Actor) {
  const depth = pathIds(target.path).length;
  const rows = await db('accounts')
    .where('path', 'like', `${target.path}%`)
    .whereRaw(`array_length(string_to_array(trim(both '/' from path), '/'), 1) = ?`, [depth + 1])
    .orderBy('id')
    .limit(1000)
    .select<{ id: string; account: string; level: number }[]>('id', 'account', 'level');
  return rows.map((r) => ({ id: Number(r.id), account: r.account, level: Number(r.level) }));
}

const NAME_TABLES = {
  task: ['tasks', 'name'],
  bot: ['bots', 'name'],
  line: ['sip_lines', 'name'],
  account: ['accounts', 'account'],
} as const;

/** Names of ids of tasks, bots, lines or accounts (the caller sees only its subtree's rows by key). */
export async function namesOf(
  db: Knex,
  kind: keyof typeof NAME_TABLES,
  ids: number[],
): Promise<Map<number, string>> {
  const real = ids.filter((i) => i > 0);
  if (!real.length) return new Map();
  const [table, col] = NAME_TABLES[kind];
  const rows = await db(table)
    .whereIn('id', real)
    .select<{ id: string; name: string }[]>('id', db.raw(`${col} AS name`));
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

export async function thresholdPct(db: Knex): Promise<number> {
  const r = await db('report_settings')
    .where({ id: 1 })
    .first<{ line_connected_pct: number } | undefined>('line_connected_pct');
  return Number(r?.line_connected_pct ?? 10);
}

export const setThresholdPct = (db: Knex, pct: number) =>
  db('report_settings').where({ id: 1 }).update({ line_connected_pct: pct, updated_at: db.fn.now() });

/** The account's dialing zone (the day of "today"). */
export async function zoneOf(db: Knex, id: number): Promise<string> {
  const r = await db('dial_settings')
    .where({ account_id: id })
    .first<{ time_zone: string } | undefined>('time_zone');
  return r?.time_zone || DEFAULT_DIAL_TZ;
}
