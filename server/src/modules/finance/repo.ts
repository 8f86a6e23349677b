// Finance queries, always through the tenant scope: accounts reached by id are the actor's subtree
// (itself for reading) or strictly below it (for setting a rate or recharging).
import type { Knex } from 'knex';
import type { BillingAccuracy } from '../../../../domain/dialer/billing';
import {
  DEFAULT_RATE,
  type BillingRateDto,
  type LedgerEntryDto,
  type LedgerKind,
} from '../../../../domain/finance';
import { below, scoped, type Actor } from '../../db/scope';

type Db = Knex | Knex.Transaction;

export interface AccountRef {
  id: number;
  account: string;
  level: number;
  balanceFen: number;
}

/** ACCOUNT_COLS of an accounts row. */
interface AccountRefRow {
  id: string;
  account: string;
  level: number;
  balance_fen: string;
}

const accountRef = (r: AccountRefRow | undefined): AccountRef | undefined =>
  r && { id: Number(r.id), account: r.account, level: r.level, balanceFen: Number(r.balance_fen) };

const ACCOUNT_COLS = ['id', 'account', 'level', 'balance_fen'];

/** The actor's own account or one of its subtree. */
export const inSubtree = async (db: Knex, actor: Actor, id: number) =>
  accountRef(
    await scoped(db('accounts'), db, actor, 'id')
      .where('id', id)
      .first<AccountRefRow | undefined>(...ACCOUNT_COLS),
  );

/** An account strictly below the actor (never itself). */
export const strictlyBelow = async (db: Db, actor: Actor, id: number) =>
  accountRef(
    await below(db('accounts'), actor)
      .where('id', id)
      .first<AccountRefRow | undefined>(...ACCOUNT_COLS),
  );

// ---- rates ----

/** A billing_rates row (`*`). */
interface RateRow {
  account_id: string;
  rate_per_min_fen: number;
  accuracy_s: number;
  set_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An account below with its rate's columns (null without a billing_rates row). */
interface RateBelowRow {
  id: string;
  account: string;
  real_name: string;
  level: number;
  parent_id: string | null;
  balance_fen: string;
  rate_per_min_fen: number | null;
  accuracy_s: number | null;
  set_by: string | null;
  updated_at: Date | null;
}

export async function getRate(db: Db, accountId: number): Promise<BillingRateDto | null> {
  const r = await db('billing_rates').where({ account_id: accountId }).first<RateRow | undefined>();
  return r
    ? {
        accountId: Number(r.account_id),
        ratePerMinFen: r.rate_per_min_fen,
        accuracyS: r.accuracy_s as BillingAccuracy,
        setBy: r.set_by === null ? null : Number(r.set_by),
        updatedAt: new Date(r.updated_at).toISOString(),
      }
    : null;
}

/** Callers pass an account they checked is strictly below the actor. */
export async function upsertRate(
  db: Db,
  v: { accountId: number; ratePerMinFen: number; accuracyS: BillingAccuracy; setBy: number },
): Promise<void> {
  await db('billing_rates')
    .insert({
      account_id: v.accountId,
      rate_per_min_fen: v.ratePerMinFen,
      accuracy_s: v.accuracyS,
      set_by: v.setBy,
    })
    .onConflict('account_id')
    .merge({
      rate_per_min_fen: v.ratePerMinFen,
      accuracy_s: v.accuracyS,
      set_by: v.setBy,
      updated_at: db.fn.now(),
    });
}

/**
 * A subordinate with its balance and call rate (the finance page's account picker and rates table).
 * The client keeps the same shape in features/finance/types.ts.
 */
export interface SubordinateRateRow {
  accountId: number;
  account: string;
  realName: string | null;
  level: number;
  parentId: number | null;
  balanceFen: number;
  /** DEFAULT_RATE when no parent has set one (then setBy and updatedAt are null). */
  ratePerMinFen: number;
  accuracyS: BillingAccuracy;
  setBy: number | null;
  updatedAt: string | null;
}

/** Live accounts strictly below the actor with their rates, by id, keyset-paged. */
export async function ratesBelow(
  db: Knex,
  actor: Actor,
  q: { afterId?: number; limit: number },
): Promise<SubordinateRateRow[]> {
  const rows = await below(
    db('accounts as a').leftJoin('billing_rates as r', 'r.account_id', 'a.id'),
    actor,
    'a',
  )
    .modify((b) => {
      if (q.afterId) b.where('a.id', '>', q.afterId);
    })
    .orderBy('a.id')
    .limit(q.limit)
    .select<RateBelowRow[]>(
      'a.id',
      'a.account',
      'a.real_name',
      'a.level',
      'a.parent_id',
      'a.balance_fen',
      'r.rate_per_min_fen',
      'r.accuracy_s',
      'r.set_by',
      'r.updated_at',
    );
  return rows.map((r) => ({
    accountId: Number(r.id),
    account: r.account,
    realName: r.real_name ?? null,
    level: r.level,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    balanceFen: Number(r.balance_fen),
    ratePerMinFen: r.rate_per_min_fen ?? DEFAULT_RATE.ratePerMinFen,
    accuracyS: (r.accuracy_s ?? DEFAULT_RATE.accuracyS) as BillingAccuracy,
    setBy: r.set_by === null || r.set_by === undefined ? null : Number(r.set_by),
    updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
  }));
}

// ---- ledger ----

/** A ledger_entries row with its account's and its author's names (`entries`). */
interface EntryRow {
  id: string;
  account_id: string;
  delta_fen: string;
  balance_before_fen: string;
  balance_after_fen: string;
  kind: string;
  description: string;
  created_by: string | null;
  idempotency_key: string | null;
  created_at: Date;
  account: string;
  created_by_account: string | null;
}

const presentEntry = (r: EntryRow): LedgerEntryDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  account: r.account,
  kind: r.kind as LedgerKind,
  deltaFen: Number(r.delta_fen),
  balanceBeforeFen: Number(r.balance_before_fen),
  balanceAfterFen: Number(r.balance_after_fen),
  description: r.description,
  createdBy: r.created_by === null ? null : Number(r.created_by),
  createdByAccount: r.created_by_account ?? null,
  createdAt: new Date(r.created_at).toISOString(),
});

