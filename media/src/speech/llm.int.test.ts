// domain/bot/llm.ts against a loopback server that answers exactly like the OpenAI chat API, through
// the outbound-request guard's POST (loopback allow-listed, as the super administrator would).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedPost } from '../../../config/outbound/policy';
import { askLlm, gradeWithLlm, type LlmCallSettings } from '../../../domain/bot/llm';

const fetchPost = guardedPost(async () => ({ allowHosts: new Set(['127.0.0.1']) }));

type Mode = 'ok' | 'slow' | 'error' | 'malformed' | 'noChoices';
let mode: Mode = 'ok';
let answer = '您好，我们的利率是年化百分之三点五。';
const seen: { headers: http.IncomingHttpHeaders; url: string; body: unknown }[] = [];
let server: http.Server;
const timers: NodeJS.Timeout[] = [];
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      seen.push({ headers: req.headers, url: req.url!, body });
      const json = (status: number, payload: string) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(payload);
      };
      if (req.headers.authorization !== 'Bearer sk-test') {
        return json(
          401,
          JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
        );
      }
      if (mode === 'slow') return void timers.push(setTimeout(() => json(200, '{}'), 2000));
      if (mode === 'error')
        return json(500, JSON.stringify({ error: { message: 'The server had an error' } }));
      if (mode === 'malformed') return json(200, '{"id":"chatcmpl-1","choices":[{"message":');
      if (mode === 'noChoices')
        return json(200, JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [] }));
      json(
        200,
        JSON.stringify({
          id: 'chatcmpl-abc123',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 42, completion_tokens: 12, total_tokens: 54 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  timers.forEach(clearTimeout);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
});

const settings = (): LlmCallSettings => ({
  baseUrl: base,
  model: 'gpt-4o-mini',
  key: 'sk-test',
  systemPrompt: '你是贷款顾问，回答简短。',
  timeoutMs: 500,
});
const input = { history: [{ role: 'bot' as const, text: '您好，需要贷款吗？' }], utterance: '利率多少' };

describe('askLlm over HTTP', () => {
  it('posts the chat request with the bearer key and returns the answer', async () => {
    expect(await askLlm(fetchPost, settings(), input)).toBe(answer);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/v1/chat/completions');
    expect(seen[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: '你是贷款顾问，回答简短。' },
        { role: 'assistant', content: '您好，需要贷款吗？' },
        { role: 'user', content: '利率多少' },
      ],
    });
  });

  it('is null with a wrong key (401)', async () => {
    expect(await askLlm(fetchPost, { ...settings(), key: 'nope' }, input)).toBeNull();
  });

  it('is null within the timeout when the server is slow', async () => {
    mode = 'slow';
    const t0 = Date.now();
    expect(await askLlm(fetchPost, { ...settings(), timeoutMs: 200 }, input)).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it.each<Mode>(['error', 'malformed', 'noChoices'])('is null when the server answers %s', async (m) => {
    mode = m;
    expect(await askLlm(fetchPost, settings(), input)).toBeNull();
  });

  it('is null when nothing listens', async () => {
    expect(await askLlm(fetchPost, { ...settings(), baseUrl: 'http://127.0.0.1:1/v1' }, input)).toBeNull();
  });

  it('grades a transcript', async () => {
    answer = 'B';
    expect(await gradeWithLlm(fetchPost, settings(), [{ role: 'customer', text: '可以，发我资料' }])).toBe(
      'B',
    );
    expect((seen[0]!.body as { messages: { content: string }[] }).messages[1]!.content).toContain(
      'Customer: 可以，发我资料',
    );
  });
});
