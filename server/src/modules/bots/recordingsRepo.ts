// Uploaded recordings (bot_recordings): one WAV per (bot, prompt key). Reached through the tenant scope.
import type { Knex } from 'knex';
import type { BotDefinition } from '../../../../domain/bot/definition';
import { scoped, type Actor } from '../../db/scope';
import { mapRecordingIds } from '../../../../domain/bot/prompts';

export const recordingsOfBot = (db: Knex, actor: Actor, botId: number) =>
  scoped(db('bot_recordings'), db, actor)
    .where({ bot_id: botId })
    .select('id', 'prompt_key', 'file_name', 'duration_ms', 'created_at');

export const findRecordingAudio = (db: Knex, actor: Actor, id: number) =>
  scoped(db('bot_recordings as r'), db, actor, 'r.account_id')
    .join('bots as b', 'b.id', 'r.bot_id')
    .whereNull('b.deleted_at')
    .where('r.id', id)
    .first('r.wav', 'r.file_name');

/** Insert or replace the recording of one prompt; returns its id. */
export async function upsertRecording(
  db: Knex | Knex.Transaction,
  r: {
    botId: number;
    accountId: number;
    promptKey: string;
    fileName: string;
    wav: Buffer;
    durationMs: number;
  },
): Promise<number> {
  const [row] = await db('bot_recordings')
    .insert({
      bot_id: r.botId,
      account_id: r.accountId,
      prompt_key: r.promptKey,
      file_name: r.fileName,
      wav: r.wav,
      duration_ms: r.durationMs,
    })
    .onConflict(['bot_id', 'prompt_key'])
    .merge(['file_name', 'wav', 'duration_ms', 'created_at'])
    .returning('id');
  return Number(row.id);
}

/**
 * Copies every recording of `fromBot` onto `toBot` (replacing same-key ones, for sync) and returns
 * `def` with recording ids pointing at the copies, so the new owner can play and fetch them.
 */
export async function copyRecordings(
  trx: Knex.Transaction,
  fromBot: number,
  toBot: number,
  toAccount: number,
  def: BotDefinition,
): Promise<BotDefinition> {
  const source = await trx('bot_recordings').where({ bot_id: fromBot }).select('id', 'prompt_key');
  if (!source.length) return mapRecordingIds(def, (_k, old) => old);
  const copied = await trx.raw(
    `INSERT INTO bot_recordings (bot_id, account_id, prompt_key, file_name, wav, duration_ms)
     SELECT ?, ?, prompt_key, file_name, wav, duration_ms FROM bot_recordings WHERE bot_id = ?
     ON CONFLICT (bot_id, prompt_key) DO UPDATE
       SET file_name = excluded.file_name, wav = excluded.wav, duration_ms = excluded.duration_ms
     RETURNING id, prompt_key`,
    [toBot, toAccount, fromBot],
  );
  const newByKey = new Map<string, number>(
    (copied.rows as { id: string; prompt_key: string }[]).map((r) => [r.prompt_key, Number(r.id)]),
  );
  const keyById = new Map<number, string>(source.map((r) => [Number(r.id), r.prompt_key as string]));
  return mapRecordingIds(def, (_key, old) => {
    if (old === null) return null;
    const k = keyById.get(old);
    return k !== undefined ? (newByKey.get(k) ?? null) : null;
  });
}
