// The Bull queue `tts` (domain/speech.ts), consumed by the tts worker.
import type { Config } from '../../../config';
import { TTS_JOB_OPTIONS, TTS_QUEUE, type TtsJob } from '../../../domain/speech';
import { createMediaQueue, type MediaQueue } from '../queue';

/** A failed render is tried 3 more times, 2 s, 4 s, 8 s apart (Azure throttling, a busy host). */
export { TTS_JOB_OPTIONS };

export type TtsQueue = MediaQueue<TtsJob>;

export const createTtsQueue = (config: Config): TtsQueue =>
  createMediaQueue<TtsJob>(config, TTS_QUEUE, { jobOptions: TTS_JOB_OPTIONS });
