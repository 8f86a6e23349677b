// TTS preview for the editor: one 'preview' job for the media worker, awaited here (15 s at most),
// then the rendered WAV read from tts_audio by the hash the job returns.
import type { TtsResult } from '../../../../domain/speech';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { withTimeout } from '../../../../platform/timeout';
import type { AuthContext } from '../auth/sessions';

const PREVIEW_TIMEOUT_MS = 15_000;

export async function previewTts(
  deps: Deps,
  auth: AuthContext,
  v: { text: string; speed?: number | null },
): Promise<Buffer> {
  const job = await deps.queues.tts.add(
    { kind: 'preview', accountId: auth.actor.id, text: v.text, speed: v.speed ?? null },
    { attempts: 1, removeOnComplete: 100, removeOnFail: 100 },
  );
  let result: TtsResult;
  try {
    result = (await withTimeout(job.finished(), PREVIEW_TIMEOUT_MS, 'tts preview')) as TtsResult;
  } catch (e) {
    const timedOut = /timed? ?out/i.test(String((e as Error)?.message ?? e));
    throw timedOut ? new AppError(408, 408, 'bots.ttsTimeout') : new AppError(503, 503, 'bots.ttsFailed');
  }
  const row = result?.hash ? await deps.db('tts_audio').where({ hash: result.hash }).first('wav') : null;
  if (!row) throw new AppError(503, 503, 'bots.ttsFailed');
  return row.wav as Buffer;
}
