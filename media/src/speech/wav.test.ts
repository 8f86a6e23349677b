import { decodePcm16, encodeWav, inspectWav, lowPass, resample, toTelephonyWav } from './wav';

const tone = (hz: number, rate: number, seconds: number, amp = 10000): Int16Array =>
  Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.round(amp * Math.sin((2 * Math.PI * hz * i) / rate)),
  );

const rms = (x: ArrayLike<number>, skip = 50): number => {
  let s = 0;
  for (let i = skip; i < x.length - skip; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / (x.length - 2 * skip));
};

/** Upward zero crossings per second: a frequency estimate that needs no FFT. */
const frequency = (x: Int16Array, rate: number): number => {
  let n = 0;
  for (let i = 1; i < x.length; i++) if (x[i - 1]! < 0 && x[i]! >= 0) n++;
  return n / (x.length / rate);
};

describe('encodeWav / decodePcm16', () => {
  it('round-trips mono samples through a canonical header', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
    const wav = encodeWav({ sampleRate: 8000, samples });
    expect(wav.length).toBe(44 + 10);
    expect(inspectWav(wav)).toMatchObject({ ok: true, channels: 1, sampleRate: 8000, bitsPerSample: 16 });
    expect(decodePcm16(wav)).toEqual({ sampleRate: 8000, samples });
  });

  it('averages stereo to mono', () => {
    const wav = encodeWav({ sampleRate: 8000, samples: Int16Array.from([100, 300, -50, 50]) });
    // Rewrite the header as stereo: the same 4 samples are now 2 frames of (L, R).
    wav.writeUInt16LE(2, 22);
    wav.writeUInt16LE(4, 32);
    expect(decodePcm16(wav).samples).toEqual(Int16Array.from([200, 0]));
  });

  it('refuses what it cannot decode', () => {
    expect(() => decodePcm16(Buffer.from('nope'))).toThrow(/not a PCM WAV: tooShort/);
    const eight = encodeWav({ sampleRate: 8000, samples: new Int16Array(4) });
    eight.writeUInt16LE(8, 34);
    expect(() => decodePcm16(eight)).toThrow(/16-bit/);
  });
});

describe('resample', () => {
  it('keeps duration, pitch and loudness of a voice-band tone (22050 -> 8000)', () => {
    const x = tone(440, 22050, 1);
    const y = resample(x, 22050, 8000);
    expect(y.length).toBe(8000);
    expect(frequency(y, 8000)).toBeCloseTo(440, -1);
    expect(rms(y) / rms(x)).toBeGreaterThan(0.9);
    expect(rms(y) / rms(x)).toBeLessThan(1.1);
  });

  it('removes a tone above the new Nyquist instead of folding it into the voice band', () => {
    const x = tone(6000, 22050, 1);
    const y = resample(x, 22050, 8000);
    expect(rms(y) / rms(x)).toBeLessThan(0.05);
  });

  it('upsamples by interpolation and copies at the same rate', () => {
    const x = Int16Array.from([0, 100, 200]);
    expect(resample(x, 8000, 16000)).toEqual(Int16Array.from([0, 50, 100, 150, 200, 200]));
    const same = resample(x, 8000, 8000);
    expect(same).toEqual(x);
    expect(same).not.toBe(x);
  });

  it('low-pass has unity gain at DC', () => {
    const y = lowPass(new Array(200).fill(1000), 0.1);
    expect(y[100]).toBeCloseTo(1000, 3);
  });

  it('clamps instead of wrapping around', () => {
    const y = resample(
      Int16Array.from({ length: 400 }, (_, i) => (i % 2 ? 32767 : -32768)),
      16000,
      8000,
    );
    expect(Math.max(...y)).toBeLessThanOrEqual(32767);
    expect(Math.min(...y)).toBeGreaterThanOrEqual(-32768);
  });
});

describe('toTelephonyWav', () => {
  it('turns a 22.05 kHz stereo WAV into 8 kHz mono of the same length', () => {
    const mono = tone(300, 22050, 0.5);
    const stereo = new Int16Array(mono.length * 2);
    mono.forEach((s, i) => stereo.set([s, s], i * 2));
    const src = encodeWav({ sampleRate: 22050, samples: stereo });
    src.writeUInt16LE(2, 22);
    src.writeUInt16LE(4, 32);
    const out = toTelephonyWav(src);
    expect(inspectWav(out)).toMatchObject({
      ok: true,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 16,
      durationMs: 500,
    });
  });
});
