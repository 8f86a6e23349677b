// Softphone calls are billed from the switch's CDR (POST /fsapi/cdr, mod_json_cdr), not from what the
// browser reports: the leg's FreeSWITCH uuid (the charge's idempotency key, one row per leg), the talk
// time the switch counted, what the account paid, and when the charge was made.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('softphone_calls', (t) => {
    t.uuid('fs_uuid').nullable().unique();
    t.integer('billed_seconds').nullable();
    t.bigInteger('charged_fen').notNullable().defaultTo(0);
    t.string('hangup_cause', 40).nullable();
    t.timestamp('settled_at', { useTz: true }).nullable();
  });
  // A desk phone's extension seat may have no user: its calls are still recorded and charged.
  await knex.raw('ALTER TABLE softphone_calls ALTER COLUMN user_id DROP NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex('softphone_calls').whereNull('user_id').delete();
  await knex.raw('ALTER TABLE softphone_calls ALTER COLUMN user_id SET NOT NULL');
  await knex.schema.alterTable('softphone_calls', (t) => {
    t.dropColumn('fs_uuid');
    t.dropColumn('billed_seconds');
    t.dropColumn('charged_fen');
    t.dropColumn('hangup_cause');
    t.dropColumn('settled_at');
  });
}
