// Sea rules: releasing, claiming within the daily limit, and who may change the settings.
import type { Deps } from '../../../deps';
import { AppError, forbidden } from '../../../http/errors';
import type { AuthContext } from '../../auth/sessions';
import { seaOwnerOf } from './owner';
import { claimsToday, readSettings, releaseToSea, takeFromSea, writeSettings } from './repo';

export async function release(deps: Deps, auth: AuthContext, ids: number[]) {
  const owner = await seaOwnerOf(deps.db, auth.actor);
  const released = await releaseToSea(deps.db, auth.actor, owner, ids);
  return { released: released.length, skipped: ids.length - released.length, ids: released };
}

/** Advisory lock namespace for "one claim at a time per account" (any constant unused elsewhere). */
const CLAIM_LOCK = 0x5ea;

export async function claim(deps: Deps, auth: AuthContext, ids: number[]) {
  const me = auth.actor.id;
  const owner = await seaOwnerOf(deps.db, auth.actor);
  const { dailyClaimLimit: limit } = await readSettings(deps.db, owner);
  return deps.db.transaction(async (trx) => {
    // Serialise one account's claims so that concurrent requests cannot both pass the quota check;
    // the count below then sees every claim committed before us (READ COMMITTED, new statement).
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [CLAIM_LOCK, me]);
    const used = await claimsToday(trx, me);
    const remaining = Math.max(0, limit - used);
    if (ids.length > remaining)
      // Refused whole: the client shows how many may still be claimed today.
      throw new AppError(
        400,
        400,
        'seaClaimLimit',
        { limit, remaining },
        { reason: 'seaClaimLimit', limit, used, remaining },
      );
    const claimed = await takeFromSea(trx, owner, me, ids);
    return {
      claimed,
      // Taken by someone else in the meantime, or never in this sea.
      missed: ids.filter((id) => !claimed.includes(id)),
      remaining: remaining - claimed.length,
    };
  });
}

export async function settingsOf(deps: Deps, auth: AuthContext) {
  const owner = await seaOwnerOf(deps.db, auth.actor);
  return { ownerId: owner, ...(await readSettings(deps.db, owner)) };
}

export async function changeSettings(
  deps: Deps,
  auth: AuthContext,
  v: { autoReleaseDays: number | null; dailyClaimLimit: number },
) {
  const owner = await seaOwnerOf(deps.db, auth.actor);
  // Only the sea's owner: a merchant (2) or a registrant for its tree, or the super administrator
  // (0) for its own (owner.ts).
  if (owner !== auth.actor.id) throw forbidden();
  await writeSettings(deps.db, owner, v);
  return settingsOf(deps, auth);
}
