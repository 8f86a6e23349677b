// ESL wire format, both directions, as mod_event_socket writes and reads it.
// Source: signalwire/freeswitch src/mod/event_handlers/mod_event_socket/mod_event_socket.c
// (read_packet, listener_run, api_exec, send_disconnect) and src/switch_event.c
// (switch_event_serialize, switch_event_serialize_json_obj, switch_event_xmlize).

/** One ordered header list; FreeSWITCH events keep insertion order and allow no duplicates here. */
export type Headers = Array<[string, string]>;

/** A command read from a client: first line, then `Name: value` lines, then an optional body. */
export interface Command {
  line: string;
  headers: Map<string, string>; // lower-cased names, as switch_event_get_header is case-insensitive
  body: string;
}

/**
 * Incremental reader for client commands. Like read_packet it skips leading blank lines, ends a
 * header block at two newlines (CR ignored), and when a `Content-Length` header is present reads
 * exactly that many bytes of body, whatever the TCP chunking.
 */
export class CommandReader {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Command[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Command[] = [];
    for (;;) {
      const cmd = this.next();
      if (!cmd) return out;
      out.push(cmd);
    }
  }

  private next(): Command | null {
    let start = 0;
    while (start < this.buf.length && (this.buf[start] === 0x0a || this.buf[start] === 0x0d)) start++;
    if (start) this.buf = this.buf.subarray(start);
    const end = headerEnd(this.buf);
    if (end < 0) return null;
    const lines = this.buf
      .subarray(0, end)
      .toString('utf8')
      .split('\n')
      .map((l) => l.replace(/\r$/, ''));
    const afterHeaders = end + skipTerminator(this.buf, end);
    const headers = new Map<string, string>();
    for (const l of lines.slice(1)) {
      const at = l.indexOf(':');
      if (at > 0) headers.set(l.slice(0, at).trim().toLowerCase(), l.slice(at + 1).replace(/^ +/, ''));
    }
    const len = Number.parseInt(headers.get('content-length') ?? '0', 10) || 0;
    if (this.buf.length < afterHeaders + len) return null;
    const body = this.buf.subarray(afterHeaders, afterHeaders + len).toString('utf8');
    this.buf = this.buf.subarray(afterHeaders + len);
    return { line: lines[0] ?? '', headers, body };
  }
}

/** Index of the first newline of the first blank line ("\n\n" or "\n\r\n"), or -1. */
function headerEnd(b: Buffer): number {
  for (let i = 0; i < b.length; i++) {
    if (b[i] !== 0x0a) continue;
    if (b[i + 1] === 0x0a) return i;
    if (b[i + 1] === 0x0d && b[i + 2] === 0x0a) return i;
  }
  return -1;
}

const skipTerminator = (b: Buffer, at: number): number => (b[at + 1] === 0x0d ? 3 : 2);

/** `Content-Type: command/reply` with `Reply-Text`, plus any extra headers (bgapi adds Job-UUID). */
export function commandReply(text: string, extra: Headers = []): string {
  const more = extra.map(([k, v]) => `${k}: ${v}\n`).join('');
  return `Content-Type: command/reply\nReply-Text: ${text}\n${more}\n`;
}

/** api_exec: an empty reply becomes "-ERR no reply\n". Content-Length counts bytes, not characters. */
export function apiResponse(body: string): string {
  const text = body.length ? body : '-ERR no reply\n';
  return `Content-Type: api/response\nContent-Length: ${Buffer.byteLength(text)}\n\n${text}`;
}

export function disconnectNotice(message: string, sessionUuid?: string): string {
  const len = Buffer.byteLength(message);
  if (sessionUuid)
    return (
      `Content-Type: text/disconnect-notice\nControlled-Session-UUID: ${sessionUuid}\n` +
      `Content-Disposition: disconnect\nContent-Length: ${len}\n\n${message}`
    );
  return `Content-Type: text/disconnect-notice\nContent-Length: ${len}\n\n${message}`;
}

/**
 * switch_url_encode keeps only alphanumerics and a few marks; everything else, UTF-8 byte by
 * byte, becomes %XX. Clients decode with decodeURIComponent, which this round-trips.
 */
export function urlEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export type EventFormat = 'plain' | 'json' | 'xml';

/** The event text (inner part) in the listener's format. */
export function serializeEvent(format: EventFormat, headers: Headers, body?: string): string {
  if (format === 'json') {
    const o: Record<string, string> = {};
    for (const [k, v] of headers) o[k] = v;
    if (body !== undefined) {
      o['Content-Length'] = String(Buffer.byteLength(body));
      o._body = body;
    }
    return JSON.stringify(o);
  }
  if (format === 'xml') {
    const hs = headers.map(([k, v]) => `    <${k}>${urlEncode(v)}</${k}>\n`).join('');
    const b =
      body !== undefined && body.length
        ? `  <Content-Length>${Buffer.byteLength(body)}</Content-Length>\n  <body>${xmlEscape(body)}</body>\n`
        : '';
    return `<event>\n  <headers>\n${hs}  </headers>\n${b}</event>\n`;
  }
  const lines = headers.map(([k, v]) => `${k}: ${v === '' ? '_undef_' : urlEncode(v)}\n`).join('');
  // switch_event_serialize: a non-empty body follows an inner Content-Length and a blank line.
  if (body !== undefined && body.length)
    return `${lines}Content-Length: ${Buffer.byteLength(body)}\n\n${body}`;
  return `${lines}\n`;
}

/** The outer frame read_packet writes: Content-Length, Content-Type: text/event-<fmt>, blank line. */
export function frameEvent(format: EventFormat, inner: string): string {
  return `Content-Length: ${Buffer.byteLength(inner)}\nContent-Type: text/event-${format}\n\n${inner}`;
}

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
