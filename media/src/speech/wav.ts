// PCM WAV in and out, and the resampler that turns an engine's native rate into telephony's 8 kHz.
// The header parser is domain/wav.ts (the server checks uploads with the same code).
import os from 'node:os';
import { inspectWav, TELEPHONY_WAV } from '../../../domain/wav';

export { inspectWav, telephonyProblem } from '../../../domain/wav';

const LITTLE_ENDIAN = os.endianness() === 'LE';

export interface Pcm {
  sampleRate: number;
  /** Mono samples. */
  samples: Int16Array;
}

/** 16-bit PCM WAV -> mono samples (channels are averaged). Throws on anything else. */
export function decodePcm16(wav: Uint8Array): Pcm {
  const info = inspectWav(wav);
  if (!info.ok) throw new Error(`not a PCM WAV: ${info.reason}`);
  if (info.bitsPerSample !== 16) throw new Error(`expected 16-bit PCM, got ${info.bitsPerSample}-bit`);
  const v = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, info.dataBytes);
  const ch = info.channels;
  const samples = new Int16Array(info.dataBytes / 2 / ch);
  for (let i = 0; i < samples.length; i++) {
    let sum = 0;
    for (let c = 0; c < ch; c++) sum += v.getInt16((i * ch + c) * 2, true);
    samples[i] = Math.round(sum / ch);
  }
  return { sampleRate: info.sampleRate, samples };
}

/** Mono 16-bit PCM samples -> a canonical 44-byte-header WAV. */
export function encodeWav({ sampleRate, samples }: Pcm): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  // Little-endian machines hold the samples as WAV wants them: one copy (call recordings are long).
  if (LITTLE_ENDIAN) Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).copy(out, 44);
  else for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, 44 + i * 2);
  return out;
}

/**
 * Windowed-sinc (Hamming) low-pass FIR. cutoff is a fraction of the sample rate (0..0.5).
 * Needed before downsampling: linear interpolation alone folds everything above the new
 * Nyquist back into the voice band as hiss.
 */
export function lowPass(x: ArrayLike<number>, cutoff: number, taps = 31): Float32Array {
  const m = (taps - 1) / 2;
  const h = new Float32Array(taps);
  let sum = 0;
  for (let k = 0; k < taps; k++) {
    const n = k - m;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    h[k] = sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * k) / (taps - 1)));
    sum += h[k]!;
  }
  for (let k = 0; k < taps; k++) h[k] = h[k]! / sum; // unity gain at DC
  const y = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    let acc = 0;
    const lo = Math.max(0, m - i);
    const hi = Math.min(taps, x.length - i + m);
    for (let k = lo; k < hi; k++) acc += h[k]! * x[i + k - m]!;
    y[i] = acc;
  }
  return y;
}

const clamp16 = (v: number): number => Math.max(-32768, Math.min(32767, Math.round(v)));

/** Linear-interpolation resampler, low-passed first when the rate goes down. */
export function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples.slice();
  // Keep a little below the new Nyquist (to / 2) so the filter's transition band stays out of it.
  const src: ArrayLike<number> = to < from ? lowPass(samples, (0.45 * to) / from) : samples;
  const out = new Int16Array(Math.floor((samples.length * to) / from));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const a = src[j] ?? 0;
    const b = src[j + 1] ?? a;
    out[i] = clamp16(a + (b - a) * (pos - j));
  }
  return out;
}

/** Any 16-bit PCM WAV -> 8 kHz mono 16-bit. */
export function toTelephonyWav(wav: Uint8Array): Buffer {
  const pcm = decodePcm16(wav);
  const rate = TELEPHONY_WAV.sampleRate;
  return encodeWav({ sampleRate: rate, samples: resample(pcm.samples, pcm.sampleRate, rate) });
}
