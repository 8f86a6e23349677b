// What one tick reads: the tasks that may dial (queued 4, running 2), their accounts with the dialing
// defaults (dial_settings, else the platform's), the account chains' balances and rates, and lines.
import type { Knex } from 'knex';
import {
  DEFAULT_CAPS,
  parsePeriods,
  type CallWindow,
  type NumberCaps,
  type Period,
  type RedialSettings,
  type Weekday,
  type DailyLimits,
  type DailyUsage,
} from '../../../domain/dialer';
import type { BillingAccuracy } from '../../../domain/dialer/billing';
import { localMs } from '../../../domain/localTime';
import { dialableSql, whereDialable } from '../db/dialable';
import type { TaskRow } from '../modules/tasks/repo';

import { pathIds } from '../../../domain/accountPath';
import { columnSql } from '../../../domain/reports/columns';
import { DEFAULT_DIAL_TZ, dialZoneSql } from '../../../domain/taskStart';

export { pathIds };

export interface DialTask {
  id: number;
  accountId: number;
  status: number;
  runState: number;
  robots: number;
  lineId: number | null;
  botId: number | null;
  /** The bot's published version, or null when it cannot dial (unpublished, disabled, gone). */
  botVersion: number | null;
  /** yyyy-MM-dd */
  startDay: string;
  window: CallWindow;
  failHangupCount: number;
  redial: RedialSettings;
}

export interface DialAccount {
  id: number;
  path: string;
  level: number;
  balanceFen: number;
  /** Calls at once: dial_settings.concurrency_quota, else its AI seats. */
  quota: number;
  usable: boolean;
  tz: string;
  accountPeriods: Period[] | null;
  caps: NumberCaps;
  shieldLevels: number[];
  lowBalanceFen: number;
  /** What the account is charged per call minute (billing_rates), or null when nothing. */
  rate: { ratePerMinFen: number; accuracy: 6 | 60 } | null;
  /** Seconds each of its robots rests after a call before it dials again (0 = none). */
  dialIntervalS: number;
  /** Its own daily limits, and today's usage (read only when it has a limit; else zeros). */
  dailyLimits: DailyLimits;
  usageToday: DailyUsage;
}

export interface DialLine {
  id: number;
  enabled: boolean;
  ports: number;
  rate: { n: number; m: number };
}

export const DEFAULT_LOW_BALANCE_FEN = 1000;

const periodsOf = (items: string[] | null): Period[] => {
  const r = parsePeriods((items ?? []).filter((s) => s.trim() !== ''));
  return r.ok ? r.periods : [];
};

/** A task as taskQuery reads it (TASK_COLUMNS), with its bot's publication. */
type DialTaskRow = Pick<
  TaskRow,
  | 'id'
  | 'account_id'
  | 'status'
  | 'run_state'
  | 'robots'
  | 'line_id'
  | 'bot_id'
  | 'call_periods'
  | 'no_call_periods'
  | 'weekdays'
  | 'fail_hangup_count'
  | 'redial_enabled'
  | 'redial_count'
  | 'redial_interval_min'
  | 'redial_levels'
> & {
  /** The bot's columns: null without a bot. */
  published_version: number | null;
  bot_enabled: boolean | null;
  bot_deleted_at: Date | null;
  /** to_char'd start_date: yyyy-MM-dd. */
  start_day: string;
};

/** An account as loadAccounts reads it: the dial_settings and billing_rates columns are null without a row. */
interface DialAccountRow {
  id: string;
  path: string;
  level: number;
  balance_fen: string;
  ai_seats: number;
  disabled: boolean;
  live: boolean;
  has_settings: string | null;
  call_start: string | null;
  call_end: string | null;
  time_zone: string | null;
  cap_per_day: number | null;
  cap_per_period: number | null;
  cap_period_days: number | null;
  cap_count: NumberCaps['count'] | null;
  day_shield_levels: number[] | null;
  concurrency_quota: number | null;
  low_balance_fen: string | null;
  rate_per_min_fen: number | null;
  accuracy_s: BillingAccuracy | null;
  dial_interval_seconds: number;
  daily_connect_limit: number;
  daily_minutes_limit: number;
  /** [connected, talk ms] today (bigint[]: strings), null for an account without a daily limit. */
  usage_today: string[] | null;
}

