import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

// Customer center: customers, tags, follow-ups and reminders, the sea, blacklists, import jobs.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customers', (t) => {
    t.bigIncrements('id');
    // The account that holds the customer; for sea customers, the merchant whose sea it is.
    tenant(t);
    t.string('name', 64).notNullable().defaultTo('');
    // Clear digits, or the masked form when phone_cipher holds the real number (import option 4).
    t.string('phone', 32).notNullable();
    t.text('phone_cipher').nullable();
    // HMAC-SHA256 of the digits with the platform key: dedupe and blacklist key for clear and hidden numbers.
    t.string('phone_hash', 64).notNullable();
    t.string('contact', 64).notNullable().defaultTo('');
    t.smallint('sex').nullable();
    t.string('company', 128).notNullable().defaultTo('');
    t.string('address', 256).notNullable().defaultTo('');
    for (let i = 1; i <= 5; i++) t.string(`remark${i}`, 500).notNullable().defaultTo('');
    t.string('source', 64).notNullable().defaultTo('');
    t.smallint('stage').notNullable().defaultTo(100);
    t.boolean('focus').notNullable().defaultTo(false);
    t.boolean('read').notNullable().defaultTo(false);
    t.integer('score').notNullable().defaultTo(0);
    t.smallint('grade').nullable();
    t.string('intention_label', 64).notNullable().defaultTo('');
    t.boolean('in_sea').notNullable().defaultTo(false);
    t.timestamp('sea_since', { useTz: true }).nullable();
    t.bigInteger('import_job_id').nullable();
    t.timestamp('imported_at', { useTz: true }).nullable();
    t.timestamp('last_follow_up_at', { useTz: true }).nullable();
    t.timestamp('last_called_at', { useTz: true }).nullable();
    timestamps(knex, t);
  });
  // Keyset paging (id desc) inside an owner, and the filters the list offers.
  await knex.raw('CREATE INDEX customers_owner_id ON customers (account_id, in_sea, id DESC)');
  await knex.raw('CREATE INDEX customers_owner_phone ON customers (account_id, phone_hash)');
  await knex.raw('CREATE INDEX customers_owner_stage ON customers (account_id, stage, id DESC)');
  await knex.raw('CREATE INDEX customers_owner_grade ON customers (account_id, grade, id DESC)');
  await knex.raw(
    'CREATE INDEX customers_owner_imported ON customers (account_id, imported_at DESC, id DESC)',
  );
  await knex.raw('CREATE INDEX customers_sea ON customers (account_id, sea_since) WHERE in_sea');

  await knex.schema.createTable('tag_groups', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    timestamps(knex, t);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('tags', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.bigInteger('group_id').nullable().references('id').inTable('tag_groups').onDelete('SET NULL');
    t.string('name', 64).notNullable();
    t.string('color', 16).notNullable().defaultTo('');
    timestamps(knex, t);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('customer_tags', (t) => {
    t.bigInteger('customer_id').notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.bigInteger('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.primary(['customer_id', 'tag_id']);
    t.index(['tag_id', 'customer_id']);
  });

  // Follow-up records (record_type 1) and reminders (record_type 0) of SPEC §3/§4.
  await knex.schema.createTable('follow_ups', (t) => {
    t.bigIncrements('id');
    tenant(t); // who wrote it / whose reminder it is
    t.bigInteger('customer_id').notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.smallint('record_type').notNullable();
    t.smallint('stage').notNullable();
    t.smallint('contact_method').notNullable();
    t.text('details').notNullable().defaultTo('');
    t.timestamp('remind_at', { useTz: true }).nullable();
    t.timestamp('handled_at', { useTz: true }).nullable();
    t.timestamp('notified_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['customer_id', 'created_at']);
  });
  await knex.raw(
    'CREATE INDEX follow_ups_pending ON follow_ups (account_id, remind_at) WHERE record_type = 0 AND handled_at IS NULL',
  );

  // Per-merchant customer-center settings.
  await knex.schema.createTable('crm_settings', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('sea_auto_release_days').nullable(); // null: never automatically
    t.integer('sea_daily_claim_limit').notNullable().defaultTo(50);
    t.text('import_aes_key_enc').nullable(); // supplier key for import option 4, encrypted at rest
    timestamps(knex, t);
  });
  await knex.schema.createTable('sea_claims', (t) => {
    t.bigIncrements('id');
    tenant(t); // who claimed
    t.bigInteger('customer_id').notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'claimed_at']);
  });

  // Blacklists: account_id null is the platform list (super administrator).
  await knex.schema.createTable('blacklist_numbers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('account_id').nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('phone', 32).notNullable();
    t.string('phone_hash', 64).notNullable();
    t.string('reason', 200).notNullable().defaultTo('');
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'CREATE UNIQUE INDEX blacklist_unique ON blacklist_numbers (coalesce(account_id, 0), phone_hash)',
  );
  await knex.raw('CREATE INDEX blacklist_hash ON blacklist_numbers (phone_hash)');

  await knex.schema.createTable('import_jobs', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.bigInteger('created_by').notNullable().references('id').inTable('accounts');
    t.string('target', 16).notNullable(); // customers | blacklist
    t.string('file_name', 255).notNullable();
    t.string('file_type', 8).notNullable();
    t.text('file_path').notNullable();
    t.smallint('option').notNullable().defaultTo(1);
    t.jsonb('params').notNullable().defaultTo('{}');
    t.string('status', 16).notNullable().defaultTo('queued'); // queued running done failed
    t.integer('rows_total').notNullable().defaultTo(0);
    t.integer('rows_done').notNullable().defaultTo(0);
    t.integer('imported').notNullable().defaultTo(0);
    t.integer('duplicates').notNullable().defaultTo(0);
    t.integer('invalid').notNullable().defaultTo(0);
    t.integer('blacklisted').notNullable().defaultTo(0);
    t.integer('removed').notNullable().defaultTo(0);
    t.text('report_path').nullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'import_jobs',
    'blacklist_numbers',
    'sea_claims',
    'crm_settings',
    'follow_ups',
    'customer_tags',
    'tags',
    'tag_groups',
    'customers',
  ])
    await knex.schema.dropTable(t);
}
