// The file name of a download's Content-Disposition header (RFC 6266). `filename*` (RFC 5987/8187:
// charset'language'percent-encoded bytes) carries names that are not ASCII — a Chinese export name —
// and wins over `filename`, which servers fill with an ASCII stand-in (underscores) for old clients,
// whichever of the two comes first in the header.

/** The header's parameters (lower-cased names), values unquoted; the first of each name wins. */
function parameters(header: string): Map<string, string> {
  const out = new Map<string, string>();
  // name = token | quoted-string (with \-escapes); the disposition type before the first ';' is skipped.
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(header); m; m = re.exec(header)) {
    const name = m[1]!.toLowerCase();
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim();
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

/** An RFC 5987 ext-value (`UTF-8''%E5%AF%BC…`) decoded; null when it is not one we can read. */
function extValue(v: string): string | null {
  const m = /^([^']*)'[^']*'(.*)$/.exec(v);
  if (!m) return null;
  const charset = m[1]!.toLowerCase();
  try {
    if (charset === 'utf-8') return decodeURIComponent(m[2]!);
    // ISO-8859-1, the other charset the RFC names: one byte per character.
    if (charset === 'iso-8859-1')
      return m[2]!.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  } catch {
    // A malformed escape: fall back to `filename`.
  }
  return null;
}

/**
 * The name to save a download under: `filename*` when present and readable, else `filename` (whose
 * %-escapes are decoded when they form valid UTF-8, as Chromium does); null when the header names none.
 */
export function filenameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const p = parameters(header);
  const ext = p.get('filename*');
  const fromExt = ext === undefined ? null : extValue(ext);
  if (fromExt) return fromExt;
  const plain = p.get('filename');
  if (!plain) return null;
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}
