// Transfer to a human seat (issue 7): how the call's transfer ended (accepted, noSeat, timeout,
// cancelled, badGroup, noService: domain/transfer.ts TransferOutcome) and the seat that took it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.string('transfer_outcome', 16).nullable();
    t.bigInteger('transfer_seat_id').nullable().references('id').inTable('seats').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('transfer_seat_id');
    t.dropColumn('transfer_outcome');
  });
}
