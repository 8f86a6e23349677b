// HTTP byte ranges of a file (RFC 9110 §14): what the audio endpoint sends for a Range header.
// Browsers ask for ranges to seek and to learn an audio file's duration. One range is served; a
// header we do not understand (another unit, several ranges, bad syntax) is ignored, as the RFC
// allows, and the whole file is sent.

export type ByteRange =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function byteRange(header: string | undefined, size: number): ByteRange {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    // bytes=-n: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return { kind: 'full' }; // invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}
