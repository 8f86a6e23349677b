// The rendered-audio cache in PostgreSQL (table tts_audio, keyed by ttsHash).
import type { Knex } from 'knex';
import { ttsHash, type TtsEngine, type TtsOptions } from './tts';
import { inspectWav, telephonyProblem } from './wav';

export interface CachedAudio {
  hash: string;
  bytes: number;
  durationMs: number;
  /** true when the row was there already (nothing was rendered). */
  cached: boolean;
}

/** The audio for text said by this engine, voice and speed: from the cache, else rendered and stored. */
export async function renderCached(
  db: Knex,
  engine: TtsEngine,
  opts: TtsOptions,
  text: string,
): Promise<CachedAudio> {
  const hash = ttsHash(engine.name, opts.voice, opts.speed, text);
  const hit = await db('tts_audio').where({ hash }).first('bytes', 'duration_ms');
  if (hit) return { hash, bytes: hit.bytes, durationMs: hit.duration_ms, cached: true };

  const wav = await engine.render(text, opts);
  const info = inspectWav(wav);
  const problem = telephonyProblem(info);
  if (problem || !info.ok) throw new Error(`${engine.name} rendered unplayable audio: ${problem}`);
  // Two workers may render the same sentence at once; both results are equivalent, the first stays.
  await db('tts_audio')
    .insert({
      hash,
      engine: engine.name,
      voice: opts.voice,
      speed: opts.speed,
      text,
      wav,
      bytes: wav.length,
      duration_ms: info.durationMs,
    })
    .onConflict('hash')
    .ignore();
  return { hash, bytes: wav.length, durationMs: info.durationMs, cached: false };
}

/** The stored WAV of a hash, or null. */
export async function readAudio(db: Knex, hash: string): Promise<Buffer | null> {
  const row = await db('tts_audio').where({ hash }).first('wav');
  return row ? (row.wav as Buffer) : null;
}
