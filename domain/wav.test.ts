import { inspectWav, telephonyProblem } from './wav';

interface Fmt {
  format?: number;
  channels?: number;
  sampleRate?: number;
  bits?: number;
  dataBytes?: number;
  /** What the data chunk header claims (defaults to dataBytes). */
  declaredData?: number;
  extraChunk?: boolean;
  extensible?: boolean;
}

/** A WAV file built byte by byte, so the parser is tested against the layout, not against itself. */
function wav(f: Fmt = {}): Uint8Array {
  const channels = f.channels ?? 1;
  const rate = f.sampleRate ?? 8000;
  const bits = f.bits ?? 16;
  const dataBytes = f.dataBytes ?? 1600;
  const fmtSize = f.extensible ? 40 : 16;
  const extra = f.extraChunk ? 8 + 3 + 1 : 0; // odd-sized LIST chunk plus its pad byte
  const total = 12 + 8 + fmtSize + extra + 8 + dataBytes;
  const b = new Uint8Array(total);
  const v = new DataView(b.buffer);
  const str = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  str(0, 'RIFF');
  v.setUint32(4, total - 8, true);
  str(8, 'WAVE');
  let at = 12;
  str(at, 'fmt ');
  v.setUint32(at + 4, fmtSize, true);
  v.setUint16(at + 8, f.extensible ? 0xfffe : (f.format ?? 1), true);
  v.setUint16(at + 10, channels, true);
  v.setUint32(at + 12, rate, true);
  v.setUint32(at + 16, (rate * channels * bits) / 8, true);
  v.setUint16(at + 20, (channels * bits) / 8, true);
  v.setUint16(at + 22, bits, true);
  if (f.extensible) v.setUint16(at + 32, f.format ?? 1, true); // sub-format GUID starts at fmt body + 24
  at += 8 + fmtSize;
  if (f.extraChunk) {
    str(at, 'LIST');
    v.setUint32(at + 4, 3, true);
    at += 12;
  }
  str(at, 'data');
  v.setUint32(at + 4, f.declaredData ?? dataBytes, true);
  return b;
}

describe('inspectWav', () => {
  it('reads a telephony WAV', () => {
    const r = inspectWav(wav());
    expect(r).toEqual({
      ok: true,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 16,
      durationMs: 100,
      dataOffset: 44,
      dataBytes: 1600,
    });
    expect(telephonyProblem(r)).toBeNull();
  });

  it('skips unknown chunks, including odd-sized ones', () => {
    const r = inspectWav(wav({ extraChunk: true, dataBytes: 16000 }));
    expect(r).toMatchObject({ ok: true, durationMs: 1000, dataOffset: 56 });
  });

  it('reads stereo 44.1 kHz and says why it cannot be played', () => {
    const r = inspectWav(wav({ channels: 2, sampleRate: 44100, dataBytes: 44100 * 4 }));
    expect(r).toMatchObject({ ok: true, channels: 2, sampleRate: 44100, durationMs: 1000 });
    expect(telephonyProblem(r)).toBe('notMono');
    expect(telephonyProblem(inspectWav(wav({ sampleRate: 16000 })))).toBe('not8k');
    expect(telephonyProblem(inspectWav(wav({ bits: 8 })))).toBe('not16bit');
  });

  it('clamps a placeholder data size to the bytes present (streamed output)', () => {
    const r = inspectWav(wav({ dataBytes: 801, declaredData: 0x7ffff000 }));
    expect(r).toMatchObject({ ok: true, dataBytes: 800, durationMs: 50 });
  });

  it('accepts WAVE_FORMAT_EXTENSIBLE with PCM, refuses other formats', () => {
    expect(inspectWav(wav({ extensible: true }))).toMatchObject({ ok: true, sampleRate: 8000 });
    expect(inspectWav(wav({ extensible: true, format: 3 }))).toEqual({ ok: false, reason: 'notPcm' });
    expect(inspectWav(wav({ format: 6 }))).toEqual({ ok: false, reason: 'notPcm' }); // A-law
  });

  it('refuses what is not a WAV', () => {
    expect(inspectWav(new Uint8Array(4))).toEqual({ ok: false, reason: 'tooShort' });
    expect(inspectWav(new TextEncoder().encode('ID3\u0004 this is an mp3 file'))).toEqual({
      ok: false,
      reason: 'notRiff',
    });
    const avi = wav();
    avi.set([65, 86, 73, 32], 8); // 'AVI '
    expect(inspectWav(avi)).toEqual({ ok: false, reason: 'notWave' });
    expect(inspectWav(wav().slice(0, 30))).toEqual({ ok: false, reason: 'noFmt' });
    expect(inspectWav(wav().slice(0, 40))).toEqual({ ok: false, reason: 'noData' });
    expect(telephonyProblem(inspectWav(new Uint8Array(0)))).toBe('tooShort');
  });

  it('reads a view into a larger buffer at an offset', () => {
    const inner = wav();
    const outer = new Uint8Array(inner.length + 10);
    outer.set(inner, 10);
    expect(inspectWav(outer.subarray(10))).toMatchObject({ ok: true, dataOffset: 44 });
  });
});
