// The sea's rows. A sea belongs to the caller's merchant (owner.ts), an ancestor of the caller and
// so outside `scoped`: sea reads and claims match `account_id = <sea owner>` exactly, where the
// owner always comes from the caller's own path. Releases go through the tenant scope.
import type { Knex } from 'knex';
import type { SeaCustomerDto } from '../../../../../domain/crm';
import { likeContains } from '../../../../../domain/like';
import { scoped, type Actor } from '../../../db/scope';

export const DEFAULT_DAILY_CLAIM_LIMIT = 50;
export const CLAIM_TIME_ZONE = 'Asia/Shanghai';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The customers columns the sea list selects, as pg returns them. */
interface SeaRow {
  id: string;
  name: string;
  phone: string;
  phone_cipher: string | null;
  company: string;
  stage: number;
  grade: number | null;
  sea_since: Date | null;
  last_follow_up_at: Date | null;
  created_at: Date;
}

const presentSeaCustomer = (r: SeaRow): SeaCustomerDto => ({
  id: Number(r.id),
  name: r.name,
  phone: r.phone,
  phoneHidden: r.phone_cipher !== null,
  company: r.company,
  stage: r.stage,
  grade: r.grade,
  seaSince: iso(r.sea_since),
  lastFollowUpAt: iso(r.last_follow_up_at),
  createdAt: iso(r.created_at)!,
});

/** In-scope customers not yet in the sea move to the owner's sea. Returns the ids moved. */
export async function releaseToSea(db: Knex, actor: Actor, owner: number, ids: number[]) {
  const rows = await scoped(db('customers'), db, actor)
    .whereIn('id', ids)
    .where('in_sea', false)
    .update({ in_sea: true, sea_since: db.fn.now(), account_id: owner, updated_at: db.fn.now() }, ['id']);
  return rows.map((r: { id: string }) => Number(r.id));
}

/** The owner's sea, newest first (id-desc keyset), with the list's filters. */
export async function listSea(
  db: Knex,
  owner: number,
  f: { limit: number; before?: number; name?: string; phone?: string; stage?: number },
) {
  const rows = await db('customers')
    .where({ account_id: owner, in_sea: true })
    .modify((q) => {
      if (f.before) q.where('id', '<', f.before);
      if (f.name) q.whereILike('name', likeContains(f.name));
      if (f.phone) q.where('phone', 'like', `${f.phone}%`);
      if (f.stage) q.where('stage', f.stage);
    })
    .orderBy('id', 'desc')
    .limit(f.limit)
    .select<SeaRow[]>(
      'id',
      'name',
      'phone',
      'phone_cipher',
      'company',
      'stage',
      'grade',
      'sea_since',
      'last_follow_up_at',
      'created_at',
    );
  return rows.map(presentSeaCustomer);
}

export async function readSettings(db: Knex, owner: number) {
  const row = await db('crm_settings').where({ account_id: owner }).first();
  return {
    autoReleaseDays: (row?.sea_auto_release_days ?? null) as number | null,
    dailyClaimLimit: (row?.sea_daily_claim_limit ?? DEFAULT_DAILY_CLAIM_LIMIT) as number,
  };
}

export async function writeSettings(
  db: Knex,
  owner: number,
  v: { autoReleaseDays: number | null; dailyClaimLimit: number },
) {
  const cols = { sea_auto_release_days: v.autoReleaseDays, sea_daily_claim_limit: v.dailyClaimLimit };
  await db('crm_settings')
    .insert({ account_id: owner, ...cols })
    .onConflict('account_id')
    .merge({ ...cols, updated_at: db.fn.now() });
}

/** Claims made by the account since midnight in the claim time zone. */
export async function claimsToday(db: Knex, accountId: number): Promise<number> {
  const row = await db('sea_claims')
    .where({ account_id: accountId })
    .whereRaw(`claimed_at >= date_trunc('day', now() AT TIME ZONE ?) AT TIME ZONE ?`, [
      CLAIM_TIME_ZONE,
      CLAIM_TIME_ZONE,
    ])
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/**
 * Takes customers out of the owner's sea for the claimer. Row locks decide races: of two claims of
 * one customer, the second re-checks `in_sea` after the first commits and matches nothing.
 */
export async function takeFromSea(trx: Knex.Transaction, owner: number, claimer: number, ids: number[]) {
  const rows = await trx('customers')
    .whereIn('id', ids)
    .where({ in_sea: true, account_id: owner })
    .update({ in_sea: false, sea_since: null, account_id: claimer, updated_at: trx.fn.now() }, ['id']);
  const claimed = rows.map((r: { id: string }) => Number(r.id));
  if (claimed.length)
    await trx('sea_claims').insert(claimed.map((id) => ({ account_id: claimer, customer_id: id })));
  return claimed;
}
