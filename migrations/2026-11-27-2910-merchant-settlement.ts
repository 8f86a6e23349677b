// Merchant management (issue 24 item 4): a merchant's assignable menus (what its subtree may be
// granted; null = whatever it holds itself) and its settlement lock (SPEC §6: forces the merchant's
// settlement method, the billing accuracy of its rate, on every account below it; once on it stays on).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.specificType('assignable_menus', 'text[]').nullable();
    t.timestamp('settlement_locked_at', { useTz: true }).nullable();
    t.bigInteger('settlement_locked_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('assignable_menus');
    t.dropColumn('settlement_locked_at');
    t.dropColumn('settlement_locked_by');
  });
}
