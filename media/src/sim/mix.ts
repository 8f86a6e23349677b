// Mixing a call recording: sounds placed at their times on one mono timeline. Pure (tape.ts feeds it).
import { resample } from '../speech/wav';

export interface Placed {
  /** Where the sound starts on the timeline, ms (negative: it began before the recording). */
  atMs: number;
  samples: Int16Array;
  /** Cut off after this long (a prompt broken off by uuid_break), ms. */
  maxMs?: number;
  /**
   * The time the sound has (a customer's utterance lasts what the persona says): a longer render is
   * sped up to fit, so the voice ends when the recogniser's result says it ended.
   */
  fitMs?: number;
}

const clamp16 = (v: number): number => (v > 32767 ? 32767 : v < -32768 ? -32768 : v);

/** `totalMs` of `rate` Hz mono samples with every sound added in (clipped to 16 bits). */
export function mixTimeline(placed: readonly Placed[], totalMs: number, rate: number): Int16Array {
  const per = rate / 1000;
  const out = new Int32Array(Math.max(0, Math.round(totalMs * per)));
  for (const p of placed) {
    let s = p.samples;
    const fit = p.fitMs === undefined ? 0 : Math.round(p.fitMs * per);
    if (fit > 0 && s.length > fit) s = resample(s, s.length, fit);
    const len = p.maxMs === undefined ? s.length : Math.min(s.length, Math.round(p.maxMs * per));
    const at = Math.round(p.atMs * per);
    const from = Math.max(0, -at);
    const to = Math.min(len, out.length - at);
    for (let i = from; i < to; i++) out[at + i]! += s[i]!;
  }
  const mixed = new Int16Array(out.length);
  for (let i = 0; i < out.length; i++) mixed[i] = clamp16(out[i]!);
  return mixed;
}
