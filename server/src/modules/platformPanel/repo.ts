// Platform panel queries (level 0 only: the routes and the room check that): every tenant at once.
// Open calls are read through the partial index calls_open (status <> 'ended'); originates per second
// from the newest ORIGINATE_SCAN_ROWS calls by primary key (ids grow with time), never a scan of the
// table; accounts through their primary key and path.
import type { Knex } from 'knex';
import { pathIds } from '../../../../domain/accountPath';
import { DEFAULT_LOW_BALANCE_FEN } from '../../../../domain/finance';
import type { PanelExpiring, PanelLowBalance, PanelMerchantCalls } from '../../../../domain/platformPanel';

type Db = Knex | Knex.Transaction;

/** The newest calls looked at for originates per second (caps the figure at this many per window). */
const ORIGINATE_SCAN_ROWS = 20_000;

/** Open calls by the FreeSWITCH node they were placed through (null: not originated yet). */
export async function openCallsByNode(db: Db): Promise<{ node: string | null; calls: number }[]> {
  const rows = await db('calls')
    .whereNot('status', 'ended')
    .groupBy('fs_node')
    .orderBy('fs_node')
    .select<{ fs_node: string | null; n: number }[]>('fs_node', db.raw('count(*)::int AS n'));
  return rows.map((r) => ({ node: r.fs_node ?? null, calls: Number(r.n) }));
}

/** Open calls by owning account, with the account's path (grouped into merchants by the caller). */
async function openCallsByAccount(db: Db): Promise<{ path: string; calls: number }[]> {
  const rows = await db('calls as c')
    .join('accounts as a', 'a.id', 'c.account_id')
    .whereNot('c.status', 'ended')
    .groupBy('a.path')
    .select<{ path: string; n: number }[]>('a.path', db.raw('count(*)::int AS n'));
  return rows.map((r) => ({ path: r.path, calls: Number(r.n) }));
}

/**
 * Open calls by merchant: the account directly below the platform's root on the owner's path (the
 * root's own calls count for the root), most calls first, at most `limit`.
 */
export async function openCallsByMerchant(db: Db, limit: number): Promise<PanelMerchantCalls[]> {
  const byAccount = await openCallsByAccount(db);
  const totals = new Map<number, number>();
  for (const r of byAccount) {
    const ids = pathIds(r.path);
    const top = ids[1] ?? ids[0];
    if (top === undefined) continue;
    totals.set(top, (totals.get(top) ?? 0) + r.calls);
  }
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  if (!top.length) return [];
  const names = await db('accounts')
    .whereIn(
      'id',
      top.map(([id]) => id),
    )
    .select<{ id: string; account: string }[]>('id', 'account');
  const nameOf = new Map(names.map((r) => [Number(r.id), String(r.account)]));
  return top.map(([id, calls]) => ({ accountId: id, account: nameOf.get(id) ?? String(id), calls }));
}

/** Calls originated within the last `windowMs` (by the database clock). */
export async function originatedWithin(db: Db, windowMs: number): Promise<number> {
  const r = await db('calls')
    .where('id', '>', db.raw('(SELECT max(id) FROM calls) - ?', [ORIGINATE_SCAN_ROWS]))
    .where(
      'originated_at',
      '>',
      db.raw("clock_timestamp() - (?::int * interval '1 millisecond')", [windowMs]),
    )
    .count({ n: '*' })
    .first<{ n: string } | undefined>();
  return Number(r?.n ?? 0);
}

/** Enabled lines with their gateway names (line-<id>). */
export async function enabledLines(db: Db, limit: number): Promise<{ id: number; name: string }[]> {
  const rows = await db('sip_lines')
    .where('enabled', true)
    .orderBy('id')
    .limit(limit)
    .select<{ id: string; name: string }[]>('id', 'name');
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** Enabled FreeSWITCH nodes. */
export async function enabledNodes(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db('fs_nodes')
    .where('enabled', true)
    .orderBy('id')
    .select<{ id: string; name: string }[]>('id', 'name');
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * Accounts below the platform (not disabled) whose balance is under their low-balance threshold
 * (dial_settings.low_balance_fen, DEFAULT_LOW_BALANCE_FEN without a row), lowest first.
 */
export async function lowBalances(db: Db, limit: number): Promise<PanelLowBalance[]> {
  const rows = await db('accounts as a')
    .leftJoin('dial_settings as d', 'd.account_id', 'a.id')
    .where('a.level', '<>', 0)
    .where('a.disabled', false)
    .whereRaw('a.balance_fen < coalesce(d.low_balance_fen, ?)', [DEFAULT_LOW_BALANCE_FEN])
    .orderBy([
      { column: 'a.balance_fen', order: 'asc' },
      { column: 'a.id', order: 'asc' },
    ])
    .limit(limit)
    .select<{ id: string; account: string; level: number; balance_fen: string; threshold: string }[]>(
      'a.id',
      'a.account',
      'a.level',
      'a.balance_fen',
      db.raw('coalesce(d.low_balance_fen, ?) AS threshold', [DEFAULT_LOW_BALANCE_FEN]),
    );
  return rows.map((r) => ({
    accountId: Number(r.id),
    account: r.account,
    level: Number(r.level),
    balanceFen: Number(r.balance_fen),
    thresholdFen: Number(r.threshold),
  }));
}

/** Accounts below the platform (not disabled) expiring within `days` or expired as long ago, soonest first. */
export async function expiringAccounts(db: Db, days: number, limit: number): Promise<PanelExpiring[]> {
  const rows = await db('accounts')
    .where('level', '<>', 0)
    .where('disabled', false)
    .whereRaw("expires_at < now() + (?::int * interval '1 day')", [days])
    .whereRaw("expires_at > now() - (?::int * interval '1 day')", [days])
    .orderBy([
      { column: 'expires_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit)
    .select<{ id: string; account: string; level: number; expires_at: Date }[]>(
      'id',
      'account',
      'level',
      'expires_at',
    );
  return rows.map((r) => ({
    accountId: Number(r.id),
    account: r.account,
    level: Number(r.level),
    expiresAt: new Date(r.expires_at).toISOString(),
  }));
}
