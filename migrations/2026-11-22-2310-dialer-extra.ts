// The dialer's live counters that must survive a crash: finished attempts of a task per result
// level, incremented in the same transaction that settles the call (so exactly once per call). The
// run overview reads this small table instead of aggregating a task's call records every tick.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_result_counts', (t) => {
    t.bigInteger('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    t.smallint('result_level').notNullable();
    t.integer('n').notNullable().defaultTo(0);
    t.primary(['task_id', 'result_level']);
  });
  // The scheduler's stale-dispatch sweep: dial records it created whose job never ran.
  await knex.raw(
    "CREATE INDEX calls_undispatched ON calls (created_at) WHERE status = 'dialing' AND originated_at IS NULL AND task_id IS NOT NULL",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS calls_undispatched');
  await knex.schema.dropTable('task_result_counts');
}