const entries = (db: Db) =>
  db('ledger_entries as l')
    .join('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('accounts as c', 'c.id', 'l.created_by')
    .select<EntryRow[]>('l.*', 'a.account', 'c.account as created_by_account');

export interface LedgerQuery {
  accountId?: number;
  kind?: LedgerKind;
  from?: string;
  to?: string;
  beforeId?: number;
  limit: number;
}

/** Ledger rows of the actor's subtree (or of one account of it), newest first, keyset-paged by id. */
export async function ledgerPage(db: Knex, actor: Actor, q: LedgerQuery) {
  const rows = await scoped(entries(db), db, actor, 'l.account_id')
    .modify((b) => {
      if (q.accountId) b.where('l.account_id', q.accountId);
      if (q.kind) b.where('l.kind', q.kind);
      if (q.from) b.where('l.created_at', '>=', q.from);
      if (q.to) b.where('l.created_at', '<=', q.to);
      if (q.beforeId) b.where('l.id', '<', q.beforeId);
    })
    .orderBy('l.id', 'desc')
    .limit(q.limit);
  const items = rows.map(presentEntry);
  return { items, nextBeforeId: items.length === q.limit ? items[items.length - 1]!.id : null };
}

export async function entryByKey(db: Db, key: string): Promise<LedgerEntryDto | null> {
  const r: EntryRow | undefined = await entries(db).where('l.idempotency_key', key).first();
  return r ? presentEntry(r) : null;
}

// ---- arrears ----

/** The account's active tasks paused for arrears (13), locked for their transition. */
export const arrearsPausedTasks = (trx: Knex.Transaction, accountId: number) =>
  trx('tasks')
    .where({ account_id: accountId, status: 13, active: true })
    .whereNull('deleted_at')
    .orderBy('id')
    .forUpdate()
    .select<{ id: string; status: number; run_state: number; active: boolean }[]>(
      'id',
      'status',
      'run_state',
      'active',
    );

export const setTaskState = (
  trx: Knex.Transaction,
  accountId: number,
  id: number,
  to: { status: number; runState: number },
) =>
  trx('tasks')
    .where({ id, account_id: accountId })
    .update({ status: to.status, run_state: to.runState, updated_at: trx.fn.now() });
