// One customer per number in an owner's tree: imports, the customer form and whatever else creates
// customers (a call's number becoming one) take these transaction-level advisory locks before they
// look for the number and write it, so two of them never both find it missing.
//   tree lock   (TREE_LOCK_SPACE, tree key): an import holds it exclusively for its whole transaction
//               (it may touch any number of the tree); single-row writers hold it shared;
//   number lock (PHONE_LOCK_SPACE, hash of phone_hash): single-row writers hold it exclusively.
// The tree key is the top account below the platform root in the writer's path (a merchant and all
// under it), so different merchants never wait for each other; an import waits for the tree's
// single-row writers of the moment and they wait for it.
import type { Knex } from 'knex';
import { pathIds } from '../../../../../domain/accountPath';
import { scoped, type Actor } from '../../../db/scope';

export const TREE_LOCK_SPACE = 3010;
export const PHONE_LOCK_SPACE = 3011;

/** The tree an account's customers dedupe in, as a lock key: its top account below the root. */
export function phoneTreeKey(path: string): number {
  const ids = pathIds(path);
  return (ids[1] ?? ids[0] ?? 0) % 2147483647;
}

/** SQL of an import's exclusive tree lock (run it inside the import's transaction). */
export const TREE_LOCK_SQL = 'SELECT pg_advisory_xact_lock($1::int, $2::int)';

/** A single-row writer's locks on one number of the actor's tree; inside `trx`, before the lookup. */
export async function lockCustomerPhone(
  trx: Knex.Transaction,
  actor: Actor,
  phoneHash: string,
): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock_shared(?::int, ?::int)', [
    TREE_LOCK_SPACE,
    phoneTreeKey(actor.path),
  ]);
  await trx.raw('SELECT pg_advisory_xact_lock(?::int, hashtext(?))', [PHONE_LOCK_SPACE, phoneHash]);
}

/** The id of a customer of the actor's subtree with this number (the oldest), other than `exceptId`. */
export async function customerWithPhone(
  db: Knex | Knex.Transaction,
  actor: Actor,
  phoneHash: string,
  exceptId?: number,
): Promise<number | null> {
  const row = await scoped(db('customers'), db as Knex, actor)
    .where({ phone_hash: phoneHash })
    .modify((q) => exceptId !== undefined && q.whereNot('id', exceptId))
    .orderBy('id')
    .first('id');
  return row ? Number(row.id) : null;
}
