// Finance (issue 6): the ledger list pages one account's rows newest first by keyset on id, so it
// needs (account_id, id) rather than the single-column tenant index.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX ledger_entries_account_id_desc ON ledger_entries (account_id, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS ledger_entries_account_id_desc');
}
