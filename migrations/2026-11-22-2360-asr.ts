// Recognizers: `google` joins the providers of asr_settings. It is FreeSWITCH's streaming
// transcription module mod_google_transcribe (drachtio-freeswitch-modules), which reports through
// CUSTOM events; its credentials live on the FreeSWITCH node (GOOGLE_APPLICATION_CREDENTIALS), so
// the row needs no key of its own.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE asr_settings DROP CONSTRAINT asr_settings_provider_check');
  await knex.raw(
    "ALTER TABLE asr_settings ADD CONSTRAINT asr_settings_provider_check CHECK (provider IN ('none', 'sim', 'unimrcp', 'aliyun', 'tencent', 'google'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  // Accounts that chose google fall back to their superior's recognizer.
  await knex('asr_settings').where({ provider: 'google' }).delete();
  await knex.raw('ALTER TABLE asr_settings DROP CONSTRAINT asr_settings_provider_check');
  await knex.raw(
    "ALTER TABLE asr_settings ADD CONSTRAINT asr_settings_provider_check CHECK (provider IN ('none', 'sim', 'unimrcp', 'aliyun', 'tencent'))",
  );
}
