// Dashboard spend (issue 19): what calls cost an account is read from its own ledger rows of kind
// 'call', summed per local day of the charge. This index makes that a range scan of the account's
// call charges only (recharges and refunds aside), index-only with the INCLUDE column.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX ledger_entries_call_spend ON ledger_entries (account_id, created_at)
       INCLUDE (delta_fen) WHERE kind = 'call'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS ledger_entries_call_spend');
}
