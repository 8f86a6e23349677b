// The claim reads a task's due numbers in (next_attempt_at, id) order. The index had no id, so every
// claim sorted ALL of the task's due numbers to return the first few (14,600 rows sorted per task per
// tick with 30,000 numbers; 50,000 with the 100,000): the tick grew with the task. With id as
// the last key the claim is an ordered index range scan that stops at its LIMIT.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS task_numbers_claim');
  await knex.raw(
    'CREATE INDEX task_numbers_claim ON task_numbers (task_id, next_attempt_at, id) WHERE state = 0',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS task_numbers_claim');
  await knex.raw(
    'CREATE INDEX task_numbers_claim ON task_numbers (task_id, next_attempt_at) WHERE state = 0',
  );
}
