// Call records and conversation lines (SPEC §3 Customer/call record, Conversation line), written by
// the media worker once per call uuid, read by the server. bot_id has no foreign key: bots is created
// by a migration that sorts after this one, and a record must outlive its bot anyway.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calls', (t) => {
    t.bigIncrements('id');
    t.uuid('call_uuid').notNullable().unique();
    t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('task_id').nullable();
    t.bigInteger('bot_id').notNullable();
    t.integer('bot_version').notNullable();
    t.bigInteger('line_id').nullable().references('id').inTable('sip_lines').onDelete('SET NULL');
    t.bigInteger('customer_id').nullable().references('id').inTable('customers').onDelete('SET NULL');
    t.string('phone_masked', 32).notNullable();
    t.string('phone_hash', 64).notNullable();
    t.string('direction', 3).notNullable().defaultTo('out');
    t.string('status', 10).notNullable().defaultTo('dialing');
    t.smallint('result_level').nullable();
    t.smallint('grade').nullable();
    t.specificType('labels', 'text[]').notNullable().defaultTo('{}');
    t.text('llm_grade').nullable();
    t.string('hangup_cause', 40).nullable();
    t.smallint('sip_status').nullable();
    t.integer('ring_ms').notNullable().defaultTo(0);
    t.integer('talk_ms').notNullable().defaultTo(0);
    t.integer('total_ms').notNullable().defaultTo(0);
    // Talk time that is billed: 0 for calls answered by a voicemail or a call assistant.
    t.integer('billable_ms').notNullable().defaultTo(0);
    t.integer('rounds').notNullable().defaultTo(0);
    t.jsonb('reason').nullable();
    t.text('recording_path').nullable();
    t.boolean('test').notNullable().defaultTo(false);
    // Set (once, atomically) by the worker that sends the originate: a retry never dials twice.
    t.timestamp('originated_at', { useTz: true }).nullable();
    t.string('fs_node', 64).nullable();
    // The media worker (heartbeat id) driving the call: a retry leaves a call alone while it lives.
    t.string('media_worker', 128).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('answered_at', { useTz: true }).nullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
  });
  await knex.raw("ALTER TABLE calls ADD CONSTRAINT calls_direction_check CHECK (direction IN ('out', 'in'))");
  await knex.raw(
    "ALTER TABLE calls ADD CONSTRAINT calls_status_check CHECK (status IN ('dialing', 'ringing', 'answered', 'ended'))",
  );
  await knex.raw(
    'ALTER TABLE calls ADD CONSTRAINT calls_result_check CHECK (result_level IS NULL OR result_level BETWEEN 21 AND 26 OR result_level BETWEEN 62 AND 90)',
  );
  await knex.raw('CREATE INDEX calls_account_created ON calls (account_id, created_at DESC)');
  await knex.raw('CREATE INDEX calls_task_created ON calls (task_id, created_at) WHERE task_id IS NOT NULL');
  await knex.raw('CREATE INDEX calls_customer ON calls (customer_id) WHERE customer_id IS NOT NULL');
  // Open calls of a crashed worker are found by status; few rows are ever open.
  await knex.raw("CREATE INDEX calls_open ON calls (status) WHERE status <> 'ended'");

  await knex.schema.createTable('conversation_lines', (t) => {
    t.bigInteger('call_id').notNullable().references('id').inTable('calls').onDelete('CASCADE');
    t.integer('seq').notNullable();
    t.string('khtype', 8).notNullable();
    t.text('khcontent').notNullable();
    t.specificType('khvoicepath', 'text[]').notNullable().defaultTo('{}');
    t.boolean('lose_flag').notNullable().defaultTo(false);
    t.timestamp('inserttime', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.specificType('reduce_noise_rate', 'real').nullable();
    t.jsonb('reason').nullable();
    t.primary(['call_id', 'seq']);
  });
  await knex.raw(
    "ALTER TABLE conversation_lines ADD CONSTRAINT conversation_lines_type_check CHECK (khtype IN ('robot', 'customer'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('conversation_lines');
  await knex.schema.dropTable('calls');
}
