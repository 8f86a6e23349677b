// Merchant rows: level-2 accounts strictly below the actor (db/scope.ts `below`), with their call
// rate (settlement method), settlement lock, assignable menus and the account above them.
import type { Knex } from 'knex';
import { DEFAULT_RATE } from '../../../../domain/finance';
import { likeContains } from '../../../../domain/like';
import type { MerchantDto, SettlementMethod } from '../../../../domain/merchants';
import { below, type Actor } from '../../db/scope';
import { presentAccount, type AccountRow } from '../accounts/presenters';
import { listColumns } from '../accounts/repo';

const MERCHANT_LEVEL = 2;

const merchants = (db: Knex, actor: Actor) =>
  below(
    db('accounts as a')
      .leftJoin('roles as r', 'r.id', 'a.role_id')
      .leftJoin('billing_rates as b', 'b.account_id', 'a.id')
      .leftJoin('accounts as p', 'p.id', 'a.parent_id'),
    actor,
    'a',
  )
    .where('a.level', MERCHANT_LEVEL)
    .select<MerchantRow[]>([
      ...listColumns,
      'a.path',
      'p.account as parent_account',
      'b.rate_per_min_fen',
      'b.accuracy_s',
      'a.settlement_locked_at',
      'a.assignable_menus',
    ]);

/** A merchant as `merchants` selects it: the account columns plus its rate, lock and menus. */
interface MerchantRow extends AccountRow {
  path: string;
  parent_account: string | null;
  rate_per_min_fen: number | null;
  accuracy_s: number | null;
  settlement_locked_at: Date | null;
  assignable_menus: string[] | null;
}

/**
 * Presents rows with the lock that fixes each one's method: the nearest locked account above it,
 * found for the whole page in one query.
 */
async function present(db: Knex, rows: MerchantRow[]): Promise<MerchantDto[]> {
  const ancestorIds = new Set<number>();
  for (const r of rows)
    for (const id of String(r.path).split('/').filter(Boolean).map(Number).slice(0, -1)) ancestorIds.add(id);
  const locks: { id: string; account: string; accuracy_s: number | null }[] = ancestorIds.size
    ? await db('accounts as a')
        .leftJoin('billing_rates as b', 'b.account_id', 'a.id')
        .whereIn('a.id', [...ancestorIds])
        .whereNotNull('a.settlement_locked_at')
        .select('a.id', 'a.account', 'b.accuracy_s')
    : [];
  const lockById = new Map(locks.map((l) => [Number(l.id), l]));
  return rows.map((r) => {
    const above = String(r.path).split('/').filter(Boolean).map(Number).slice(0, -1).reverse();
    const lock = above.map((id) => lockById.get(id)).find(Boolean);
    const lockMethod = lock ? ((lock.accuracy_s ?? DEFAULT_RATE.accuracyS) as SettlementMethod) : null;
    return {
      ...presentAccount(r),
      parentAccount: r.parent_account ?? null,
      ratePerMinFen: r.rate_per_min_fen ?? null,
      settlementMethod: (r.accuracy_s ?? lockMethod ?? DEFAULT_RATE.accuracyS) as SettlementMethod,
      settlementLockedAt: r.settlement_locked_at ? new Date(r.settlement_locked_at).toISOString() : null,
      settlementForcedBy: lock?.account ?? null,
      assignableMenus: r.assignable_menus ?? null,
    };
  });
}

/** Merchants strictly below the actor, keyset-paged by id. */
export async function listMerchants(
  db: Knex,
  actor: Actor,
  opts: { afterId?: number; limit: number; q?: string },
): Promise<MerchantDto[]> {
  const rows = await merchants(db, actor)
    .modify((q) => {
      if (opts.afterId) q.where('a.id', '>', opts.afterId);
      if (opts.q)
        q.where((w) =>
          w.whereILike('a.account', likeContains(opts.q!)).orWhereILike('a.real_name', likeContains(opts.q!)),
        );
    })
    .orderBy('a.id')
    .limit(opts.limit);
  return present(db, rows);
}

/** One merchant strictly below the actor, or undefined (another tree's id, a user, a deleted one). */
export async function findMerchant(db: Knex, actor: Actor, id: number): Promise<MerchantDto | undefined> {
  const row: MerchantRow | undefined = await merchants(db, actor).where('a.id', id).first();
  return row ? (await present(db, [row]))[0] : undefined;
}

export const setAssignableMenus = (db: Knex, id: number, menus: string[] | null) =>
  db('accounts')
    .where({ id })
    .update({
      assignable_menus: menus === null ? null : db.raw('?::text[]', [menus]),
      updated_at: db.fn.now(),
    });
