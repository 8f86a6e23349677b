// Small shared helpers for migrations (kept out of the migrations folder's top level,
// which knex reads as migrations).
import type { Knex } from 'knex';

export function timestamps(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

/** The owning account of a row; every owned table has it and every repo query scopes on it. */
export function tenant(t: Knex.CreateTableBuilder): void {
  t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
  t.index(['account_id']);
}
