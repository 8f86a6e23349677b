// The voices of the simulator: what a virtual customer says, rendered with espeak-ng, and the prompt
// files the bot plays, decoded, both as 8 kHz mono samples for the call recordings (tape.ts).
// Renders are cached by voice + text (a demo's customers say the same sentences again and again) and
// at most MAX_RENDERS espeak-ng processes run at once, so hundreds of channels never fork hundreds.
import { readFile } from 'node:fs/promises';
import { TELEPHONY_WAV } from '../../../domain/wav';
import { espeakVoice, renderEspeak } from '../speech/espeak';
import { decodePcm16, resample } from '../speech/wav';
import { log } from '../../../platform/log';

export const RATE = TELEPHONY_WAV.sampleRate;

/**
 * espeak-ng's words per minute for a virtual customer: at 380 its Mandarin takes ~190 ms a
 * character, what personas allow for talking (speakingMs, 180 ms a character by default).
 */
const CUSTOMER_WPM = 380;
const MAX_RENDERS = 2;
/** Entries kept: ~16 KB a second of 8 kHz audio, so at most a few tens of MB each. */
const VOICE_CACHE = 1000;
const PROMPT_CACHE = 300;

/** A small LRU of promises: a render asked for twice while running is run once. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string, make: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const v = make();
    this.map.set(key, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
    return v;
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

let running = 0;
const waiting: Array<() => void> = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_RENDERS) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const voices = new Lru<Promise<Int16Array | null>>(VOICE_CACHE);
let warned = false;

/**
 * The customer's utterance as 8 kHz samples; null (the recording keeps silence there) when
 * espeak-ng is missing or fails, which is logged once.
 */
export function customerVoice(text: string, voice = 'auto'): Promise<Int16Array | null> {
  const v = espeakVoice(voice, text);
  const key = `${v}\u0000${text}`;
  return voices.get(key, () =>
    limited(() => renderEspeak(text, { voice: v, wpm: CUSTOMER_WPM })).then(
      (wav) => decodePcm16(wav).samples,
      (err: Error) => {
        voices.delete(key); // a later call tries again (espeak-ng may have been installed meanwhile)
        if (!warned) log.error('simulator: customer speech not rendered', { err: err.message });
        warned = true;
        return null;
      },
    ),
  );
}

const prompts = new Lru<Promise<Int16Array | null>>(PROMPT_CACHE);

/**
 * A prompt file as 8 kHz samples; null when it is not on this machine or not 16-bit PCM WAV.
 * Cached by path: the worker's prompt files are named by their content and never rewritten.
 */
export function promptSamples(file: string): Promise<Int16Array | null> {
  return prompts.get(file, () =>
    readFile(file).then(
      (buf) => {
        try {
          const pcm = decodePcm16(new Uint8Array(buf));
          return resample(pcm.samples, pcm.sampleRate, RATE);
        } catch {
          return null;
        }
      },
      () => {
        prompts.delete(file); // may be written later (a prompt rendered while the call runs)
        return null;
      },
    ),
  );
}
