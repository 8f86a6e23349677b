// Training chat on the draft, question learning, the account's LLM (a loopback fake) and TTS
// settings, and the TTS preview rendered by the real media worker (espeak-ng) started in-process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  BotDetail,
  LearningRow,
  LlmSettings,
  TrainReply,
  TtsSettings,
} from '../../../../domain/bot/api';
import { inspectWav } from '../../../../domain/wav';
import { startTtsWorker, type TtsWorker } from '../../../../media/src/speech/ttsWorker';
import { startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import { newBot, raw } from './testKit';

let t: Tree;
let llm: http.Server;
let llmUrl: string;
const llmSeen: { auth?: string; body: string }[] = [];
let llmDelayMs = 0;

beforeAll(async () => {
  t = await startTree();
  llm = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      llmSeen.push({ auth: req.headers.authorization, body });
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        // A grading request carries the transcript and gets a letter; anything else is a question.
        const content = body.includes('Transcript:') ? '评级：B' : '这是大模型的回答';
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      }, llmDelayMs);
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
}, 60_000);
afterAll(async () => {
  await new Promise((r) => llm.close(r));
  await t.p.close();
});

const trainer = (c: ApiClient, id: number) => {
  let state: string | null = null;
  let at = 0;
  return async (event: Record<string, unknown>) => {
    at += 1000;
    const r = await c.post<TrainReply>(`/api/bots/${id}/train`, { state, event: { at, ...event } });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    state = r.body.data!.state;
    return r.body.data!;
  };
};

