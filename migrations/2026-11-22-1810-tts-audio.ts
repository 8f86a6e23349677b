import type { Knex } from 'knex';

// Rendered speech (ARCHITECTURE §3 step 4): prompts are synthesised once, when a bot version is
// published, and cached by content hash (engine, voice, speed, text), so every version, bot and
// account saying the same sentence the same way shares one WAV (8 kHz mono 16-bit PCM).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tts_audio', (t) => {
    t.text('hash').primary(); // sha256 hex, media/src/speech/tts.ts ttsHash()
    t.text('engine').notNullable();
    t.text('voice').notNullable();
    t.integer('speed').notNullable(); // SPEC §4 speed code
    t.text('text').notNullable();
    t.binary('wav').notNullable();
    t.integer('bytes').notNullable();
    t.integer('duration_ms').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Which audio plays for each fixed prompt of a version; tts_hash null = not rendered (yet), or
  // a person's recording is played instead. No cascade from tts_audio: a cache clean-up must not
  // remove audio a version still plays.
  await knex.schema.createTable('bot_version_prompts', (t) => {
    t.bigInteger('bot_version_id').notNullable().references('id').inTable('bot_versions').onDelete('CASCADE');
    t.text('prompt_key').notNullable(); // domain/bot/prompts.ts listPrompts()
    t.text('tts_hash').nullable().references('hash').inTable('tts_audio');
    t.primary(['bot_version_id', 'prompt_key']);
  });
  await knex.raw(
    'CREATE INDEX bot_version_prompts_tts_hash ON bot_version_prompts (tts_hash) WHERE tts_hash IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bot_version_prompts');
  await knex.schema.dropTable('tts_audio');
}
