// Issue 21 item 1: the LLM settings go through the outbound-request guard. A merchant cannot save a
// base URL on loopback, private or metadata addresses (nor a name resolving to one); once the super
// administrator allow-lists the host, the local model answers; redirects are not followed and an
// answer that is not a model's never comes back whole. Real server, real loopback HTTP servers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LlmSettings } from '../../../../domain/bot/api';
import { startTree, type Tree } from '../../../../test/fixtures';
import { newBot } from './testKit';

let t: Tree;
let llm: http.Server;
let port: number;
/** Paths the fake server was asked for (the redirect's target must never appear). */
const hits: string[] = [];
const SECRET_PAGE = `<html><body>internal admin console: db password hunter2 ${'x'.repeat(5000)}</body></html>`;

beforeAll(async () => {
  t = await startTree();
  // One loopback server, many behaviours by path: /<mode>/v1/chat/completions.
  llm = http.createServer((req, res) => {
    hits.push(req.url!);
    req.resume();
    req.on('end', () => {
      const mode = req.url!.split('/')[1];
      if (mode === 'redirect') {
        res.writeHead(302, { Location: `http://127.0.0.1:${port}/landed/v1/chat/completions` });
        return res.end();
      }
      if (mode === 'big') {
        // 1 MiB of a chat reply: past the cap, cut while streaming.
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ choices: [{ message: { content: 'y'.repeat(1 << 20) } }] }));
      }
      if (mode === 'page404') {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end(SECRET_PAGE);
      }
      if (mode === 'page200') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(SECRET_PAGE);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: '本地模型的回答' } }] }));
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  port = (llm.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  llm.closeAllConnections();
  await new Promise((r) => llm.close(r));
  await t.p.close();
});

const settings = (baseUrl: string) => ({
  enabled: true,
  baseUrl,
  model: 'local',
  systemPrompt: '',
  timeoutMs: 3000,
  key: 'sk-tenant-key',
});
const errorsOf = (r: { body: { data: unknown } }) =>
  (r.body.data as { errors?: { path: string; message: string }[] })?.errors ?? [];
const allowList = (hosts: string[]) => t.admin.put('/api/settings/outbound-allowlist', { hosts });
const testLlm = async () =>
  (
    await t.m1.post<{ ok: boolean; error: string | null; reply: string | null }>(
      '/api/bots/llm-settings/test',
    )
  ).body.data!;

