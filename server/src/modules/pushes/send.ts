// One push request: POST JSON to the checked address (the connection is pinned to it: no second DNS
// lookup), a time limit, no redirects followed, at most a short piece of the answer read.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './guard';

export interface SendResult {
  /** HTTP status of the answer; null when there was none (network error, time limit). */
  status: number | null;
  error: string | null;
}

const SNIPPET = 300;

export function postJson(
  target: Target,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<SendResult> {
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const { url } = target;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = lib.request(
      {
        method: 'POST',
        hostname: target.host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        lookup: pinned,
        agent: false,
        headers: {
          ...headers,
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'CallPlat-Push/1',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          if (text.length > SNIPPET) res.destroy();
        });
        const finish = () => {
          if (status >= 200 && status < 300) return done({ status, error: null });
          const where =
            status >= 300 && status < 400 ? ` (redirect to ${res.headers.location ?? '?'} not followed)` : '';
          done({ status, error: `HTTP ${status}${where}${text ? `: ${text.slice(0, SNIPPET)}` : ''}` });
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `timeout after ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => done({ status: null, error: e.code ?? e.message }));
    req.end(body);
  });
}
