// Dashboard queries: ended calls of a subtree (index calls_account_ended, migration 2380), the
// account's balance, lines, time zone, call rates and its call spend from its own ledger (index
// ledger_entries_call_spend, migration 2550). Every calls query goes through the tenant scope.
import type { Knex } from 'knex';
import { GRADE_LETTERS, gradeSql } from '../../../../domain/dialer/levels';
import { pathIds } from '../../../../domain/accountPath';
import { emptyFigures, type CallFigures, type DashboardBilling } from '../../../../domain/dashboard';
import { below, scoped, type Actor } from '../../db/scope';

type Db = Knex | Knex.Transaction;

/** The account `id` as an actor, when it is the caller's own account or below it; else null. */
export async function actorInSubtree(db: Db, caller: Actor, id: number): Promise<Actor | null> {
  const row = await scoped(db('accounts'), db as Knex, caller, 'id')
    .where('id', id)
    .first('id', 'level', 'path');
  return row ? { id: Number(row.id), level: row.level, path: row.path } : null;
}

export async function balanceAndLines(
  db: Db,
  id: number,
): Promise<{ balanceFen: number; lineCount: number }> {
  const acct = await db('accounts').where({ id }).first('balance_fen');
  // Lines the account owns or was assigned by its superior.
  const lines = await db('sip_lines as l')
    .where('l.account_id', id)
    .orWhereIn('l.id', db('sip_line_assignments').where('account_id', id).select('line_id'))
    .countDistinct({ n: 'l.id' })
    .first();
  return { balanceFen: Number(acct?.balance_fen ?? 0), lineCount: Number(lines?.n ?? 0) };
}

/** The account's dialing time zone (dial_settings), or null when it has none. */
export async function timeZoneOf(db: Db, id: number): Promise<string | null> {
  const row = await db('dial_settings').where({ account_id: id }).first('time_zone');
  return row?.time_zone ?? null;
}

// One aggregate list for every query: test calls apart, blacklist refusals (71) not dialed.
const COUNTED = 'NOT test AND result_level IS DISTINCT FROM 71';
const CONNECTED = `NOT test AND ${gradeSql('result_level')}`;
const AGGREGATES = [
  `count(*) FILTER (WHERE ${COUNTED}) AS dialed`,
  `count(*) FILTER (WHERE ${CONNECTED}) AS connected`,
  ...GRADE_LETTERS.map(
    (l, i) => `count(*) FILTER (WHERE NOT test AND result_level = ${21 + i}) AS grade_${l.toLowerCase()}`,
  ),
  `coalesce(sum(talk_ms) FILTER (WHERE ${CONNECTED}), 0) AS talk_ms`,
  `coalesce(sum(billable_ms) FILTER (WHERE ${COUNTED}), 0) AS billable_ms`,
  'count(*) FILTER (WHERE test) AS test_calls',
].join(', ');

type AggRow = Record<string, string | number | null>;

function figuresOf(r: AggRow | undefined): CallFigures {
  const f = emptyFigures();
  if (!r) return f;
  f.dialed = Number(r.dialed);
  f.connected = Number(r.connected);
  for (const l of GRADE_LETTERS) f.grades[l] = Number(r[`grade_${l.toLowerCase()}`]);
  f.talkMs = Number(r.talk_ms);
  f.billableMs = Number(r.billable_ms);
  return f;
}

const endedCalls = (db: Db, actor: Actor) => scoped(db('calls'), db as Knex, actor).where('status', 'ended');

/** Figures of the subtree's calls that ended in [since, until), per local day (yyyy-MM-dd) in `tz`. */
export async function figuresByDay(
  db: Db,
  actor: Actor,
  tz: string,
  since: Date,
  until?: Date,
): Promise<Map<string, { figures: CallFigures; testCalls: number }>> {
  const q = endedCalls(db, actor).where('ended_at', '>=', since);
  if (until) q.where('ended_at', '<', until);
  const rows: AggRow[] = await q
    .select(db.raw(`to_char(ended_at AT TIME ZONE ?, 'YYYY-MM-DD') AS day, ${AGGREGATES}`, [tz]))
    .groupByRaw('1');
  return new Map(
    rows.map((r) => [String(r.day), { figures: figuresOf(r), testCalls: Number(r.test_calls) }]),
  );
}

