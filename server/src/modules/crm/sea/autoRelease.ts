// Automatic release to the sea (a `crm` repeatable job, hourly): for each sea owner with
// autoReleaseDays set, customers of its tree not followed up for that many days go to its sea.
// The clock is the last follow-up (or creation when never), restarted by a claim from the sea so a
// just-claimed customer is not thrown straight back. Accounts below a nested merchant belong to
// that merchant's sea (owner.ts), as do accounts below a registrant (its own tenant): they are left
// to its own setting.
import type { Knex } from 'knex';
import type { Deps } from '../../../deps';

const BATCH = 5000;

/** Releases one owner's overdue customers, in batches so no statement locks millions of rows. */
async function releaseOverdue(db: Knex, owner: { id: number; path: string }, days: number) {
  // Paths are digits and slashes: nothing in them needs LIKE escaping.
  const tree = db('accounts as a')
    .select('a.id')
    .where('a.path', 'like', `${owner.path}%`)
    .whereNotExists(
      db('accounts as s')
        .where((q) => q.where('s.level', 2).orWhere('s.self_registered', true))
        .whereNot('s.id', owner.id)
        .where('s.path', 'like', `${owner.path}%`)
        .whereRaw(`a.path like s.path || '%'`),
    );
  const cutoff = db.raw(`now() - make_interval(days => ?)`, [days]);
  let total = 0;
  for (;;) {
    const batch = db('customers as c')
      .select('c.id')
      .where('c.in_sea', false)
      .whereIn('c.account_id', tree)
      .whereRaw('coalesce(c.last_follow_up_at, c.created_at) < ?', [cutoff])
      .whereNotExists(
        db('sea_claims as sc').whereRaw('sc.customer_id = c.id').where('sc.claimed_at', '>=', cutoff),
      )
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    const rows = await db('customers')
      .whereIn('id', batch)
      .update({ in_sea: true, sea_since: db.fn.now(), account_id: owner.id, updated_at: db.fn.now() }, [
        'id',
      ]);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

export async function autoReleaseToSea(deps: Deps): Promise<{ released: number }> {
  const owners = await deps
    .db('crm_settings as s')
    .join('accounts as a', 'a.id', 's.account_id')
    .whereNotNull('s.sea_auto_release_days')
    .where((q) => q.whereIn('a.level', [0, 2]).orWhere('a.self_registered', true))
    .select('a.id', 'a.path', 's.sea_auto_release_days as days');
  let released = 0;
  for (const o of owners)
    released += await releaseOverdue(deps.db, { id: Number(o.id), path: o.path }, Number(o.days));
  return { released };
}
