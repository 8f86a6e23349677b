// RIFF/WAVE header parsing, shared by the server (checking uploaded recordings) and the media
// worker (reading what a TTS engine rendered). Pure: bytes in, facts out; no Node Buffer.

/** What telephony plays: mono, 8 kHz, 16-bit PCM (FreeSWITCH's native L16 rate). */
export const TELEPHONY_WAV = { channels: 1, sampleRate: 8000, bitsPerSample: 16 } as const;

export interface WavInfo {
  ok: true;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  durationMs: number;
  /** Where the samples start and how many bytes of them the buffer really holds. */
  dataOffset: number;
  dataBytes: number;
}

export type WavReason = 'tooShort' | 'notRiff' | 'notWave' | 'noFmt' | 'notPcm' | 'badFormat' | 'noData';
export type WavInspection = WavInfo | { ok: false; reason: WavReason };

const PCM = 1;
const EXTENSIBLE = 0xfffe;

const tag = (v: DataView, at: number): string =>
  String.fromCharCode(v.getUint8(at), v.getUint8(at + 1), v.getUint8(at + 2), v.getUint8(at + 3));

/** Reads a PCM WAV's header. The data size is clamped to the bytes present: streaming writers
 * (espeak-ng --stdout) leave a placeholder size because they cannot seek back. */
export function inspectWav(bytes: Uint8Array): WavInspection {
  if (bytes.length < 12) return { ok: false, reason: 'tooShort' };
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (tag(v, 0) !== 'RIFF') return { ok: false, reason: 'notRiff' };
  if (tag(v, 8) !== 'WAVE') return { ok: false, reason: 'notWave' };

  let fmt: { channels: number; sampleRate: number; bits: number; blockAlign: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = tag(v, at);
    const size = v.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return { ok: false, reason: 'noFmt' };
      let format = v.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
      if (format === EXTENSIBLE && size >= 40 && body + 26 <= bytes.length)
        format = v.getUint16(body + 24, true);
      if (format !== PCM) return { ok: false, reason: 'notPcm' };
      fmt = {
        channels: v.getUint16(body + 2, true),
        sampleRate: v.getUint32(body + 4, true),
        blockAlign: v.getUint16(body + 12, true),
        bits: v.getUint16(body + 14, true),
      };
      if (!fmt.channels || !fmt.sampleRate || !fmt.blockAlign || !fmt.bits)
        return { ok: false, reason: 'badFormat' };
    } else if (id === 'data') {
      if (!fmt) return { ok: false, reason: 'noFmt' };
      const available = Math.min(size, bytes.length - body);
      const dataBytes = available - (available % fmt.blockAlign);
      return {
        ok: true,
        channels: fmt.channels,
        sampleRate: fmt.sampleRate,
        bitsPerSample: fmt.bits,
        durationMs: Math.round((dataBytes / fmt.blockAlign / fmt.sampleRate) * 1000),
        dataOffset: body,
        dataBytes,
      };
    }
    at = body + size + (size % 2); // chunks are padded to an even length
  }
  return { ok: false, reason: fmt ? 'noData' : 'noFmt' };
}

/** Why a WAV cannot be played on a call as is (null when it is mono 8 kHz 16-bit PCM). */
export function telephonyProblem(w: WavInspection): WavReason | 'notMono' | 'not8k' | 'not16bit' | null {
  if (!w.ok) return w.reason;
  if (w.channels !== TELEPHONY_WAV.channels) return 'notMono';
  if (w.sampleRate !== TELEPHONY_WAV.sampleRate) return 'not8k';
  if (w.bitsPerSample !== TELEPHONY_WAV.bitsPerSample) return 'not16bit';
  return null;
}
