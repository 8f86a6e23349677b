// SIP messages as RFC 3261 §7 writes them, one per WebSocket text frame (RFC 7118 §5: each frame
// carries exactly one whole message, so no framing by Content-Length is needed on the wire).
// Pure: parsing, serialising and the few header helpers the registrar needs.

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: Array<[string, string]>;
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: Array<[string, string]>;
  body: string;
}

export type SipMessage = SipRequest | SipResponse;

/** RFC 3261 §7.3.3 compact forms. */
const COMPACT: Record<string, string> = {
  v: 'Via',
  f: 'From',
  t: 'To',
  i: 'Call-ID',
  m: 'Contact',
  l: 'Content-Length',
  c: 'Content-Type',
  k: 'Supported',
  e: 'Content-Encoding',
};

const canonical = (name: string) => COMPACT[name.toLowerCase()] ?? name;

/** Parses one message; null when the start line or a header line is malformed. */
export function parseSip(text: string): SipMessage | null {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  // Header folding (a line starting with white space continues the previous one), §7.3.1.
  const lines = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const start = lines.shift() ?? '';
  const headers: Array<[string, string]> = [];
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at <= 0) return null;
    headers.push([canonical(line.slice(0, at).trim()), line.slice(at + 1).trim()]);
  }
  const res = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(start);
  if (res) return { kind: 'response', status: Number(res[1]), reason: res[2] ?? '', headers, body };
  const req = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(start);
  if (req) return { kind: 'request', method: req[1]!, uri: req[2]!, headers, body };
  return null;
}

/** Serialises with a correct Content-Length (bytes, not characters). */
export function formatSip(m: SipMessage): string {
  const start = m.kind === 'request' ? `${m.method} ${m.uri} SIP/2.0` : `SIP/2.0 ${m.status} ${m.reason}`;
  const lines = m.headers.filter(([n]) => n.toLowerCase() !== 'content-length').map(([n, v]) => `${n}: ${v}`);
  lines.push(`Content-Length: ${Buffer.byteLength(m.body, 'utf8')}`);
  return `${start}\r\n${lines.join('\r\n')}\r\n\r\n${m.body}`;
}

/** First value of a header (case-insensitive name). */
export function header(m: SipMessage, name: string): string | undefined {
  const n = name.toLowerCase();
  return m.headers.find(([k]) => k.toLowerCase() === n)?.[1];
}

/** Every value of a header, comma-separated lists split (outside quotes and <>). */
export function headerAll(m: SipMessage, name: string): string[] {
  const n = name.toLowerCase();
  return m.headers.filter(([k]) => k.toLowerCase() === n).flatMap(([, v]) => splitList(v));
}

export function splitList(v: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let angle = 0;
  for (const c of v) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '<') angle++;
    else if (!quoted && c === '>') angle--;
    if (c === ',' && !quoted && angle === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** `;name=value` parameter of a header value (after the URI's `>` when there is one). */
export function param(value: string, name: string): string | undefined {
  const close = value.lastIndexOf('>');
  const tail = close >= 0 ? value.slice(close + 1) : value.slice(value.indexOf(';'));
  for (const p of tail.split(';')) {
    const at = p.indexOf('=');
    const key = (at < 0 ? p : p.slice(0, at)).trim().toLowerCase();
    if (key === name.toLowerCase())
      return at < 0
        ? ''
        : p
            .slice(at + 1)
            .trim()
            .replace(/^"|"$/g, '');
  }
  return undefined;
}

/** The URI of a name-addr (`"x" <sip:a@b>;tag=1`) or addr-spec (`sip:a@b;tag=1`). */
export function uriOf(value: string): string {
  const m = /<([^>]*)>/.exec(value);
  return m ? m[1]! : value.split(';')[0]!.trim();
}

/** The user part of a SIP URI: `sip:8101@host;transport=ws` -> 8101. */
export function userOf(uri: string): string {
  const m = /^sips?:([^@;>]+)@/.exec(uri.trim());
  return m ? decodeURIComponent(m[1]!) : '';
}

/** The host part of a SIP URI (without port and parameters). */
export function hostOf(uri: string): string {
  const m = /^sips?:(?:[^@]*@)?([^;:>?]+)/.exec(uri.trim());
  return m ? m[1]! : '';
}

/** A response to `req` (RFC 3261 §8.2.6: Via, From, To, Call-ID and CSeq copied; a To tag added). */
export function responseTo(
  req: SipRequest,
  status: number,
  reason: string,
  opts: { toTag?: string; headers?: Array<[string, string]>; body?: string } = {},
): SipResponse {
  let to = header(req, 'To') ?? '';
  if (opts.toTag && param(to, 'tag') === undefined) to = `${to};tag=${opts.toTag}`;
  const named = (name: string) => req.headers.filter(([n]) => n.toLowerCase() === name);
  // RFC order: Via…, From, To, Call-ID, CSeq.
  const ordered: Array<[string, string]> = [
    ...named('via'),
    ...named('from'),
    ['To', to],
    ...named('call-id'),
    ...named('cseq'),
  ];
  return {
    kind: 'response',
    status,
    reason,
    headers: [...ordered, ...(opts.headers ?? [])],
    body: opts.body ?? '',
  };
}

/** CSeq number and method. */
export function cseqOf(m: SipMessage): { seq: number; method: string } {
  const [n, method] = (header(m, 'CSeq') ?? '').split(/\s+/);
  return { seq: Number(n) || 0, method: method ?? '' };
}
