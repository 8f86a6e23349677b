// Call results on the customer (issue 19 item 1): the settlement of every ended call updates the
// customer with the call's number in the call account's subtree (dialer/customerResult.ts).
// - customers: how often it was called, the last call's own result level and record, the LLM grade;
//   grade, intention_label, stage and last_called_at exist already.
// - tasks.create_customers: a number of the task that is not a customer yet becomes one (default on).
// - follow_ups: one call may write two records now, the AI-visit record (type 1) and a callback
//   reminder (type 0), so the one-row-per-call index becomes one row per (call, record type). The
//   visit record keeps the call's result level, which the timeline shows translated.
// - customers (account_id, last_called_at DESC, id DESC): the "called / never called" and last-call
//   date filters and the last-call sort of my customers, inside an owner as the other list indexes.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Constant defaults: PostgreSQL adds these without rewriting the tables.
  await knex.schema.alterTable('customers', (t) => {
    t.integer('call_count').notNullable().defaultTo(0);
    t.smallint('last_result').nullable();
    t.bigInteger('last_call_id').nullable();
    t.text('llm_grade').nullable();
  });
  await knex.schema.alterTable('tasks', (t) => {
    t.boolean('create_customers').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('follow_ups', (t) => {
    t.smallint('result_level').nullable();
  });
  await knex.raw('DROP INDEX IF EXISTS follow_ups_call');
  await knex.raw(
    'CREATE UNIQUE INDEX follow_ups_call_type ON follow_ups (call_id, record_type) WHERE call_id IS NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX customers_owner_last_called ON customers (account_id, last_called_at DESC, id DESC)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS customers_owner_last_called');
  await knex.raw('DROP INDEX IF EXISTS follow_ups_call_type');
  // Back to one record per call: the AI-visit records go, the reminders stay.
  await knex('follow_ups').whereNotNull('call_id').where('record_type', 1).delete();
  await knex.raw('CREATE UNIQUE INDEX follow_ups_call ON follow_ups (call_id) WHERE call_id IS NOT NULL');
  await knex.schema.alterTable('follow_ups', (t) => t.dropColumn('result_level'));
  await knex.schema.alterTable('tasks', (t) => t.dropColumn('create_customers'));
  await knex.schema.alterTable('customers', (t) => {
    t.dropColumn('call_count');
    t.dropColumn('last_result');
    t.dropColumn('last_call_id');
    t.dropColumn('llm_grade');
  });
}
