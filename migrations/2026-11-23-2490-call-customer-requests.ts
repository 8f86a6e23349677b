// What a customer asks for during a robot call (the bot engine's optOut and remind actions): the media
// worker keeps it on the call's record, and the settlement of the ended call applies it once — the
// number on the account's call blacklist, a work reminder for the customer's owner. The rows it writes
// name their call, so a call adds at most one of each and the pages can say where a row came from.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    // The customer's words asking not to be called again (the first such sentence of the call).
    t.text('opt_out_sentence').nullable();
    // The customer's callback request (domain/callback.ts CallbackNote; the last one of the call).
    t.jsonb('callback').nullable();
  });
  await knex.schema.alterTable('call_blacklist', (t) => {
    // The call in which the customer asked not to be called again; null for numbers added by hand.
    t.uuid('call_uuid').nullable();
  });
  await knex.schema.alterTable('follow_ups', (t) => {
    // The call whose customer asked for this callback; null for reminders written by a person.
    t.bigInteger('call_id').nullable();
  });
  // One reminder per call, whatever re-runs the settlement (few rows: only calls' reminders).
  await knex.raw('CREATE UNIQUE INDEX follow_ups_call ON follow_ups (call_id) WHERE call_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS follow_ups_call');
  await knex.schema.alterTable('follow_ups', (t) => t.dropColumn('call_id'));
  await knex.schema.alterTable('call_blacklist', (t) => t.dropColumn('call_uuid'));
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('opt_out_sentence');
    t.dropColumn('callback');
  });
}
