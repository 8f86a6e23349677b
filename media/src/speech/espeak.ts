// The local, offline TTS engine: espeak-ng. It writes 22050 Hz WAV to stdout; we resample to 8 kHz.
import { runCommand, CommandMissingError } from './run';
import { NORMAL_SPEED, type TtsEngine, type TtsOptions } from './tts';
import { toTelephonyWav } from './wav';

/** SPEC §4 speed code -> words per minute (espeak-ng's default is 175) and extra gap between words (10 ms units). */
const SPEEDS: Record<number, { wpm: number; gap: number }> = {
  1001: { wpm: 260, gap: 0 }, // extreme fast
  1002: { wpm: 210, gap: 0 }, // fast
  1003: { wpm: 170, gap: 0 }, // normal
  1004: { wpm: 145, gap: 0 }, // slow
  1005: { wpm: 125, gap: 0 }, // extremely slow
  1006: { wpm: 105, gap: 0 }, // abnormally slow
  // Elderly modes: slower and with pauses between words, so each word stands out.
  1007: { wpm: 150, gap: 4 },
  1008: { wpm: 135, gap: 6 },
  1009: { wpm: 120, gap: 8 },
};

export function espeakSpeed(code: number): { wpm: number; gap: number } {
  return SPEEDS[code] ?? SPEEDS[NORMAL_SPEED]!; // 9999 (custom) and unknown codes speak normally
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const VOICE = /^[a-z]{2,3}(-[a-z0-9]+)*$/i;

/** An explicit espeak voice wins; otherwise Chinese text gets `cmn`, anything else `en`. */
export function espeakVoice(voice: string, text: string): string {
  if (voice && voice !== 'auto' && VOICE.test(voice)) return voice;
  return HAN.test(text) ? 'cmn' : 'en';
}

export interface EspeakOptions {
  command?: string;
  timeoutMs?: number;
}

export class EspeakEngine implements TtsEngine {
  readonly name = 'espeak';
  readonly command: string;
  readonly timeoutMs: number;

  constructor(opts: EspeakOptions = {}) {
    this.command = opts.command ?? 'espeak-ng';
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  async render(text: string, opts: TtsOptions): Promise<Buffer> {
    const { wpm, gap } = espeakSpeed(opts.speed);
    return renderEspeak(text, { voice: espeakVoice(opts.voice, text), wpm, gap }, this);
  }
}

/**
 * One espeak-ng run: `text` spoken by `voice` at `wpm` (espeak-ng takes 80-450), as 8 kHz mono
 * 16-bit WAV. The simulator's virtual customers use it directly, at their own talking speed.
 */
export async function renderEspeak(
  text: string,
  v: { voice: string; wpm: number; gap?: number },
  opts: EspeakOptions = {},
): Promise<Buffer> {
  const command = opts.command ?? 'espeak-ng';
  const args = ['--stdout', '-b', '1', '-v', v.voice, '-s', String(v.wpm)];
  if (v.gap) args.push('-g', String(v.gap));
  let raw: Buffer;
  try {
    // Text goes in on stdin: no argument length limit, and a leading '-' is not read as an option.
    raw = await runCommand(command, args, {
      timeoutMs: opts.timeoutMs ?? 20_000,
      maxBytes: 50 * 1024 * 1024,
      input: text,
    });
  } catch (err) {
    if (err instanceof CommandMissingError) {
      throw new Error(`${err.message}: install the espeak-ng package or choose a cloud TTS engine`, {
        cause: err,
      });
    }
    throw err;
  }
  return toTelephonyWav(raw);
}
