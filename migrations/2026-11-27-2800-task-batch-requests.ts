// Idempotency of the batch task page (issue 23, /api/tasks/batch): one row per (account, request id)
// holding the batch's reply. A repeated submit with the same id waits for the first (the primary key
// blocks its insert until the first commits) and gets the first's reply; nothing is applied twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_batch_requests', (t) => {
    t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('request_id', 64).notNullable();
    // move:start, move:pause, move:stop, periods, numbers: a key reused for another batch is refused.
    t.string('op', 16).notNullable();
    t.jsonb('reply').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['account_id', 'request_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('task_batch_requests');
}
