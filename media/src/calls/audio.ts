// Which file plays a prompt: a recording, the pre-rendered WAV of a fixed prompt, or (variable and
// LLM text, or a version whose rendering has not finished) a live rendering. Live rendering has a
// dead-air limit: past it a short filler plays while the real sentence is still being made. The
// same filler covers a slow LLM answer (session.ts askLlm).
import type { DialJob } from '../../../domain/calls';
import type { LoadedBot } from './bots';
import type { PromptFiles } from './prompts';

/** Live TTS slower than this gets a filler so the line is not silent. */
export const DEAD_AIR_MS = 1200;
/** Longest wait for a live rendering; after it the sentence is skipped. */
const RENDER_LIMIT_MS = 10000;
export const FILLER_TEXT = '好的，请稍等。';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function promptFile(
  prompts: PromptFiles,
  job: Pick<DialJob, 'accountId' | 'botId'>,
  bot: LoadedBot,
  text: string,
  recordingId: number | null,
  playFiller: (file: string) => void,
): Promise<string | null> {
  try {
    if (recordingId) return await prompts.recordingFile(job.botId, recordingId);
    const hash = bot.hashes.get(text);
    if (hash) return await prompts.fileOf(hash);
  } catch {
    // missing audio: render it below
  }
  const speed = bot.compiled.def.settings.speed;
  const render = prompts.render(job.accountId, text, speed).catch(() => null);
  const quick = await Promise.race([render, sleep(DEAD_AIR_MS).then(() => undefined)]);
  if (quick !== undefined) return quick;
  const filler = await fillerFile(prompts, job.accountId, speed, 10);
  if (filler) playFiller(filler);
  return Promise.race([render, sleep(RENDER_LIMIT_MS).then(() => null)]);
}

/**
 * The filler prompt's file. It is rendered once and then cached like any prompt (by content hash);
 * if it is not ready within `waitMs` this time, null (no filler rather than more waiting).
 */
export async function fillerFile(
  prompts: PromptFiles,
  accountId: number,
  speed: number,
  waitMs: number,
): Promise<string | null> {
  const file = await Promise.race([prompts.render(accountId, FILLER_TEXT, speed), sleep(waitMs)]).catch(
    () => undefined,
  );
  return typeof file === 'string' ? file : null;
}
