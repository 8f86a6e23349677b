// Which file plays a prompt: a recording, the pre-rendered WAV of a fixed prompt, or (variable and
// LLM text, or a version whose rendering has not finished) a live rendering. Live rendering has a
// dead-air limit: past it a short filler plays while the real sentence is still being made.
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
  // The filler is rendered once and then cached like any prompt; if it is not ready either, skip it.
  const filler = await Promise.race([prompts.render(job.accountId, FILLER_TEXT, speed), sleep(10)]).catch(
    () => undefined,
  );
  if (typeof filler === 'string') playFiller(filler);
  return Promise.race([render, sleep(RENDER_LIMIT_MS).then(() => null)]);
}
