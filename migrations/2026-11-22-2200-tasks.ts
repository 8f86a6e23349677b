// AI tasks (SPEC §2 AI tasks, §3 Task, §4 call task statuses): the task, its status history (every
// transition with who and why), and the numbers it dials. The dial scheduler claims pending numbers
// with `FOR UPDATE SKIP LOCKED` through the partial index tasks_numbers_claim.
import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tasks', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    t.string('kind', 6).notNullable().defaultTo('single');
    // Null only when the bot or line row is removed for good (a task outlives them; start refuses it).
    t.bigInteger('bot_id').nullable().references('id').inTable('bots').onDelete('SET NULL');
    t.integer('robots').notNullable();
    t.date('start_date').notNullable();
    t.specificType('call_periods', 'text[]').notNullable().defaultTo('{}');
    t.specificType('no_call_periods', 'text[]').notNullable().defaultTo('{}');
    t.specificType('weekdays', 'smallint[]').notNullable().defaultTo('{}');
    // Consecutive not-connected results that suspend the task; 0 = off.
    t.integer('fail_hangup_count').notNullable().defaultTo(0);
    t.boolean('redial_enabled').notNullable().defaultTo(false);
    t.smallint('redial_count').notNullable().defaultTo(1);
    t.integer('redial_interval_min').notNullable().defaultTo(0);
    t.specificType('redial_levels', 'smallint[]').notNullable().defaultTo('{}');
    // Push settings are stored only: the push sender comes with the call results.
    t.string('push_url', 500).notNullable().defaultTo('');
    t.string('push_account', 64).notNullable().defaultTo('');
    t.specificType('push_grades', 'smallint[]').notNullable().defaultTo('{}');
    t.boolean('wechat_push').notNullable().defaultTo(false);
    t.bigInteger('line_id').nullable().references('id').inTable('sip_lines').onDelete('SET NULL');
    t.boolean('active').notNullable().defaultTo(true);
    t.smallint('status').notNullable().defaultTo(1);
    t.smallint('run_state').notNullable().defaultTo(1);
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    // Idempotency key of the create request (a double submit finds the first task).
    t.string('request_id', 64).nullable();
    timestamps(knex, t);
    t.timestamp('deleted_at', { useTz: true }).nullable();
  });
  await knex.raw("ALTER TABLE tasks ADD CONSTRAINT tasks_kind_check CHECK (kind IN ('single', 'multi'))");
  await knex.raw(
    'ALTER TABLE tasks ADD CONSTRAINT tasks_status_check CHECK (status IN (0, 1, 2, 4, 12, 13, 100))',
  );
  await knex.raw(
    'ALTER TABLE tasks ADD CONSTRAINT tasks_run_state_check CHECK (run_state IN (0, 1, 2, 3, 10))',
  );
  await knex.raw('CREATE INDEX tasks_account_created ON tasks (account_id, created_at DESC)');
  await knex.raw('CREATE INDEX tasks_status_active ON tasks (status) WHERE active AND deleted_at IS NULL');
  await knex.raw(
    'CREATE UNIQUE INDEX tasks_request_id ON tasks (account_id, request_id) WHERE request_id IS NOT NULL',
  );

  await knex.schema.createTable('task_status_log', (t) => {
    t.bigIncrements('id');
    t.bigInteger('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    t.smallint('from_status').nullable();
    t.smallint('to_status').notNullable();
    t.smallint('from_run').nullable();
    t.smallint('to_run').notNullable();
    t.bigInteger('by_account_id').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.string('actor', 10).notNullable();
    t.text('reason').notNullable().defaultTo('');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE task_status_log ADD CONSTRAINT task_status_log_actor_check CHECK (actor IN ('user', 'system', 'scheduler', 'billing'))",
  );
  await knex.raw('CREATE INDEX task_status_log_task ON task_status_log (task_id, at DESC, id DESC)');

  await knex.schema.createTable('task_numbers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('customer_id').nullable().references('id').inTable('customers').onDelete('SET NULL');
    // Clear digits, or null when the number is hidden (the dialer reads it through the customer).
    t.string('phone', 32).nullable();
    t.string('phone_hash', 64).notNullable();
    t.string('phone_masked', 32).notNullable();
    t.string('name', 64).notNullable().defaultTo('');
    // pending 0, claimed 1, done 2, skipped 3
    t.smallint('state').notNullable().defaultTo(0);
    t.smallint('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.smallint('last_result').nullable();
    t.uuid('last_call_uuid').nullable();
    t.text('skip_reason').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['task_id', 'phone_hash']);
  });
  await knex.raw(
    'ALTER TABLE task_numbers ADD CONSTRAINT task_numbers_state_check CHECK (state IN (0, 1, 2, 3))',
  );
  await knex.raw(
    'CREATE INDEX task_numbers_claim ON task_numbers (task_id, next_attempt_at) WHERE state = 0',
  );
  // Keyset paging of a task's numbers (id desc) and the counts per state.
  await knex.raw('CREATE INDEX task_numbers_task_id ON task_numbers (task_id, id DESC)');
  await knex.raw('CREATE INDEX task_numbers_task_state ON task_numbers (task_id, state, id DESC)');
  await knex.raw('CREATE INDEX task_numbers_account ON task_numbers (account_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('task_numbers');
  await knex.schema.dropTable('task_status_log');
  await knex.schema.dropTable('tasks');
}
