import type { Knex } from 'knex';

// customers is the platform's biggest table and imports write it a million rows at a time. The foreign
// key to accounts made PostgreSQL look up the account for every inserted row: about 28% of an import's
// insert time. Accounts are never deleted (they are disabled or expire), so the key protected nothing,
// and its ON DELETE CASCADE would have erased a merchant's customers if one ever were: the account id
// of a customer comes from the caller's session or its subtree, checked by the tenant scope.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE customers DROP CONSTRAINT IF EXISTS customers_account_id_foreign');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE customers ADD CONSTRAINT customers_account_id_foreign FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE',
  );
}
