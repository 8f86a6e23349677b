// Shield tables: the call blacklist and the day shield of one account (its own rows only; the dialer
// adds the lists of its ancestors), and its dialing defaults. Numbers are kept as hash + masked form.
import type { Knex } from 'knex';
import {
  DEFAULT_DIAL_SETTINGS,
  type CallBlacklistEntryDto,
  type DayShieldDto,
  type DialDefaultsInput,
  type DialSettings,
  type QuotaRowDto,
} from '../../../../domain/shields';
import { scoped, type Actor } from '../../db/scope';

export interface NumberRow {
  phoneHash: string;
  phoneMasked: string;
}

/** How a list search reaches the stored forms: the full number's hash, or a masked head/tail. */
export type Search = { hash: string } | { digits: string } | null;

function applySearch(q: Knex.QueryBuilder, table: string, s: Search): void {
  if (!s) return;
  if ('hash' in s) q.where(`${table}.phone_hash`, s.hash);
  else
    q.where((w) =>
      w
        .where(`${table}.phone_masked`, 'like', `${s.digits}%`)
        .orWhere(`${table}.phone_masked`, 'like', `%${s.digits}`),
    );
}

interface BlacklistRow {
  id: string;
  phone_masked: string;
  reason: string;
  /** The adding account's name (null: deleted, or added by the system). */
  created_by: string | null;
  created_at: Date;
  call_uuid: string | null;
}

interface ShieldRow {
  id: string;
  phone_masked: string;
  /** to_char'd: YYYY-MM-DD. */
  day: string;
  result_level: number | null;
  call_uuid: string | null;
  created_by: string | null;
  created_at: Date;
}

/** A dial_settings row (`*`). */
interface DialSettingsRow {
  account_id: string;
  call_start: string;
  call_end: string;
  time_zone: string;
  cap_per_day: number | null;
  cap_per_period: number | null;
  cap_period_days: number;
  cap_count: DialSettings['capCount'];
  day_shield_levels: number[];
  concurrency_quota: number | null;
  low_balance_fen: string;
  created_at: Date;
  updated_at: Date;
}

const iso = (v: Date) => new Date(v).toISOString();

// ---- call blacklist ----

export async function listBlacklist(
  db: Knex,
  actor: Actor,
  f: { search: Search; limit: number; before?: number },
): Promise<CallBlacklistEntryDto[]> {
  const rows = await scoped(db('call_blacklist'), db, actor, 'call_blacklist.account_id')
    .where('call_blacklist.account_id', actor.id)
    .leftJoin('accounts as c', 'c.id', 'call_blacklist.created_by')
    .modify((q) => {
      applySearch(q, 'call_blacklist', f.search);
      if (f.before) q.where('call_blacklist.id', '<', f.before);
    })
    .orderBy('call_blacklist.id', 'desc')
    .limit(f.limit)
    .select<BlacklistRow[]>(
      'call_blacklist.id',
      'phone_masked',
      'reason',
      'c.account as created_by',
      'call_blacklist.created_at',
      'call_blacklist.call_uuid',
    );
  return rows.map((r) => ({
    id: Number(r.id),
    phone: r.phone_masked,
    reason: r.reason,
    createdBy: r.created_by ?? null,
    createdAt: iso(r.created_at),
    callUuid: r.call_uuid ?? null,
  }));
}

/** Inserts numbers into the account's list; ones already listed are skipped. Returns how many were new. */
export async function insertBlacklist(
  db: Knex,
  accountId: number,
  createdBy: number,
  reason: string,
  rows: NumberRow[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db('call_blacklist')
      .insert(
        rows.slice(i, i + 1000).map((r) => ({
          account_id: accountId,
          phone_hash: r.phoneHash,
          phone_masked: r.phoneMasked,
          reason,
          created_by: createdBy,
        })),
      )
      .onConflict(['account_id', 'phone_hash'])
      .ignore()
      .returning('id');
    added += inserted.length;
  }
  return added;
}

export async function removeBlacklist(db: Knex, actor: Actor, ids: number[]): Promise<number> {
  return scoped(db('call_blacklist'), db, actor).where('account_id', actor.id).whereIn('id', ids).delete();
}

// ---- day shield ----

export async function listShields(
  db: Knex,
  actor: Actor,
  f: { day: string; search: Search; limit: number; before?: number },
): Promise<DayShieldDto[]> {
  const rows = await scoped(db('day_shields'), db, actor, 'day_shields.account_id')
    .where('day_shields.account_id', actor.id)
    .where('day_shields.day', f.day)
    .leftJoin('accounts as c', 'c.id', 'day_shields.created_by')
    .modify((q) => {
      applySearch(q, 'day_shields', f.search);
      if (f.before) q.where('day_shields.id', '<', f.before);
    })
    .orderBy('day_shields.id', 'desc')
    .limit(f.limit)
    .select<ShieldRow[]>(
      'day_shields.id',
      'phone_masked',
      db.raw("to_char(day_shields.day, 'YYYY-MM-DD') as day"),
      'result_level',
      'call_uuid',
      'c.account as created_by',
      'day_shields.created_at',
    );
  return rows.map((r) => ({
    id: Number(r.id),
    phone: r.phone_masked,
    day: r.day,
    resultLevel: r.result_level === null ? null : Number(r.result_level),
    callUuid: r.call_uuid ?? null,
    createdBy: r.created_by ?? null,
    createdAt: iso(r.created_at),
  }));
}

