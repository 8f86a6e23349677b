// GET /api/health reports PostgreSQL, Redis, queues and media nodes, and stays quick when Redis is down.
import Redis from 'ioredis';
import type { HealthReport } from '../../../../domain/api';
import { mediaNodeKey, mediaNodesSetKey } from '../../../../domain/media';
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { startServer } from '../../server';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ seed: false });
});
afterAll(() => p.close());

it('reports every part and each live media node', async () => {
  const r = new Redis(p.config.redisUrl);
  const now = new Date().toISOString();
  const hb = { id: 'media-a', host: 'box1', pid: 42, startedAt: now, lastSeenAt: now, freeswitch: [] };
  await r.set(mediaNodeKey(p.config.redisPrefix, 'media-a'), JSON.stringify(hb), 'EX', 15);
  await r.sadd(mediaNodesSetKey(p.config.redisPrefix), 'media-a', 'media-gone');
  const reply = await new ApiClient(p.url).get<HealthReport>('/api/health');
  expect(reply.status).toBe(200);
  const h = reply.body.data!;
  expect(h.status).toBe('ok');
  expect(h.postgres.ok && h.redis.ok).toBe(true);
  // Every queue the server has, each with its counts.
  expect(Object.keys(h.queues).sort()).toEqual(Object.keys(p.server.deps.queues).sort());
  expect(Object.keys(h.queues)).toEqual(expect.arrayContaining(['crm', 'exports', 'imports', 'mail', 'tts']));
  expect(h.queues.mail).toMatchObject({ ok: true, waiting: 0 });
  expect(h.mediaNodes).toEqual([{ ...hb, ok: true }]);
  // A worker whose heartbeat expired is forgotten.
  expect(await r.smembers(mediaNodesSetKey(p.config.redisPrefix))).toEqual(['media-a']);
  r.disconnect();
});

it('answers 503 with the broken part named when Redis is unreachable, without hanging', async () => {
  const broken = await startServer(
    { ...p.config, port: 0, redisUrl: 'redis://127.0.0.1:1' },
    { processors: false },
  );
  try {
    const started = Date.now();
    const reply = await new ApiClient(broken.url).get<HealthReport>('/api/health');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reply.status).toBe(503);
    expect(reply.body.code).toBe(503);
    expect(reply.body.data).toMatchObject({
      status: 'degraded',
      postgres: { ok: true },
      redis: { ok: false },
    });
  } finally {
    await broken.close();
  }
});

describe('the envelope', () => {
  it('answers unknown API paths with 404 in the envelope', async () => {
    const r = await new ApiClient(p.url).get('/api/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 404, message: '资源不存在', data: null });
  });

  it('refuses an oversize body with 413', async () => {
    const r = await new ApiClient(p.url).post('/api/auth/login', {
      account: 'x'.repeat(4_000_000),
      password: 'x',
      pledge: true,
    });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(413);
  });

  it('asks for login (10003) on a protected path without a session', async () => {
    const r = await new ApiClient(p.url).get('/api/dashboard/summary');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(10003);
  });
});

describe('issue 21', () => {
  it('shows the anonymous internet only ok/degraded; details to loopback and the super administrator', async () => {
    // Forwarded through a proxy we do not trust: not "this machine".
    const outside = await new ApiClient(p.url).request('GET', '/api/health', undefined, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(outside.status).toBe(200);
    expect(outside.body.data).toEqual({ status: 'ok' });
    expect(JSON.stringify(outside.body)).not.toMatch(/pid|host|waiting/);
    // A monitor on loopback sees everything (the tests above).
    expect(Object.keys((await new ApiClient(p.url).get<HealthReport>('/api/health')).body.data!)).toContain(
      'queues',
    );
  });

  it('sends no-store on API replies and a CSP on the HTML page', async () => {
    const api = await fetch(`${p.url}/api/health`);
    expect(api.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`${p.url}/api/no/such`);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const page = await fetch(`${p.url}/login`);
    expect(page.headers.get('content-type')).toMatch(/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
