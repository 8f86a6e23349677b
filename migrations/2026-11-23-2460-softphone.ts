// The web softphone's dial records (issue 7, SPEC §2 personal center "web softphone with dial
// records"): one row per call the browser phone placed or received, written by the browser through
// /api/softphone/calls (started, then finished once).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('softphone_calls', (t) => {
    t.bigIncrements('id').primary();
    // The seat's owner account (tenant) and the account that works the seat.
    t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('seat_id').notNullable().references('id').inTable('seats').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('direction', 3).notNullable();
    t.string('number', 32).notNullable();
    t.string('call_uuid', 64).nullable();
    t.string('outcome', 16).nullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('answered_at', { useTz: true }).nullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
    t.index(['user_id', 'id']);
  });
  await knex.raw(
    "ALTER TABLE softphone_calls ADD CONSTRAINT softphone_calls_direction CHECK (direction IN ('in', 'out'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('softphone_calls');
}