export function presentDialTask(r: DialTaskRow): DialTask {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    status: r.status,
    runState: r.run_state,
    robots: r.robots,
    lineId: r.line_id === null ? null : Number(r.line_id),
    botId: r.bot_id === null ? null : Number(r.bot_id),
    botVersion:
      r.published_version !== null && r.bot_enabled && r.bot_deleted_at === null
        ? Number(r.published_version)
        : null,
    startDay: r.start_day,
    window: {
      periods: periodsOf(r.call_periods),
      noCall: periodsOf(r.no_call_periods),
      weekdays: (r.weekdays ?? []) as Weekday[],
    },
    failHangupCount: r.fail_hangup_count,
    redial: {
      enabled: r.redial_enabled,
      count: r.redial_count,
      intervalMinutes: r.redial_interval_min,
      levels: r.redial_levels ?? [],
    },
  };
}

const TASK_COLUMNS = [
  't.id',
  't.account_id',
  't.status',
  't.run_state',
  't.robots',
  't.line_id',
  't.bot_id',
  't.call_periods',
  't.no_call_periods',
  't.weekdays',
  't.fail_hangup_count',
  't.redial_enabled',
  't.redial_count',
  't.redial_interval_min',
  't.redial_levels',
  'b.published_version',
  'b.enabled as bot_enabled',
  'b.deleted_at as bot_deleted_at',
];

const taskQuery = (db: Knex) =>
  db('tasks as t')
    .leftJoin('bots as b', 'b.id', 't.bot_id')
    .where('t.active', true)
    .whereNull('t.deleted_at')
    .select<DialTaskRow[]>([...TASK_COLUMNS, db.raw("to_char(t.start_date, 'YYYY-MM-DD') as start_day")]);

/** Queued and running tasks, oldest first. */
export async function dialableTasks(db: Knex): Promise<DialTask[]> {
  const rows = await taskQuery(db).modify(whereDialable('t.status')).orderBy('t.id');
  return rows.map(presentDialTask);
}

export async function tasksById(db: Knex, ids: number[]): Promise<DialTask[]> {
  if (!ids.length) return [];
  const rows = await taskQuery(db).whereIn('t.id', ids).orderBy('t.id');
  return rows.map(presentDialTask);
}

/** The accounts of the dialable tasks (queued 4, running 2), as dialableTasks reads them. */
const DIALABLE_ACCOUNTS = `SELECT account_id FROM tasks
  WHERE ${dialableSql('status')} AND active AND deleted_at IS NULL`;

/**
 * The accounts (and every ancestor of them) with their dialing defaults: of `ids`, or of the dialable
 * tasks (so the tick reads them alongside the tasks, not after).
 */
