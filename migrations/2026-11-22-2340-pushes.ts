// Pushes of finished calls (issue 6, /set/apiandpush): an account's global push addresses (each
// with its own HMAC secret, encrypted at rest), the per-account secret that signs task pushes, the
// platform switch that lets pushes reach private addresses (super administrator only), and the
// delivery log: one row per (call, destination), unique on its idempotency key.
import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_addresses', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    t.string('url', 500).notNullable();
    t.jsonb('params').notNullable();
    t.jsonb('headers').notNullable();
    // Intention grades 21–26 to push; empty = every finished call.
    t.specificType('grades', 'smallint[]').notNullable().defaultTo('{}');
    t.boolean('enabled').notNullable().defaultTo(true);
    // encryptSecret (platform/secrets.ts) of the HMAC key; shown once, never returned again.
    t.text('secret_enc').notNullable();
    t.timestamp('secret_rotated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    timestamps(knex, t);
    t.unique(['account_id', 'name']);
  });

  // The key that signs an account's task pushes (tasks.push_url).
  await knex.schema.createTable('push_task_secrets', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('secret_enc').notNullable();
    t.timestamp('rotated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // One row: may pushes reach loopback/private/link-local addresses (tests, on-premise receivers)?
  await knex.schema.createTable('push_platform', (t) => {
    t.smallint('id').primary();
    t.boolean('allow_private_targets').notNullable().defaultTo(false);
    t.bigInteger('updated_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE push_platform ADD CONSTRAINT push_platform_one_row CHECK (id = 1)');
  await knex('push_platform').insert({ id: 1, allow_private_targets: false });

  await knex.schema.createTable('push_deliveries', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.bigInteger('call_id').notNullable().references('id').inTable('calls').onDelete('CASCADE');
    t.string('kind', 8).notNullable();
    t.bigInteger('address_id').nullable().references('id').inTable('push_addresses').onDelete('SET NULL');
    t.bigInteger('task_id').nullable();
    // `push:<callId>:address:<id>` / `push:<callId>:task:<id>`: sent as X-Push-Id; a rerun of the
    // call's job finds the row instead of adding a second one.
    t.string('push_id', 100).notNullable().unique();
    t.string('url', 500).notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.smallint('last_status').nullable();
    t.text('last_error').nullable();
    // When the next try is due (pending); while a try runs it holds the try's lease.
    t.timestamp('next_attempt_at', { useTz: true }).nullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true }).nullable();
    timestamps(knex, t);
  });
  await knex.raw(
    "ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_kind_check CHECK (kind IN ('address', 'task'))",
  );
  await knex.raw(
    "ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed'))",
  );
  await knex.raw('CREATE INDEX push_deliveries_account_id ON push_deliveries (account_id, id DESC)');
  await knex.raw('CREATE INDEX push_deliveries_call ON push_deliveries (call_id)');
  await knex.raw(
    "CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at) WHERE status = 'pending'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('push_deliveries');
  await knex.schema.dropTable('push_platform');
  await knex.schema.dropTable('push_task_secrets');
  await knex.schema.dropTable('push_addresses');
}
