// Issue 24: per-user daily limits the dialer applies at claim time (connected calls and talk minutes
// a day; 0 = no limit), and the deletion of an account (kept as a row, so its customers, tasks, call
// records and ledger stay with their history; hidden from the user lists and unable to log in).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.integer('daily_connect_limit').notNullable().defaultTo(0);
    t.integer('daily_minutes_limit').notNullable().defaultTo(0);
    t.timestamp('deleted_at', { useTz: true }).nullable();
  });
  await knex.raw(
    'ALTER TABLE accounts ADD CONSTRAINT accounts_daily_limits_check CHECK (daily_connect_limit >= 0 AND daily_minutes_limit >= 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('daily_connect_limit');
    t.dropColumn('daily_minutes_limit');
    t.dropColumn('deleted_at');
  });
}