/** Figures of the subtree's calls that ended before `until`. */
export async function figuresBefore(db: Db, actor: Actor, until: Date): Promise<CallFigures> {
  const row: AggRow | undefined = await endedCalls(db, actor)
    .where('ended_at', '<', until)
    .first(db.raw(AGGREGATES));
  return figuresOf(row);
}

/** Uuids of the subtree's ended calls (test calls too) that ended in (since, until]. */
export async function endedBetween(
  db: Db,
  actor: Actor,
  since: Date,
  until: Date,
  limit: number,
): Promise<string[]> {
  const rows: { call_uuid: string }[] = await endedCalls(db, actor)
    .where('ended_at', '>', since)
    .where('ended_at', '<=', until)
    .orderBy('ended_at', 'desc')
    .limit(limit)
    .select('call_uuid');
  return rows.map((r) => r.call_uuid);
}

/** Ids of accounts strictly below `actor`, at most `limit`, oldest first. */
export async function subAccountIds(db: Db, actor: Actor, limit: number): Promise<number[]> {
  const rows: { id: string }[] = await below(db('accounts'), actor).orderBy('id').limit(limit).select('id');
  return rows.map((r) => Number(r.id));
}

// ---- spend: the account's own ledger ----

// What calls cost the account: its 'call' rows (robot calls at settlement, softphone calls from their
// CDR), debits negative. A refund or an adjustment is not spend.
const callCharges = (db: Db, accountId: number) =>
  db('ledger_entries').where({ account_id: accountId, kind: 'call' });

/** The account's call spend (fen) in [since, until), per local day (yyyy-MM-dd) of the charge in `tz`. */
export async function spendByDay(
  db: Db,
  accountId: number,
  tz: string,
  since: Date,
  until?: Date,
): Promise<Map<string, number>> {
  const q = callCharges(db, accountId).where('created_at', '>=', since);
  if (until) q.where('created_at', '<', until);
  const rows: { day: string; fen: string }[] = await q
    .select(db.raw(`to_char(created_at AT TIME ZONE ?, 'YYYY-MM-DD') AS day, -sum(delta_fen) AS fen`, [tz]))
    .groupByRaw('1');
  return new Map(rows.map((r) => [r.day, Number(r.fen)]));
}

/** The account's call spend (fen) charged before `until`. */
export async function spendBefore(db: Db, accountId: number, until: Date): Promise<number> {
  const row = await callCharges(db, accountId)
    .where('created_at', '<', until)
    .first(db.raw('coalesce(-sum(delta_fen), 0) AS fen'));
  return Number(row?.fen ?? 0);
}

/** The account's own rate, and whether an account above it (the platform aside) has one. */
export async function billingOf(
  db: Db,
  actor: { id: number; level: number; path: string },
): Promise<DashboardBilling> {
  const rows: { account_id: string; rate_per_min_fen: number; accuracy_s: 6 | 60; level: number }[] =
    await db('billing_rates as r')
      .join('accounts as a', 'a.id', 'r.account_id')
      .whereIn('r.account_id', pathIds(actor.path).concat(actor.id))
      .select('r.account_id', 'r.rate_per_min_fen', 'r.accuracy_s', 'a.level');
  const own = rows.find((r) => Number(r.account_id) === actor.id);
  return {
    rate: own ? { ratePerMinFen: own.rate_per_min_fen, accuracyS: own.accuracy_s } : null,
    ratedAbove: rows.some((r) => Number(r.account_id) !== actor.id && r.level !== 0),
    platform: actor.level === 0,
  };
}
