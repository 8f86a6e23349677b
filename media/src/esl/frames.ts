// Reading what mod_event_socket writes: frames of `Name: value` headers up to a blank line, then
// Content-Length bytes of body (read_packet / listener_run in mod_event_socket.c). An event frame
// (Content-Type text/event-plain) carries the event itself as its body: url-encoded headers
// (switch_event_serialize), then an optional inner Content-Length and body.

export interface Frame {
  headers: Map<string, string>;
  body: string;
}

const NL = 0x0a;

/** Incremental frame reader: push TCP chunks, get whole frames, whatever the chunking. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes = 8 * 1024 * 1024) {}

  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Frame[] = [];
    for (;;) {
      const f = this.next();
      if (!f) break;
      out.push(f);
    }
    if (this.buf.length > this.maxFrameBytes) throw new Error('ESL frame too large');
    return out;
  }

  private next(): Frame | null {
    let end = -1;
    for (let i = 0; i + 1 < this.buf.length; i++) {
      if (this.buf[i] === NL && this.buf[i + 1] === NL) {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    const headers = parseHeaderBlock(this.buf.toString('utf8', 0, end), false);
    const len = Number(headers.get('Content-Length') ?? 0) || 0;
    if (this.buf.length < end + 2 + len) return null;
    const body = this.buf.toString('utf8', end + 2, end + 2 + len);
    this.buf = this.buf.subarray(end + 2 + len);
    return { headers, body };
  }
}

function parseHeaderBlock(text: string, decode: boolean): Map<string, string> {
  const h = new Map<string, string>();
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const value = line
      .slice(at + 1)
      .replace(/^ /, '')
      .replace(/\r$/, '');
    h.set(line.slice(0, at), decode ? safeDecode(value) : value);
  }
  return h;
}

function safeDecode(v: string): string {
  if (!v.includes('%')) return v;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** A text/event-plain body: its headers (decoded) and the event's own body, if any. */
export function decodePlainEvent(body: string): Frame {
  const end = body.indexOf('\n\n');
  const headers = parseHeaderBlock(end < 0 ? body : body.slice(0, end), true);
  const len = Number(headers.get('Content-Length') ?? 0) || 0;
  return { headers, body: end >= 0 && len ? body.slice(end + 2, end + 2 + len) : '' };
}
