// The caller's number of an inbound call, sealed (platform/secrets.ts encryptSecret), written by the
// media worker with the record (media/src/calls/inboundRecord.ts). Calls keep only the mask and the
// hash otherwise; an outbound call's number is its task number's. It lets a seat make a customer of an
// unknown caller (POST /api/seats/:id/desk/calls/:uuid/customer) without the browser ever seeing it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.text('phone_cipher').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('phone_cipher');
  });
}
