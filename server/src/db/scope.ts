// The one tenant scope: every repo query on owned rows goes through these helpers, so a caller only
// ever reaches its own subtree of accounts (ARCHITECTURE §4). A query that skips them is a bug.
import type { Knex } from 'knex';
import { likePrefix } from '../../../domain/like';

export interface Actor {
  id: number;
  level: 0 | 1 | 2;
  /** Materialized path of ids, e.g. '/1/5/'. */
  path: string;
}

/** Ids of the actor's account and every account below it. */
export const subtreeIds = (db: Knex, actor: Actor) =>
  db('accounts').select('id').where('path', 'like', likePrefix(actor.path));

/** Restricts `qb` to rows whose `column` is an account in the actor's subtree (itself included). */
export function scoped<T extends Knex.QueryBuilder>(qb: T, db: Knex, actor: Actor, column = 'account_id'): T {
  return qb.whereIn(column, subtreeIds(db, actor)) as T;
}

/**
 * Restricts an accounts query to live accounts strictly below the actor (never itself, never a deleted
 * one: a deleted account stays as a row for its history, but is no one's target or choice any more).
 */
export function below<T extends Knex.QueryBuilder>(qb: T, actor: Actor, table = 'accounts'): T {
  return qb
    .where(`${table}.path`, 'like', likePrefix(actor.path))
    .whereNot(`${table}.id`, actor.id)
    .whereNull(`${table}.deleted_at`) as T;
}
