// What every TTS engine gives the media worker: telephony WAV (8 kHz mono 16-bit PCM) for a text.
import crypto from 'node:crypto';

export interface TtsOptions {
  /** Engine-specific voice name ('cmn', 'en', 'zh-CN-XiaoxiaoNeural'...). */
  voice: string;
  /** SPEC §4 speech speed code (1001–1009, 9999). */
  speed: number;
}

export interface TtsEngine {
  readonly name: string;
  /** WAV, 8 kHz mono 16-bit PCM. */
  render(text: string, opts: TtsOptions): Promise<Buffer>;
}

/** The cache key of a rendering: the same engine, voice, speed and text give the same audio. */
export function ttsHash(engine: string, voice: string, speed: number, text: string): string {
  // JSON keeps the fields apart ('a|b' + 'c' never equals 'a' + 'b|c').
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([engine, voice, speed, text]))
    .digest('hex');
}

/** Normal speed when the code is unknown or custom (9999 carries no value of its own yet). */
export const NORMAL_SPEED = 1003;
