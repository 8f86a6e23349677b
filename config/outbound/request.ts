// One request to a guarded target (guard.ts): the connection goes to the checked address (no second
// DNS lookup), redirects are never followed (a 3xx comes back as it is and callers treat it as an
// error), connect and total time are bounded, and at most maxBytes of the answer are read: past the
// cap the socket is closed and the reply is marked truncated.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './guard';

export interface OutboundOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole request, first byte to last. */
  timeoutMs: number;
  /** TCP connect; defaults to min(timeoutMs, 5 s). */
  connectTimeoutMs?: number;
  /** Bytes of the answer kept; more closes the connection. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface OutboundReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The answer was longer than maxBytes; body holds its first maxBytes. */
  truncated: boolean;
}

/** The request did not get an answer: a network error (its errno code), a time limit, an abort. */
export class OutboundFailed extends Error {
  constructor(
    readonly kind: 'network' | 'connectTimeout' | 'timeout' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

export const isRedirect = (status: number) => status >= 300 && status < 400;

export function sendRequest(target: Target, o: OutboundOptions): Promise<OutboundReply> {
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const { url } = target;
  const lib = url.protocol === 'https:' ? https : http;
  const body = o.body === undefined ? undefined : Buffer.isBuffer(o.body) ? o.body : Buffer.from(o.body);
  return new Promise<OutboundReply>((resolve, reject) => {
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (err: OutboundFailed | null, reply?: OutboundReply) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      o.signal?.removeEventListener('abort', onAbort);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(reply!);
    };
    const onAbort = () => finish(new OutboundFailed('aborted', 'aborted'));
    const req = lib.request(
      {
        method: o.method ?? 'POST',
        // The name stays the host's (Host header, TLS SNI and certificate check); only the
        // address it connects to is pinned.
        hostname: target.host,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        lookup: pinned,
        agent: false,
        headers: {
          ...o.headers,
          ...(body ? { 'Content-Length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const done = () =>
          finish(null, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            truncated,
          });
        res.on('data', (c: Buffer) => {
          if (truncated) return;
          const room = o.maxBytes - size;
          if (c.length > room) {
            chunks.push(c.subarray(0, room));
            size = o.maxBytes;
            truncated = true;
            done();
            res.destroy();
            return;
          }
          chunks.push(c);
          size += c.length;
        });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const connectMs = o.connectTimeoutMs ?? Math.min(o.timeoutMs, 5000);
    const connectTimer = setTimeout(
      () => finish(new OutboundFailed('connectTimeout', `connect timeout after ${connectMs} ms`)),
      connectMs,
    );
    timers.push(
      connectTimer,
      setTimeout(() => finish(new OutboundFailed('timeout', `timeout after ${o.timeoutMs} ms`)), o.timeoutMs),
    );
    req.on('socket', (s) => s.once('connect', () => clearTimeout(connectTimer)));
    req.on('error', (e: NodeJS.ErrnoException) => finish(new OutboundFailed('network', e.code ?? e.message)));
    if (o.signal?.aborted) return onAbort();
    o.signal?.addEventListener('abort', onAbort);
    req.end(body);
  });
}
