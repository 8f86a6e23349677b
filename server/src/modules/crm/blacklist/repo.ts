// Blacklist rows: the platform list (account_id null) and one list per account.
import type { Knex } from 'knex';
import { maskPhone } from '../../../../../domain/format';
import { scoped, type Actor } from '../../../db/scope';
import { pathIds } from '../sea/owner';

export interface BlacklistEntryDto {
  id: number;
  scope: 'platform' | 'account';
  phone: string;
  reason: string;
  createdAt: string;
}

/** The blacklist_numbers columns a list shows, as pg returns them. */
interface EntryRow {
  id: string;
  phone: string;
  reason: string;
  created_at: Date;
}

const presentEntry = (
  r: EntryRow,
  scope: BlacklistEntryDto['scope'],
  masked: boolean,
): BlacklistEntryDto => ({
  id: Number(r.id),
  scope,
  phone: masked ? maskPhone(r.phone) : r.phone,
  reason: r.reason,
  createdAt: new Date(r.created_at).toISOString(),
});

/** One list: the platform's (the service lets only the super administrator read it) or the caller's own. */
export async function listEntries(
  db: Knex,
  actor: Actor,
  f: { scope: 'platform' | 'account'; phone?: string; limit: number; after?: number },
) {
  const base =
    f.scope === 'platform'
      ? db('blacklist_numbers').whereNull('account_id')
      : scoped(db('blacklist_numbers'), db, actor).where('account_id', actor.id);
  const rows = await base
    .modify((q) => {
      if (f.phone) q.where('phone', 'like', `${f.phone}%`);
      if (f.after) q.where('id', '>', f.after);
    })
    .orderBy('id')
    .limit(f.limit)
    .select<EntryRow[]>('id', 'phone', 'reason', 'created_at');
  return rows.map((r) => presentEntry(r, f.scope, f.scope === 'platform' && actor.level !== 0));
}

/** Inserts new numbers of one list; ones already there are skipped. Returns how many were added. */
export async function insertEntries(
  db: Knex,
  rows: { accountId: number | null; phone: string; phoneHash: string; reason: string; createdBy: number }[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db('blacklist_numbers')
      .insert(
        rows.slice(i, i + 1000).map((r) => ({
          account_id: r.accountId,
          phone: r.phone,
          phone_hash: r.phoneHash,
          reason: r.reason,
          created_by: r.createdBy,
        })),
      )
      .onConflict()
      .ignore()
      .returning('id');
    added += inserted.length;
  }
  return added;
}

/** Removes entries of the caller's own list, and of the platform list for the super administrator. */
export async function removeEntries(db: Knex, actor: Actor, ids: number[]): Promise<number> {
  const own = await scoped(db('blacklist_numbers'), db, actor)
    .where('account_id', actor.id)
    .whereIn('id', ids)
    .delete();
  const platform =
    actor.level === 0 ? await db('blacklist_numbers').whereNull('account_id').whereIn('id', ids).delete() : 0;
  return own + platform;
}

/**
 * Which of `hashes` are blocked for the actor: the platform list, its own list, and the list of
 * every account above it (a merchant's blacklist binds its whole tree). Used by imports and dialing.
 */
export async function blacklistedHashes(db: Knex, actor: Actor, hashes: string[]): Promise<Set<string>> {
  const blocked = new Set<string>();
  const owners = pathIds(actor.path);
  for (let i = 0; i < hashes.length; i += 10000) {
    const rows = await db('blacklist_numbers')
      .distinct('phone_hash')
      .whereRaw('phone_hash = any(?::text[])', [hashes.slice(i, i + 10000)])
      .where((q) => q.whereNull('account_id').orWhereIn('account_id', owners));
    for (const r of rows) blocked.add(r.phone_hash);
  }
  return blocked;
}
