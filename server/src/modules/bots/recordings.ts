// Recordings of fixed prompts (SPEC §5: WAV, mono, 8000 Hz). The list is every prompt of the draft
// (domain listPrompts) with its recording, if any. An upload is stored per (bot, prompt key) and
// attached to the draft's prompt (recordingId): a draft edit (bumps draftRev; the editor reloads).
import type { Context } from 'koa';
import type { RecordingRow } from '../../../../domain/bot/api';
import type { BotDefinition } from '../../../../domain/bot/definition';
import { listPrompts } from '../../../../domain/bot/prompts';
import { inspectWav } from '../../../../domain/wav';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import type { AuthContext } from '../auth/sessions';
import { eachPrompt } from '../../../../domain/bot/prompts';
import { findRecordingAudio, recordingsOfBot, upsertRecording } from './recordingsRepo';
import { findBot, updateBot } from './repo';
import { promptKeySchema } from './schema';
import { getBot } from './service';
import { receiveFile } from '../../files/upload';

export const MAX_RECORDING_BYTES = 10 * 1024 * 1024;

export async function listRecordings(deps: Deps, auth: AuthContext, botId: number): Promise<RecordingRow[]> {
  const bot = await getBot(deps, auth, botId);
  const recs = new Map(
    (await recordingsOfBot(deps.db, auth.actor, botId)).map((r) => [r.prompt_key as string, Number(r.id)]),
  );
  return listPrompts(bot.draft as BotDefinition).map((p) => {
    const id = recs.get(p.promptKey) ?? null;
    return { promptKey: p.promptKey, text: p.text, where: p.where, recordingId: id, recorded: id !== null };
  });
}

export async function uploadRecording(deps: Deps, auth: AuthContext, ctx: Context, botId: number) {
  await getBot(deps, auth, botId);
  const upload = await receiveFile(ctx, MAX_RECORDING_BYTES);
  const { promptKey } = parse(ctx, promptKeySchema, upload.fields);
  const wav = inspectWav(
    new Uint8Array(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength),
  );
  if (!wav.ok || wav.channels !== 1 || wav.sampleRate !== 8000) throw badRequest('bots.badWav');
  return deps.db.transaction(async (trx) => {
    const bot = await findBot(trx, auth.actor, botId, true);
    if (!bot) throw notFound();
    const def = structuredClone(bot.draft) as BotDefinition;
    const prompt = listPrompts(def).find((p) => p.promptKey === promptKey);
    if (!prompt) throw badRequest('bots.unknownPrompt');
    const id = await upsertRecording(trx, {
      botId,
      accountId: Number(bot.account_id),
      promptKey,
      fileName: upload.originalName.slice(0, 255),
      wav: upload.bytes,
      durationMs: Math.round(wav.durationMs),
    });
    eachPrompt(def, (key, p) => {
      if (key === promptKey) p.recordingId = id;
    });
    // Like any draft edit: the bot becomes a draft to publish again (the live version is unchanged).
    await updateBot(trx, auth.actor, botId, {
      draft: JSON.stringify(def),
      draft_rev: trx.raw('draft_rev + 1'),
      status: 'draft',
      reject_reason: null,
    });
    const row: RecordingRow = { ...prompt, recordingId: id, recorded: true };
    return row;
  });
}

export async function recordingAudio(deps: Deps, auth: AuthContext, id: number) {
  const row = await findRecordingAudio(deps.db, auth.actor, id);
  if (!row) throw notFound();
  return row.wav as Buffer;
}
