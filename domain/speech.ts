// Speech jobs between the server (producer) and the media worker (consumer, media/src/speech).
// Bull queue name `tts`, prefix `${redisPrefix}:bull` like every queue.

export const TTS_QUEUE = 'tts';

export type TtsJob =
  /** Render every fixed prompt of a published bot version (after publish). */
  | { kind: 'version'; botVersionId: number }
  /** Render one text for the editor's preview button; the job's result is a TtsResult. */
  | { kind: 'preview'; accountId: number; text: string; speed?: number | null };

/** Result of a preview job: the tts_audio row holding the WAV (8 kHz mono). */
export interface TtsResult {
  hash: string;
}

/** Options of every tts job, given by the producer (Bull applies the adder's options, not the worker's). */
export const TTS_JOB_OPTIONS = {
  attempts: 4,
  backoff: { type: 'exponential' as const, delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};
