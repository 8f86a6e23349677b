import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notices', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.smallint('type').notNullable();
    t.string('title', 200).notNullable();
    t.text('content').notNullable().defaultTo('');
    t.timestamp('read_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX notices_account_created ON notices (account_id, created_at DESC, id DESC)');

  // Every balance change is one ledger row written in the transaction that locks accounts.balance_fen.
  await knex.schema.createTable('ledger_entries', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.bigInteger('delta_fen').notNullable();
    t.bigInteger('balance_before_fen').notNullable();
    t.bigInteger('balance_after_fen').notNullable();
    t.string('kind', 32).notNullable();
    t.string('description', 500).notNullable().defaultTo('');
    t.bigInteger('created_by').nullable().references('id').inTable('accounts');
    t.string('idempotency_key', 100).nullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // SIP lines (SPEC §3 Line). The telephony issue builds the pages and the media side on this.
  await knex.schema.createTable('sip_lines', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    t.string('server_ip', 64).notNullable();
    t.integer('port').notNullable();
    t.string('auth_account', 64).notNullable();
    t.text('password_enc').notNullable();
    t.string('caller_number', 32).notNullable().defaultTo('');
    t.string('prefix', 16).notNullable().defaultTo('');
    t.string('codec', 8).notNullable().defaultTo('PCMA');
    t.integer('rate_count').notNullable().defaultTo(1);
    t.integer('rate_seconds').notNullable().defaultTo(1);
    t.integer('port_count').notNullable().defaultTo(1);
    t.string('mode', 16).notNullable().defaultTo('gateway');
    t.boolean('enabled').notNullable().defaultTo(true);
    timestamps(knex, t);
  });
  // A line owned by a merchant may be passed down to accounts of its subtree.
  await knex.schema.createTable('sip_line_assignments', (t) => {
    t.bigInteger('line_id').notNullable().references('id').inTable('sip_lines').onDelete('CASCADE');
    tenant(t);
    t.primary(['line_id', 'account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sip_line_assignments');
  await knex.schema.dropTable('sip_lines');
  await knex.schema.dropTable('ledger_entries');
  await knex.schema.dropTable('notices');
}
