// Telephony configuration: SIP line names unique per owner and who passed a line down; voice gateways
// (SPEC §3 Sip gateway); FreeSWITCH nodes (/systemset/clusterserver); recognizer settings per account
// (/systemset/emptyasr, blank = the superior's). Secrets are AES-GCM sealed (platform/secrets.ts).
import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sip_lines', (t) => {
    t.unique(['account_id', 'name'], { indexName: 'sip_lines_owner_name' });
  });
  await knex.raw(
    "ALTER TABLE sip_lines ADD CONSTRAINT sip_lines_mode_check CHECK (mode IN ('register', 'gateway'))",
  );
  await knex.raw(
    "ALTER TABLE sip_lines ADD CONSTRAINT sip_lines_codec_check CHECK (codec IN ('G729', 'PCMA', 'PCMU'))",
  );
  // Who gave the line to this account: the owner, or a merchant passing on a line it was given.
  await knex.schema.alterTable('sip_line_assignments', (t) => {
    t.bigInteger('assigned_by').nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['assigned_by']);
  });

  await knex.schema.createTable('voice_gateways', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    t.string('auth_name', 64).notNullable();
    t.text('auth_password_enc').notNullable();
    t.string('sips', 1000).notNullable();
    t.string('prefix', 16).notNullable().defaultTo('');
    t.string('transfer_sip', 255).notNullable().defaultTo('');
    t.string('third_sip', 255).notNullable().defaultTo('');
    timestamps(knex, t);
    t.unique(['account_id', 'name'], { indexName: 'voice_gateways_owner_name' });
  });

  // Platform-wide: the super administrator's cluster, no tenant.
  await knex.schema.createTable('fs_nodes', (t) => {
    t.bigIncrements('id');
    t.string('name', 64).notNullable().unique();
    t.string('esl_host', 253).notNullable();
    t.integer('esl_port').notNullable().defaultTo(8021);
    t.text('esl_password_enc').notNullable();
    t.smallint('weight').notNullable().defaultTo(10);
    t.boolean('enabled').notNullable().defaultTo(true);
    timestamps(knex, t);
  });

  // One row per account that chose its recognizer; no row = the superior's (SPEC §6).
  await knex.schema.createTable('asr_settings', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('unimrcp_profile', 64).notNullable().defaultTo('');
    t.string('app_key', 128).notNullable().defaultTo('');
    t.text('secret_enc').notNullable().defaultTo('');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE asr_settings ADD CONSTRAINT asr_settings_provider_check CHECK (provider IN ('none', 'sim', 'unimrcp', 'aliyun', 'tencent'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('asr_settings');
  await knex.schema.dropTable('fs_nodes');
  await knex.schema.dropTable('voice_gateways');
  await knex.schema.alterTable('sip_line_assignments', (t) => {
    t.dropColumn('assigned_by');
    t.dropColumn('created_at');
  });
  await knex.raw('ALTER TABLE sip_lines DROP CONSTRAINT sip_lines_codec_check');
  await knex.raw('ALTER TABLE sip_lines DROP CONSTRAINT sip_lines_mode_check');
  await knex.schema.alterTable('sip_lines', (t) =>
    t.dropUnique(['account_id', 'name'], 'sip_lines_owner_name'),
  );
}
