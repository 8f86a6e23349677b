// The dialer's tables (issue 6): per-account dialing defaults and per-number caps, call rates and
// billing accuracy, the call blacklist, the day shield, and the settlement mark on call records (an
// ended call is settled once: billed, its task number moved on, its shield written).
import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  // Task dialing defaults (SPEC §2 Settings) and per-number caps (SPEC §9). One row per account; an
  // account without a row uses the platform defaults (domain/dialer DEFAULT_CAPS, 09:00–20:00).
  await knex.schema.createTable('dial_settings', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('call_start', 5).notNullable().defaultTo('09:00');
    t.string('call_end', 5).notNullable().defaultTo('20:00');
    t.string('time_zone', 64).notNullable().defaultTo('Asia/Shanghai');
    t.integer('cap_per_day').nullable().defaultTo(1);
    t.integer('cap_per_period').nullable().defaultTo(3);
    t.integer('cap_period_days').notNullable().defaultTo(30);
    t.string('cap_count', 10).notNullable().defaultTo('connected');
    // Results after which a number is shielded until local midnight (the day shield rules).
    t.specificType('day_shield_levels', 'smallint[]').notNullable().defaultTo('{}');
    // Calls at once for the whole account, set by its parent; null = its AI seats.
    t.integer('concurrency_quota').nullable();
    // Below this balance a low-balance notice (99) is sent, once per crossing.
    t.bigInteger('low_balance_fen').notNullable().defaultTo(1000);
    timestamps(knex, t);
  });
  await knex.raw(
    "ALTER TABLE dial_settings ADD CONSTRAINT dial_settings_cap_count_check CHECK (cap_count IN ('connected', 'all'))",
  );

  // What a connected call costs an account, set by its parent (SPEC §6 settlement).
  await knex.schema.createTable('billing_rates', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('rate_per_min_fen').notNullable().defaultTo(0);
    t.smallint('accuracy_s').notNullable().defaultTo(60);
    t.bigInteger('set_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    timestamps(knex, t);
  });
  await knex.raw(
    'ALTER TABLE billing_rates ADD CONSTRAINT billing_rates_accuracy_check CHECK (accuracy_s IN (6, 60))',
  );
  await knex.raw(
    'ALTER TABLE billing_rates ADD CONSTRAINT billing_rates_rate_check CHECK (rate_per_min_fen >= 0)',
  );

  // The dial center's call blacklist (/dialcenter/callblackmanage): never dialed by the account's
  // subtree. The CRM blacklists (blacklist_numbers) apply as well.
  await knex.schema.createTable('call_blacklist', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('phone_hash', 64).notNullable();
    t.string('phone_masked', 32).notNullable();
    t.string('reason', 200).notNullable().defaultTo('');
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'phone_hash']);
  });
  await knex.raw('CREATE INDEX call_blacklist_hash ON call_blacklist (phone_hash)');

  // The day shield (/dialcenter/dayshieldmanage): a number whose call ended with one of the account's
  // day_shield_levels is not dialed again by the account before its local midnight (`day`).
  await knex.schema.createTable('day_shields', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('phone_hash', 64).notNullable();
    t.string('phone_masked', 32).notNullable();
    t.date('day').notNullable();
    t.smallint('result_level').nullable();
    t.uuid('call_uuid').nullable();
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'phone_hash', 'day']);
  });
  await knex.raw('CREATE INDEX day_shields_hash_day ON day_shields (phone_hash, day)');

  await knex.schema.alterTable('calls', (t) => {
    // The task number this attempt dialed (task calls only).
    t.bigInteger('task_number_id').nullable();
    // Set in the transaction that bills the call and moves its task number on: exactly once.
    t.timestamp('settled_at', { useTz: true }).nullable();
    t.bigInteger('charged_fen').notNullable().defaultTo(0);
  });
  // The settler's queue: ended, not yet settled (few rows at any time).
  await knex.raw("CREATE INDEX calls_unsettled ON calls (id) WHERE status = 'ended' AND settled_at IS NULL");
  // Per-number caps read an account's recent attempts of one number.
  await knex.raw('CREATE INDEX calls_hash_created ON calls (phone_hash, created_at DESC)');

  await knex.schema.alterTable('tasks', (t) => {
    // Not-connected results in a row (reset by a connected call); fail_hangup_count suspends the task.
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('completed_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tasks', (t) => {
    t.dropColumn('consecutive_failures');
    t.dropColumn('completed_at');
  });
  await knex.raw('DROP INDEX IF EXISTS calls_hash_created');
  await knex.raw('DROP INDEX IF EXISTS calls_unsettled');
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('task_number_id');
    t.dropColumn('settled_at');
    t.dropColumn('charged_fen');
  });
  await knex.schema.dropTable('day_shields');
  await knex.schema.dropTable('call_blacklist');
  await knex.schema.dropTable('billing_rates');
  await knex.schema.dropTable('dial_settings');
}