export async function loadAccounts(
  db: Knex | Knex.Transaction,
  ids: number[] | 'dialable',
): Promise<Map<number, DialAccount>> {
  const out = new Map<number, DialAccount>();
  if (ids !== 'dialable' && !ids.length) return out;
  const which = ids === 'dialable' ? db.raw(DIALABLE_ACCOUNTS) : db.raw('SELECT unnest(?::bigint[])', [ids]);
  // The accounts and every ancestor on their paths, in one query.
  const rows = await db('accounts as a')
    .leftJoin('dial_settings as s', 's.account_id', 'a.id')
    .leftJoin('billing_rates as r', 'r.account_id', 'a.id')
    .whereRaw(
      `a.id IN (SELECT unnest(string_to_array(trim(both '/' from x.path), '/'))::bigint
                FROM accounts x WHERE x.id IN (?)) OR a.id IN (?)`,
      [which, which],
    )
    .select<DialAccountRow[]>(
      'a.id',
      'a.path',
      'a.level',
      'a.balance_fen',
      'a.ai_seats',
      'a.disabled',
      db.raw('a.expires_at > now() as live'),
      's.account_id as has_settings',
      's.call_start',
      's.call_end',
      's.time_zone',
      's.cap_per_day',
      's.cap_per_period',
      's.cap_period_days',
      's.cap_count',
      's.day_shield_levels',
      's.concurrency_quota',
      's.low_balance_fen',
      'r.rate_per_min_fen',
      'r.accuracy_s',
      'a.dial_interval_seconds',
      'a.daily_connect_limit',
      'a.daily_minutes_limit',
      // Today's connected calls and talk time, in the account's dialing zone, of its settled calls:
      // the rollup (a primary-key range read) and the calls waiting for the fold (a few rows), one
      // statement so each call counts once; only for an account with a limit.
      db.raw(
        `CASE WHEN a.daily_connect_limit > 0 OR a.daily_minutes_limit > 0 THEN (
           SELECT array[coalesce(sum(u.connected), 0), coalesce(sum(u.talk_ms), 0)]::bigint[] FROM (
             SELECT d.connected, d.talk_ms FROM report_daily d WHERE d.account_id = a.id
               AND d.day = (now() AT TIME ZONE ${dialZoneSql('s')})::date
             UNION ALL
             SELECT ${columnSql('connected')}, ${columnSql('talk_ms')}
             FROM report_pending q JOIN calls c ON c.id = q.call_id
             WHERE q.account_id = a.id AND NOT c.test
               AND (q.ended_at AT TIME ZONE ${dialZoneSql('s')})::date
                 = (now() AT TIME ZONE ${dialZoneSql('s')})::date) u) END AS usage_today`,
      ),
    );
  for (const r of rows) {
    const has = r.has_settings !== null;
    const hours = has ? periodsOf([`${r.call_start}-${r.call_end}`]) : [];
    out.set(Number(r.id), {
      id: Number(r.id),
      path: r.path,
      level: r.level,
      balanceFen: Number(r.balance_fen),
      quota: has && r.concurrency_quota !== null ? r.concurrency_quota : r.ai_seats,
      usable: !r.disabled && r.live,
      tz: (has && r.time_zone) || DEFAULT_DIAL_TZ,
      accountPeriods: hours.length ? hours : null,
      caps: has
        ? {
            perDay: r.cap_per_day,
            perPeriod: r.cap_per_period,
            periodDays: r.cap_period_days!,
            count: r.cap_count!,
          }
        : DEFAULT_CAPS,
      shieldLevels: has ? (r.day_shield_levels ?? []) : [],
      lowBalanceFen: has ? Number(r.low_balance_fen) : DEFAULT_LOW_BALANCE_FEN,
      rate:
        r.rate_per_min_fen === null ? null : { ratePerMinFen: r.rate_per_min_fen, accuracy: r.accuracy_s! },
      dialIntervalS: Number(r.dial_interval_seconds ?? 0),
      dailyLimits: {
        connects: Number(r.daily_connect_limit ?? 0),
        minutes: Number(r.daily_minutes_limit ?? 0),
      },
      usageToday: {
        connects: Number(r.usage_today?.[0] ?? 0),
        talkMs: Number(r.usage_today?.[1] ?? 0),
      },
    });
  }
  return out;
}

interface LineRow {
  id: string;
  enabled: boolean;
  port_count: number;
  rate_count: number;
  rate_seconds: number;
}

/** The lines of `ids`, or of the dialable tasks. */
export async function loadLines(db: Knex, ids: number[] | 'dialable'): Promise<Map<number, DialLine>> {
  // (The same filter as DIALABLE_ACCOUNTS and dialableTasks.)
  const q = db('sip_lines').select<LineRow[]>('id', 'enabled', 'port_count', 'rate_count', 'rate_seconds');
  const rows: LineRow[] =
    ids === 'dialable'
      ? await q.whereRaw(
          `id IN (SELECT line_id FROM tasks WHERE ${dialableSql('status')} AND active AND deleted_at IS NULL)`,
        )
      : ids.length
        ? await q.whereIn('id', ids)
        : [];
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        enabled: r.enabled,
        ports: r.port_count,
        rate: { n: r.rate_count, m: r.rate_seconds },
      },
    ]),
  );
}

/** The accounts that pay for a call of `accountId`: itself first, then ancestors with a rate. */
export async function billingRates(
  db: Knex | Knex.Transaction,
  ids: number[],
): Promise<Map<number, { ratePerMinFen: number; accuracy: 6 | 60 }>> {
  const rows = ids.length
    ? await db('billing_rates')
        .whereIn('account_id', ids)
        .select<{ account_id: string; rate_per_min_fen: number; accuracy_s: BillingAccuracy }[]>('*')
    : [];
  return new Map(
    rows.map((r) => [Number(r.account_id), { ratePerMinFen: r.rate_per_min_fen, accuracy: r.accuracy_s }]),
  );
}

/** yyyy-MM-dd of instant `now` in `tz`. */
export function localDate(now: Date, tz: string): string {
  return new Date(localMs(now.getTime(), tz)).toISOString().slice(0, 10);
}

/** The window of a task for its account (the account's hours fill in when the task has none). */
export const windowOf = (task: DialTask, account: DialAccount | undefined): CallWindow => ({
  ...task.window,
  accountPeriods: account?.accountPeriods ?? null,
});
