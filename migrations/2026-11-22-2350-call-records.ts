// Call records pages (issue 6): a record's own read and focus marks, and the indexes of the list's
// filters that the existing ones do not serve. Kept few: every index costs each call's insert.
// Already there: (account_id, created_at DESC) pages a subtree by time; (task_id, created_at) the task
// filter; (phone_hash, created_at DESC) the phone filter.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    // Constant defaults: PostgreSQL adds these without rewriting the table.
    t.boolean('read').notNullable().defaultTo(false);
    t.boolean('focus').notNullable().defaultTo(false);
  });
  // The grade code multi-select inside an owner, newest first.
  await knex.raw(
    'CREATE INDEX calls_account_level_created ON calls (account_id, result_level, created_at DESC)',
  );
  // Focused records are few: a partial index finds them without touching the rest.
  await knex.raw('CREATE INDEX calls_account_focus ON calls (account_id, created_at DESC) WHERE focus');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS calls_account_focus');
  await knex.raw('DROP INDEX IF EXISTS calls_account_level_created');
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('read');
    t.dropColumn('focus');
  });
}
