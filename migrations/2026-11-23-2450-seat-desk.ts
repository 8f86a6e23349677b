// The seat desk (issue 7): a seat's disposition of a call it took (interested, call back, not
// interested, wrong number; domain/seatDesk.ts), one per call, set by the seat's user or a supervisor;
// it ends the seat's wrap-up. A table of its own: calls is written by the media worker. account_id is
// the call's account (the tenant). The desk's recent calls read calls by transfer_seat_id (2420).
import type { Knex } from 'knex';
import { tenant } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seat_dispositions', (t) => {
    t.bigInteger('call_id').primary().references('id').inTable('calls').onDelete('CASCADE');
    tenant(t);
    t.bigInteger('seat_id').nullable().references('id').inTable('seats').onDelete('SET NULL');
    t.string('disposition', 16).notNullable();
    t.string('note', 500).notNullable().defaultTo('');
    t.bigInteger('by_account_id').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE seat_dispositions ADD CONSTRAINT seat_dispositions_kind CHECK (disposition IN ('interested', 'callBack', 'notInterested', 'wrongNumber'))",
  );
  await knex.raw(
    'CREATE INDEX calls_transfer_seat ON calls (transfer_seat_id, id DESC) WHERE transfer_seat_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS calls_transfer_seat');
  await knex.schema.dropTable('seat_dispositions');
}
