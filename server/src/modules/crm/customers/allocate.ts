// Allocation of my customers (SPEC §4 allocation modes, issue 3 item 6): to oneself (0), split
// evenly among subordinates (1), or a quantity per subordinate (2), for chosen ids or a filter.
import type { Knex } from 'knex';
import { AllocationMode } from '../../../../../domain/crm';
import type { Deps } from '../../../deps';
import { below } from '../../../db/scope';
import { fieldError, notFound } from '../../../http/errors';
import { phoneHash } from '../../../../../platform/secrets';
import type { AuthContext } from '../../auth/sessions';
import { applyFilter, inSubtree, mine } from './repo';
import type { AllocateInput } from './schema';

/** Most customers one filtered allocation moves; larger sets are refused, never cut silently. */
export const ALLOCATE_MAX = 100_000;

export interface Share {
  accountId: number;
  count: number;
}

/** How many of `selected` customers each target gets; null when the quantities do not fit. */
export function shares(
  mode: number,
  selected: number,
  self: number,
  targets: number[],
  quantities: number[],
) {
  if (mode === AllocationMode.ToSelf) return [{ accountId: self, count: selected }];
  if (mode === AllocationMode.SplitEvenly) {
    const base = Math.floor(selected / targets.length);
    const rest = selected % targets.length;
    return targets.map((accountId, i) => ({ accountId, count: base + (i < rest ? 1 : 0) }));
  }
  const sum = quantities.reduce((a, b) => a + b, 0);
  if (sum > selected) return null;
  return targets.map((accountId, i) => ({ accountId, count: quantities[i]! }));
}

const refuse = (path: 'quantities' | 'filter') =>
  path === 'filter'
    ? fieldError(path, 'allocateTooMany', { max: ALLOCATE_MAX })
    : fieldError(path, 'validation.quantities');

export async function allocate(
  deps: Deps,
  auth: AuthContext,
  v: AllocateInput,
): Promise<{ allocated: Share[] }> {
  const { db } = deps;
  const actor = auth.actor;
  const targets = v.targets ?? [];
  const quantities = v.quantities ?? [];
  // Targets strictly below the caller; anyone else (itself, its superior, another tree) looks missing.
  if (targets.length) {
    const found = await below(db('accounts'), actor).whereIn('id', targets).select('id');
    if (found.length !== targets.length) throw notFound();
  }
  if (v.filter?.ownerId && !(await inSubtree(db, actor, v.filter.ownerId))) throw notFound();
  const ids = v.customerIds && [...new Set(v.customerIds)];
  if (ids && (await mine(db, actor).whereIn('c.id', ids).select('c.id')).length !== ids.length)
    throw notFound();
  const byQuantity = v.mode === AllocationMode.ByQuantity;
  const wanted = byQuantity ? quantities.reduce((a, b) => a + b, 0) : ALLOCATE_MAX + 1;
  if (byQuantity && wanted > ALLOCATE_MAX) throw refuse('quantities');

  return db.transaction(async (trx) => {
    // Lock what we take; rows another allocation (or a sea release, a delete) holds are skipped, so
    // no customer is handed out twice by two concurrent requests.
    const q = mine(trx, actor);
    if (ids) q.whereIn('c.id', ids);
    else applyFilter(q, v.filter!, (d) => phoneHash(deps.config.secretKey, d));
    const rows = await q.orderBy('c.id').limit(wanted).forUpdate().skipLocked().select('c.id');
    if (rows.length > ALLOCATE_MAX) throw refuse('filter');
    const plan = shares(v.mode, rows.length, actor.id, targets, quantities);
    if (!plan) throw refuse('quantities');
    let at = 0;
    for (const s of plan) {
      const slice = rows.slice(at, at + s.count).map((r) => Number(r.id));
      at += s.count;
      if (slice.length) await moveTo(trx, slice, s.accountId);
    }
    return { allocated: plan };
  });
}

const moveTo = (trx: Knex, ids: number[], accountId: number) =>
  trx('customers')
    .whereRaw('id = any(?::bigint[])', [ids])
    .update({ account_id: accountId, updated_at: trx.fn.now() });
