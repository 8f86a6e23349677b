import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

// Bots (SPEC §2 Bots, §3 Bot): the editable draft lives on the bot row; every publish freezes it
// into bot_versions (what calls run). Recordings, learning sentences, the account's common
// knowledge and its LLM/TTS settings hang off the account. Secrets are stored encrypted (key_enc).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bots', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 50).notNullable();
    t.string('industry', 64).notNullable().defaultTo('');
    t.string('industry_subtype', 64).notNullable().defaultTo('');
    t.string('description', 500).notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('draft');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('reject_reason').nullable();
    t.boolean('is_template').notNullable().defaultTo(false);
    t.boolean('template_published').notNullable().defaultTo(false);
    // The bot this one was copied, distributed or cloned from (sync finds its earlier copies by it).
    t.bigInteger('source_bot_id').nullable().references('id').inTable('bots').onDelete('SET NULL');
    t.jsonb('draft').notNullable();
    t.integer('draft_rev').notNullable().defaultTo(1);
    t.integer('published_version').nullable();
    // Idempotency key of the create request (a double submit finds the first bot).
    t.string('request_id', 64).nullable();
    t.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.check("?? in ('draft', 'review', 'online', 'rejected')", ['status'], 'bots_status_check');
  });
  await knex.raw('CREATE INDEX bots_account_updated ON bots (account_id, updated_at DESC)');
  await knex.raw('CREATE INDEX bots_source ON bots (source_bot_id) WHERE source_bot_id IS NOT NULL');
  await knex.raw(
    'CREATE UNIQUE INDEX bots_request_id ON bots (account_id, request_id) WHERE request_id IS NOT NULL',
  );

  await knex.schema.createTable('bot_versions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('bot_id').notNullable().references('id').inTable('bots').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('definition').notNullable();
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['bot_id', 'version']);
  });

  await knex.schema.createTable('bot_recordings', (t) => {
    t.bigIncrements('id');
    t.bigInteger('bot_id').notNullable().references('id').inTable('bots').onDelete('CASCADE');
    tenant(t);
    t.string('prompt_key', 200).notNullable();
    t.string('file_name', 255).notNullable().defaultTo('');
    t.binary('wav').notNullable();
    t.integer('duration_ms').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['bot_id', 'prompt_key']);
  });

  await knex.schema.createTable('bot_learning', (t) => {
    t.bigIncrements('id');
    t.bigInteger('bot_id').notNullable().references('id').inTable('bots').onDelete('CASCADE');
    tenant(t);
    t.string('sentence', 500).notNullable();
    t.string('source', 16).notNullable().defaultTo('training'); // training | call
    t.string('node_name', 100).nullable();
    t.boolean('learned').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['bot_id', 'sentence']);
  });

  await knex.schema.createTable('common_knowledge', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.jsonb('question').notNullable(); // a KnowledgeQuestion (domain/bot/definition.ts)
    timestamps(knex, t);
  });

  await knex.schema.createTable('llm_settings', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.text('base_url').notNullable().defaultTo('');
    t.string('model', 128).notNullable().defaultTo('');
    t.text('system_prompt').notNullable().defaultTo('');
    t.integer('timeout_ms').notNullable().defaultTo(3000);
    t.text('key_enc').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('tts_settings', (t) => {
    t.bigInteger('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('engine', 16).notNullable().defaultTo('espeak');
    t.string('voice', 64).notNullable().defaultTo('');
    t.string('region', 64).nullable();
    t.text('key_enc').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('accounts', (t) => {
    t.boolean('bot_review_required').notNullable().defaultTo(true);
    t.text('bot_download_password_hash').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('bot_review_required');
    t.dropColumn('bot_download_password_hash');
  });
  for (const table of [
    'tts_settings',
    'llm_settings',
    'common_knowledge',
    'bot_learning',
    'bot_recordings',
    'bot_versions',
    'bots',
  ])
    await knex.schema.dropTable(table);
}
