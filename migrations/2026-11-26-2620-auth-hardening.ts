// Issue 21 (auth hardening):
// - e-mail verification of self-registered accounts (email_verified_at, email_verifications);
// - self_registered marks a registrant: the head of its own tenant, with its own customer sea;
// - password_changed_at: a reset link issued before the last password change is refused;
// - account names unique case-insensitively (login by name ignores case).
// Only a self-registered account waits for verification (accounts made by a superior or the
// seeds never do), so existing accounts stay usable. Existing names that differ only by
// case: the one already stored in lower case (the only one that could log in by name) keeps it,
// otherwise the oldest; every other one gets its id appended (still letters and digits, at most
// 32 characters) and keeps logging in by e-mail as before. The renames are logged.
import type { Knex } from 'knex';
import { tenant } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.timestamp('email_verified_at', { useTz: true }).nullable();
    t.boolean('self_registered').notNullable().defaultTo(false);
    t.timestamp('password_changed_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('email_verifications', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  const renamed = await knex.raw(`
    WITH ranked AS (
      SELECT id, account, row_number() OVER (
        PARTITION BY lower(account) ORDER BY (account = lower(account)) DESC, id) AS n
      FROM accounts)
    UPDATE accounts a
       SET account = left(r.account, 32 - length(a.id::text)) || a.id::text, updated_at = now()
      FROM ranked r
     WHERE r.id = a.id AND r.n > 1
    RETURNING a.id, r.account AS old_name, a.account AS new_name`);
  for (const r of renamed.rows as { id: string; old_name: string; new_name: string }[])
    console.warn(
      `account ${r.id}: name ${r.old_name} differs only by case from another; renamed ${r.new_name}`,
    );
  await knex.raw('CREATE UNIQUE INDEX accounts_account_lower ON accounts (lower(account))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS accounts_account_lower');
  await knex.schema.dropTable('email_verifications');
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('email_verified_at');
    t.dropColumn('self_registered');
    t.dropColumn('password_changed_at');
  });
}
