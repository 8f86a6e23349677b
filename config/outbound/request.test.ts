// The guarded request against loopback servers: the pinned address is the one connected to, 3xx
// comes back unfollowed, an answer past the cap is cut while streaming, a slow answer hits the
// total time limit, an abort ends it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveTarget } from './guard';
import { OutboundFailed, sendRequest } from './request';

let server: http.Server;
let port: number;
const seen: { url: string; host: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, host: req.headers.host });
    if (req.url === '/redirect') {
      res.writeHead(301, { Location: '/elsewhere' });
      return res.end();
    }
    if (req.url === '/big') {
      res.writeHead(200);
      // 4 MiB in 64 KiB chunks: the reader must stop long before the end.
      let left = 64;
      const push = () => {
        while (left > 0 && res.write(Buffer.alloc(65536, 0x61))) left--;
        if (left > 0) res.once('drain', push);
        else res.end();
      };
      return push();
    }
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000).unref();
    res.end('hello');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const allow = { allowHosts: new Set(['pinned.test']) };
// The name resolves (once) to loopback; the request must connect there and keep the name as Host.
const target = (path: string) =>
  resolveTarget(`http://pinned.test:${port}${path}`, allow, async () => [
    { address: '127.0.0.1', family: 4 },
  ]);

it('connects to the pinned address and sends the name as Host', async () => {
  const r = await sendRequest(await target('/ok'), { method: 'GET', timeoutMs: 2000, maxBytes: 100 });
  expect(r).toMatchObject({ status: 200, truncated: false });
  expect(r.body.toString()).toBe('hello');
  expect(seen.at(-1)).toEqual({ url: '/ok', host: `pinned.test:${port}` });
});

it('returns a redirect without following it', async () => {
  seen.length = 0;
  const r = await sendRequest(await target('/redirect'), { method: 'GET', timeoutMs: 2000, maxBytes: 100 });
  expect(r.status).toBe(301);
  expect(r.headers.location).toBe('/elsewhere');
  expect(seen.map((s) => s.url)).toEqual(['/redirect']);
});

it('cuts the answer at the cap while streaming', async () => {
  const r = await sendRequest(await target('/big'), { method: 'GET', timeoutMs: 5000, maxBytes: 100_000 });
  expect(r.truncated).toBe(true);
  expect(r.body.length).toBe(100_000);
});

it('bounds the total time', async () => {
  const t0 = Date.now();
  const p = sendRequest(await target('/slow'), { method: 'GET', timeoutMs: 300, maxBytes: 100 });
  await expect(p).rejects.toBeInstanceOf(OutboundFailed);
  await expect(p).rejects.toMatchObject({ kind: 'timeout' });
  expect(Date.now() - t0).toBeLessThan(1500);
});

it('ends on abort', async () => {
  const ctrl = new AbortController();
  const p = sendRequest(await target('/slow'), {
    method: 'GET',
    timeoutMs: 5000,
    maxBytes: 100,
    signal: ctrl.signal,
  });
  setTimeout(() => ctrl.abort(), 50);
  await expect(p).rejects.toMatchObject({ kind: 'aborted' });
});

it('reports a refused connection by its code', async () => {
  const t = await resolveTarget('http://pinned.test:1/', allow, async () => [
    { address: '127.0.0.1', family: 4 },
  ]);
  await expect(sendRequest(t, { method: 'GET', timeoutMs: 2000, maxBytes: 100 })).rejects.toMatchObject({
    kind: 'network',
    message: 'ECONNREFUSED',
  });
});
