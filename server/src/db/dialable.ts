// The dialable-task filter (running 2, queued 4) for queries, from domain's one definition
// (DIALABLE_STATUSES): never retype the numbers in SQL.
import type { Knex } from 'knex';
import { DIALABLE_STATUSES } from '../../../domain/dialer/status';

/** Knex: `.modify(whereDialable('t.status'))` keeps the tasks the dial scheduler works on. */
export const whereDialable =
  (column = 'status') =>
  (q: Knex.QueryBuilder): void => {
    q.whereIn(column, [...DIALABLE_STATUSES]);
  };

/** Raw SQL: `${dialableSql('t.status')}` reads `t.status IN (2, 4)`. */
export const dialableSql = (column = 'status'): string => `${column} IN (${DIALABLE_STATUSES.join(', ')})`;