describe('training', () => {
  it('runs the draft, records unmatched sentences and learns one into a branch', async () => {
    const b = await newBot(t.m1, '训练');
    const say = trainer(t.m1, b.id);
    const first = await say({ type: 'answered' });
    expect(first.actions.find((a) => a.type === 'play')).toMatchObject({
      text: '您好，请问现在方便说话吗？',
    });
    const miss = await say({ type: 'asrFinal', text: '你们是哪家公司' });
    // A question the bot cannot answer is collected for learning, like a no-match.
    expect(miss.actions.some((a) => a.reason.kind === 'unanswered')).toBe(true);
    const learning = (await t.m1.get<LearningRow[]>(`/api/bots/${b.id}/learning?learned=false`)).body.data!;
    expect(learning).toEqual([
      expect.objectContaining({
        sentence: '你们是哪家公司',
        source: 'training',
        nodeName: '开场白',
        learned: false,
      }),
    ]);
    const learned = await t.m1.post<LearningRow>(`/api/bots/${b.id}/learning/${learning[0]!.id}/learn`, {
      target: { kind: 'branch', id: 'yes', nodeId: 'open' },
    });
    expect(learned.body.data!.learned).toBe(true);
    const d = (await t.m1.get<BotDetail>(`/api/bots/${b.id}`)).body.data!;
    expect(d.draftRev).toBe(2);
    expect(d.definition.flows[0]!.nodes[0]!.branches[0]!.keywords).toContain('你们是哪家公司');
    // The new draft is what training runs now: the sentence hits the branch and the call ends graded.
    const again = trainer(t.m1, b.id);
    await again({ type: 'answered' });
    const hit = await again({ type: 'asrFinal', text: '你们是哪家公司' });
    expect(hit.actions.some((a) => a.reason.kind === 'branch')).toBe(true);
    expect(hit.ended).toBe(true);
    expect(hit.grade).toMatchObject({ level: expect.any(Number) });
    expect((await t.m1.get<LearningRow[]>(`/api/bots/${b.id}/learning?learned=true`)).body.data!.length).toBe(
      1,
    );
    // Bad learn targets and bad input.
    expect(
      (
        await t.m1.post(`/api/bots/${b.id}/learning/${learning[0]!.id}/learn`, {
          target: { kind: 'question', id: 'q' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.m1.post(`/api/bots/${b.id}/learning/999999/learn`, { target: { kind: 'branch', id: 'yes' } }))
        .status,
    ).toBe(404);
  });

  it('refuses a tampered state or a bad event with a 400', async () => {
    const b = await newBot(t.m1, '坏状态');
    const url = `/api/bots/${b.id}/train`;
    for (const state of ['garbage', '{"v":2}', '[]', 'null'])
      expect((await t.m1.post(url, { state, event: { type: 'silence', at: 1 } })).status).toBe(400);
    expect((await t.m1.post(url, { state: null, event: { type: 'fly', at: 1 } })).status).toBe(400);
    expect((await t.m1.post(url, { state: null, event: { type: 'answered' } })).status).toBe(400);
    expect((await t.m1.post(url, { state: 5, event: { type: 'answered', at: 1 } })).status).toBe(400);
  });

  it("asks the account's LLM for unmatched sentences when the bot and the account allow it", async () => {
    const b = await newBot(t.m1, '大模型');
    const def = structuredClone(b.definition);
    def.llm.answerUnmatched = true;
    await t.m1.put(`/api/bots/${b.id}/draft`, { definition: def, draftRev: 1 });
    // The fake model is on loopback: the super administrator allow-lists it (outbound guard).
    await t.admin.put('/api/settings/outbound-allowlist', { hosts: ['127.0.0.1'] });
    const put = await t.m1.put<LlmSettings>('/api/bots/llm-settings', {
      enabled: true,
      baseUrl: llmUrl,
      model: 'fake',
      systemPrompt: '你是客服',
      timeoutMs: 2000,
      key: 'sk-secret-llm',
    });
    expect(put.body.data).toEqual({
      enabled: true,
      baseUrl: llmUrl,
      model: 'fake',
      systemPrompt: '你是客服',
      timeoutMs: 2000,
      keySet: true,
    });
    const stored = await t.p.db.knex('llm_settings').where({ account_id: t.ids.m1 }).first('key_enc');
    expect(stored.key_enc).toMatch(/^v1:/);
    expect(stored.key_enc).not.toContain('sk-secret-llm');
    expect(JSON.stringify((await t.m1.get('/api/bots/llm-settings')).body)).not.toContain('sk-secret');
    const say = trainer(t.m1, b.id);
    await say({ type: 'answered' });
    const reply = await say({ type: 'asrFinal', text: '你们的利率是多少' });
    expect(reply.actions.some((a) => a.type === 'askLlm')).toBe(true);
    expect(reply.actions.find((a) => a.type === 'play' && a.text === '这是大模型的回答')).toBeTruthy();
    expect(llmSeen.at(-1)!.auth).toBe('Bearer sk-secret-llm');
    expect(JSON.parse(llmSeen.at(-1)!.body).messages.at(-1).content).toBe('你们的利率是多少');

    // A bot asking for an LLM grade gets one when the conversation ends; the chat sends its transcript.
    def.llm.gradeCall = true;
    await t.m1.put(`/api/bots/${b.id}/draft`, { definition: def, draftRev: 2 });
    const start = await t.m1.post<TrainReply>(`/api/bots/${b.id}/train`, {
      state: null,
      event: { type: 'answered', at: 0 },
    });
    const end = await t.m1.post<TrainReply>(`/api/bots/${b.id}/train`, {
      state: start.body.data!.state,
      event: { type: 'hangup', by: 'customer', at: 5000 },
      transcript: [
        { role: 'bot', text: '您好' },
        { role: 'customer', text: '我想了解一下' },
      ],
    });
    expect(end.body.data).toMatchObject({ ended: true, llmGrade: 'B' });
    expect(llmSeen.at(-1)!.body).toContain('我想了解一下');
    const bad = await t.m1.post(`/api/bots/${b.id}/train`, {
      state: null,
      event: { type: 'answered', at: 0 },
      transcript: [{ role: 'robot', text: 'x' }],
    });
    expect(bad.status).toBe(400);

    const test = await t.m1.post<{ ok: boolean; latencyMs: number }>('/api/bots/llm-settings/test');
    expect(test.body.data).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
    // Saving without `key` keeps the stored key.
    await t.m1.put('/api/bots/llm-settings', { ...put.body.data, timeoutMs: 500, keySet: undefined });
    expect((await t.m1.get<LlmSettings>('/api/bots/llm-settings')).body.data!.keySet).toBe(true);
    llmDelayMs = 1500;
    const slow = await t.m1.post<{ ok: boolean; error: string }>('/api/bots/llm-settings/test');
    expect(slow.body.data).toMatchObject({ ok: false, error: 'timeout' });
    llmDelayMs = 0;
    for (const bad of [
      {},
      { enabled: true, baseUrl: 'ftp://x', model: '', timeoutMs: 1000 },
      { enabled: 'yes' },
    ])
      expect((await t.m1.put('/api/bots/llm-settings', bad)).status).toBe(400);
  });
});

describe('TTS settings and preview', () => {
  let worker: TtsWorker | undefined;
  afterAll(async () => worker?.close());

  it('stores the TTS settings with the key encrypted and never returned', async () => {
    const put = await t.m1.put<TtsSettings>('/api/bots/tts-settings', {
      engine: 'azure',
      voice: 'zh-CN-XiaoxiaoNeural',
      region: 'eastasia',
      key: 'azure-secret',
    });
    expect(put.body.data).toEqual({
      engine: 'azure',
      voice: 'zh-CN-XiaoxiaoNeural',
      region: 'eastasia',
      keySet: true,
    });
    const row = await t.p.db.knex('tts_settings').where({ account_id: t.ids.m1 }).first('key_enc');
    expect(row.key_enc).not.toContain('azure-secret');
    expect((await t.m1.put('/api/bots/tts-settings', { engine: 'google' })).status).toBe(400);
    // Issue 21: a region that is no Azure Speech region (it would become the synthesis host) is
    // refused at save, as is Azure without a region; the stored settings stay.
    for (const region of ['nowhere', 'eastasia.evil.example', '127.0.0.1', 'east asia', ''])
      expect(
        (await t.m1.put('/api/bots/tts-settings', { engine: 'azure', voice: 'v', region })).body.data,
      ).toMatchObject({ errors: [expect.objectContaining({ path: 'region' })] });
    expect((await t.m1.put('/api/bots/tts-settings', { engine: 'azure', voice: 'v' })).status).toBe(400);
    expect((await t.m1.get<TtsSettings>('/api/bots/tts-settings')).body.data!.region).toBe('eastasia');
    expect((await t.op1.get<TtsSettings>('/api/bots/tts-settings')).body.data).toEqual({
      engine: 'espeak',
      voice: '',
      keySet: false,
    });
  });

  it('renders a preview through the tts queue and replies with the WAV', async () => {
    worker = await startTtsWorker({ config: t.p.config });
    // merchant02's tree has no TTS settings: the local espeak-ng speaks (merchant01's users inherit its Azure).
    const res = await raw(t.m2, 'POST', '/api/bots/tts/preview', { text: '您好，欢迎致电' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const info = inspectWav(new Uint8Array(await res.arrayBuffer()));
    expect(info).toMatchObject({ ok: true, channels: 1, sampleRate: 8000 });
    expect((await t.m2.post('/api/bots/tts/preview', { text: '' })).status).toBe(400);
  }, 30_000);
});