describe('saving an LLM base URL', () => {
  beforeAll(() => allowList([]));

  it.each([
    ['http://127.0.0.1:%p/v1', '127.0.0.1'],
    ['http://[::1]:%p/v1', '::1'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://localhost:%p/v1', null], // a name that resolves to loopback
    ['http://2130706433:%p/v1', '127.0.0.1'],
    ['http://0x7f.1:%p/v1', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]:%p/v1', '::ffff:7f00:1'],
    ['http://[64:ff9b::a9fe:a9fe]/v1', '64:ff9b::a9fe:a9fe'],
    ['http://10.0.0.8/v1', '10.0.0.8'],
  ])('refuses %s with a 400 on baseUrl', async (pattern, address) => {
    const url = pattern.replace('%p', String(port));
    const r = await t.m1.put('/api/bots/llm-settings', settings(url));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    const errors = errorsOf(r);
    expect(errors.map((e) => e.path)).toEqual(['baseUrl']);
    expect(errors[0]!.message).toContain('允许列表');
    if (address) expect(errors[0]!.message).toContain(address);
    // Nothing stored, nothing sent.
    expect(await t.p.db.knex('llm_settings').where({ account_id: t.ids.m1 }).first()).toBeUndefined();
  });

  it.each([
    ['http://a@example.com/v1', 'outbound'],
    ['http://example.com:22/v1', 'port'],
    ['http://example.com:5432/v1', 'port'],
  ])('refuses %s (credentials, ports)', async (url) => {
    const r = await t.m1.put('/api/bots/llm-settings', settings(url));
    expect(r.status).toBe(400);
    expect(errorsOf(r).map((e) => e.path)).toEqual(['baseUrl']);
  });

  it('answers in English too', async () => {
    t.m1.lang = 'en';
    try {
      const r = await t.m1.put('/api/bots/llm-settings', settings(`http://127.0.0.1:${port}/v1`));
      expect(errorsOf(r)[0]!.message).toContain('allow-list');
    } finally {
      t.m1.lang = 'zh-CN';
    }
  });
});

describe('the allow-list', () => {
  it('is the super administrator’s only, validated and normalised', async () => {
    expect((await t.m1.get('/api/settings/outbound-allowlist')).status).toBe(403);
    expect((await t.m1.put('/api/settings/outbound-allowlist', { hosts: ['127.0.0.1'] })).status).toBe(403);
    expect((await t.m2.put('/api/settings/outbound-allowlist', { hosts: ['127.0.0.1'] })).status).toBe(403);
    const bad = await t.admin.put('/api/settings/outbound-allowlist', {
      hosts: ['ok.internal', 'http://x', 'h:80', '*.x'],
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad).map((e) => e.path)).toEqual(['hosts.1', 'hosts.2', 'hosts.3']);
    expect((await t.admin.put('/api/settings/outbound-allowlist', { hosts: 'x' })).status).toBe(400);
    expect(
      (await t.admin.put('/api/settings/outbound-allowlist', { hosts: Array(101).fill('a.b') })).status,
    ).toBe(400);
    const r = await allowList(['LLM.Internal', '2130706433', '[::1]', 'llm.internal']);
    expect(r.body.data).toEqual({ hosts: ['127.0.0.1', '::1', 'llm.internal'] });
    expect((await t.admin.get('/api/settings/outbound-allowlist')).body.data).toEqual({
      hosts: ['127.0.0.1', '::1', 'llm.internal'],
    });
  });
});

describe('an allow-listed local model', () => {
  beforeAll(() => allowList(['127.0.0.1']));
  afterAll(() => allowList([]));

  it('is saved, answers the test and the training chat', async () => {
    const url = `http://127.0.0.1:${port}/ok/v1`;
    const put = await t.m1.put<LlmSettings>('/api/bots/llm-settings', settings(url));
    expect(put.status).toBe(200);
    expect(await testLlm()).toMatchObject({ ok: true, reply: '本地模型的回答', error: null });

    const b = await newBot(t.m1, '本地模型');
    const def = structuredClone(b.definition);
    def.llm.answerUnmatched = true;
    await t.m1.put(`/api/bots/${b.id}/draft`, { definition: def, draftRev: 1 });
    const first = await t.m1.post<{ state: string }>(`/api/bots/${b.id}/train`, {
      state: null,
      event: { type: 'answered', at: 0 },
    });
    const reply = await t.m1.post<{ actions: { type: string; text?: string }[] }>(`/api/bots/${b.id}/train`, {
      state: first.body.data!.state,
      event: { type: 'asrFinal', text: '你们的利率是多少', at: 1000 },
    });
    expect(reply.body.data!.actions.some((a) => a.type === 'play' && a.text === '本地模型的回答')).toBe(true);
  });

  it('a name is not its address: localhost stays refused until it is listed itself', async () => {
    expect(
      (await t.m1.put('/api/bots/llm-settings', settings(`http://localhost:${port}/ok/v1`))).status,
    ).toBe(400);
    await allowList(['127.0.0.1', 'localhost']);
    expect(
      (await t.m1.put('/api/bots/llm-settings', settings(`http://localhost:${port}/ok/v1`))).status,
    ).toBe(200);
    expect(await testLlm()).toMatchObject({ ok: true });
    await allowList(['127.0.0.1']);
  });

  it('does not follow a redirect', async () => {
    await t.m1.put('/api/bots/llm-settings', settings(`http://127.0.0.1:${port}/redirect/v1`));
    hits.length = 0;
    expect(await testLlm()).toEqual({
      ok: false,
      latencyMs: expect.any(Number),
      error: 'HTTP 302: redirect not followed',
      reply: null,
    });
    expect(hits).toEqual(['/redirect/v1/chat/completions']);
  });

  it('cuts an oversize answer while reading it', async () => {
    await t.m1.put('/api/bots/llm-settings', settings(`http://127.0.0.1:${port}/big/v1`));
    const r = await testLlm();
    expect(r).toMatchObject({ ok: false, reply: null });
    expect(r.error).toMatch(/larger than \d+ bytes/);
  });

  it('never returns a page that is not a model’s answer', async () => {
    await t.m1.put('/api/bots/llm-settings', settings(`http://127.0.0.1:${port}/page404/v1`));
    const r404 = await testLlm();
    expect(r404.ok).toBe(false);
    expect(r404.error).toMatch(/^HTTP 404: /);
    expect(r404.error!.length).toBeLessThanOrEqual(100);
    expect(r404.error).not.toContain('<');
    await t.m1.put('/api/bots/llm-settings', settings(`http://127.0.0.1:${port}/page200/v1`));
    const r200 = await testLlm();
    expect(r200).toMatchObject({ ok: false, error: 'no answer text', reply: null });
    expect(JSON.stringify(r200)).not.toContain('hunter2');
  });

  it('checks again at request time: taken off the list, the stored address is refused', async () => {
    await t.m1.put('/api/bots/llm-settings', settings(`http://127.0.0.1:${port}/ok/v1`));
    await allowList([]);
    hits.length = 0;
    const r = await testLlm();
    expect(r).toMatchObject({ ok: false, reply: null });
    expect(r.error).toContain('refused: 127.0.0.1 is loopback');
    expect(hits).toEqual([]);
  });
});