/** A shield for `day` added by hand; false when the number is already shielded that day. */
export async function insertShield(
  db: Knex,
  accountId: number,
  createdBy: number,
  day: string,
  n: NumberRow,
): Promise<boolean> {
  const rows = await db('day_shields')
    .insert({
      account_id: accountId,
      phone_hash: n.phoneHash,
      phone_masked: n.phoneMasked,
      day,
      created_by: createdBy,
    })
    .onConflict(['account_id', 'phone_hash', 'day'])
    .ignore()
    .returning('id');
  return rows.length > 0;
}

export async function removeShields(db: Knex, actor: Actor, ids: number[]): Promise<number> {
  return scoped(db('day_shields'), db, actor).where('account_id', actor.id).whereIn('id', ids).delete();
}

// ---- dialing defaults ----

function present(r: DialSettingsRow): DialSettings {
  return {
    callStart: r.call_start,
    callEnd: r.call_end,
    timeZone: r.time_zone,
    capPerDay: r.cap_per_day === null ? null : Number(r.cap_per_day),
    capPerPeriod: r.cap_per_period === null ? null : Number(r.cap_per_period),
    capPeriodDays: Number(r.cap_period_days),
    capCount: r.cap_count,
    dayShieldLevels: r.day_shield_levels.map(Number),
    concurrencyQuota: r.concurrency_quota === null ? null : Number(r.concurrency_quota),
    lowBalanceFen: Number(r.low_balance_fen),
  };
}

/** The account's settings, or null when it has no row (the platform defaults apply). */
export async function settingsOf(db: Knex, actor: Actor, accountId: number): Promise<DialSettings | null> {
  const r = await scoped(db('dial_settings'), db, actor)
    .where('account_id', accountId)
    .first<DialSettingsRow | undefined>();
  return r ? present(r) : null;
}

const DEFAULT_ROW = {
  call_start: DEFAULT_DIAL_SETTINGS.callStart,
  call_end: DEFAULT_DIAL_SETTINGS.callEnd,
  time_zone: DEFAULT_DIAL_SETTINGS.timeZone,
  cap_per_day: DEFAULT_DIAL_SETTINGS.capPerDay,
  cap_per_period: DEFAULT_DIAL_SETTINGS.capPerPeriod,
  cap_period_days: DEFAULT_DIAL_SETTINGS.capPeriodDays,
  cap_count: DEFAULT_DIAL_SETTINGS.capCount,
  low_balance_fen: DEFAULT_DIAL_SETTINGS.lowBalanceFen,
};

/** Writes some columns of an account's row, creating it with the defaults first when there is none. */
async function upsert(db: Knex, accountId: number, cols: Record<string, unknown>): Promise<void> {
  await db('dial_settings')
    .insert({ ...DEFAULT_ROW, account_id: accountId, ...cols })
    .onConflict('account_id')
    .merge({ ...cols, updated_at: db.fn.now() });
}

export const saveDefaults = (db: Knex, accountId: number, v: DialDefaultsInput) =>
  upsert(db, accountId, {
    call_start: v.callStart,
    call_end: v.callEnd,
    time_zone: v.timeZone,
    cap_per_day: v.capPerDay,
    cap_per_period: v.capPerPeriod,
    cap_period_days: v.capPeriodDays,
    cap_count: v.capCount,
    low_balance_fen: v.lowBalanceFen,
  });

export const saveShieldLevels = (db: Knex, accountId: number, levels: number[]) =>
  upsert(db, accountId, { day_shield_levels: db.raw('?::smallint[]', [levels]) });

export const saveQuota = (db: Knex, accountId: number, quota: number | null) =>
  upsert(db, accountId, { concurrency_quota: quota });

export async function aiSeatsOf(db: Knex, accountId: number): Promise<number> {
  const r = await db('accounts').where('id', accountId).first<{ ai_seats: number } | undefined>('ai_seats');
  return Number(r?.ai_seats ?? 0);
}

/** The actor's direct subordinates (the accounts whose quota it sets), with their quotas. */
export async function childQuotas(db: Knex, actor: Actor, accountId?: number): Promise<QuotaRowDto[]> {
  const rows = await scoped(db('accounts'), db, actor, 'accounts.id')
    .where('accounts.parent_id', actor.id)
    .modify((q) => {
      if (accountId !== undefined) q.where('accounts.id', accountId);
    })
    .leftJoin('dial_settings as s', 's.account_id', 'accounts.id')
    .orderBy('accounts.id')
    .select<{ id: string; account: string; ai_seats: number; concurrency_quota: number | null }[]>(
      'accounts.id',
      'accounts.account',
      'accounts.ai_seats',
      's.concurrency_quota',
    );
  return rows.map((r) => ({
    accountId: Number(r.id),
    account: r.account,
    aiSeats: Number(r.ai_seats),
    concurrencyQuota:
      r.concurrency_quota === null || r.concurrency_quota === undefined ? null : Number(r.concurrency_quota),
  }));
}
