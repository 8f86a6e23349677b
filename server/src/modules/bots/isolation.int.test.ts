// Tenant isolation and permissions: another tree's bot, recording and learning ids on every route
// answer 404 (or 403) and never data, and nothing changes; missing menus are 403.
import type { BotDetail, LearningRow, RecordingRow } from '../../../../domain/bot/api';
import { ApiClient } from '../../../../test/apiClient';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import { makeWav, newBot, upload } from './testKit';

let t: Tree;
let victim: BotDetail;
let rid: number;
let lid: number;
beforeAll(async () => {
  t = await startTree();
  victim = await newBot(t.m1, '别人的机器人');
  const key = (await t.m1.get<RecordingRow[]>(`/api/bots/${victim.id}/recordings`)).body.data![0]!.promptKey;
  rid = (
    await upload<RecordingRow>(t.m1, `/api/bots/${victim.id}/recordings`, makeWav(1, 8000), 'a.wav', {
      promptKey: key,
    })
  ).body.data!.recordingId!;
  await t.m1.post(`/api/bots/${victim.id}/train`, { state: null, event: { type: 'answered', at: 0 } });
  const s = (
    await t.m1.post<{ state: string }>(`/api/bots/${victim.id}/train`, {
      state: null,
      event: { type: 'answered', at: 0 },
    })
  ).body.data!.state;
  await t.m1.post(`/api/bots/${victim.id}/train`, {
    state: s,
    event: { type: 'asrFinal', text: '听不懂的话', at: 1000 },
  });
  lid = (await t.m1.get<LearningRow[]>(`/api/bots/${victim.id}/learning`)).body.data![0]!.id;
}, 60_000);
afterAll(() => t.p.close());

type Call = [method: string, path: () => string, body?: () => unknown];
const routes: Call[] = [
  ['GET', () => `/api/bots/${victim.id}`],
  [
    'PUT',
    () => `/api/bots/${victim.id}`,
    () => ({ name: '改名', industry: '', industrySubtype: '', description: '' }),
  ],
  ['PUT', () => `/api/bots/${victim.id}/draft`, () => ({ definition: victim.definition, draftRev: 2 })],
  ['POST', () => `/api/bots/${victim.id}/check`],
  ['POST', () => `/api/bots/${victim.id}/copy`, () => ({ name: '偷来的' })],
  ['DELETE', () => `/api/bots/${victim.id}`, () => ({ confirm: 'delete' })],
  ['POST', () => `/api/bots/${victim.id}/enable`, () => ({ enabled: false })],
  ['POST', () => `/api/bots/${victim.id}/submit`],
  ['POST', () => `/api/bots/${victim.id}/review`, () => ({ approve: true })],
  ['GET', () => `/api/bots/${victim.id}/versions`],
  ['POST', () => `/api/bots/${victim.id}/export`, () => ({ password: 'secret12' })],
  ['POST', () => `/api/bots/${victim.id}/distribute`, () => ({ accountIds: [t.ids.m2user], mode: 'copy' })],
  ['POST', () => `/api/bots/${victim.id}/train`, () => ({ state: null, event: { type: 'answered', at: 0 } })],
  ['POST', () => `/api/bots/${victim.id}/grade-set`],
  ['GET', () => `/api/bots/${victim.id}/learning`],
  [
    'POST',
    () => `/api/bots/${victim.id}/learning/${lid}/learn`,
    () => ({ target: { kind: 'branch', id: 'yes' } }),
  ],
  ['GET', () => `/api/bots/${victim.id}/recordings`],
  ['GET', () => `/api/bots/recordings/${rid}/audio`],
  ['POST', () => `/api/bots/${victim.id}/publish-template`, () => ({ published: true })],
  ['POST', () => `/api/bots/market/${victim.id}/clone`, () => ({ name: '偷来的' })],
];

describe('another tenant', () => {
  it('gets 404/403 and no data on every bot route, and changes nothing', async () => {
    for (const [method, path, body] of routes) {
      const r = await t.m2.request(method, path(), body?.());
      expect({ route: `${method} ${path()}`, status: [403, 404].includes(r.status) }).toEqual({
        route: `${method} ${path()}`,
        status: true,
      });
      expect(r.body.data).toBeNull();
    }
    const up = await upload(t.m2, `/api/bots/${victim.id}/recordings`, makeWav(1, 8000), 'x.wav', {
      promptKey: 'n:main:open:0',
    });
    expect(up.status).toBe(404);
    // The attacker's own bot cannot learn the victim's sentence either.
    const own = await newBot(t.m2, '自己的');
    expect(
      (
        await t.m2.post(`/api/bots/${own.id}/learning/${lid}/learn`, {
          target: { kind: 'branch', id: 'yes' },
        })
      ).status,
    ).toBe(404);
    const now = (await t.m1.get<BotDetail>(`/api/bots/${victim.id}`)).body.data!;
    expect(now).toMatchObject({
      name: '别人的机器人',
      enabled: true,
      status: 'draft',
      draftRev: victim.draftRev + 1,
    });
    expect(await t.p.db.knex('bots').where({ name: '偷来的' })).toEqual([]);
    expect((await t.m1.get<LearningRow[]>(`/api/bots/${victim.id}/learning`)).body.data![0]!.learned).toBe(
      false,
    );
    // The subordinate of the victim's merchant is below it, not above: also 404.
    expect((await t.op1.get(`/api/bots/${victim.id}`)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses every bot route without the menu (403) and without a session (401)', async () => {
    const u2 = await loggedIn(t.p, 'm2user01', 'secret12'); // holds customer menus only
    const plain: Call[] = [
      ['GET', () => '/api/bots'],
      ['POST', () => '/api/bots', () => ({ name: '无权限' })],
      ['POST', () => '/api/bots/tts/preview', () => ({ text: '你好' })],
      ['GET', () => '/api/bots/tts-settings'],
      ['PUT', () => '/api/bots/download-password', () => ({ loginPassword: 'secret12', password: 'abcdef' })],
      ['GET', () => '/api/bots/market'],
      ['GET', () => '/api/bots/common-knowledge'],
      ['GET', () => '/api/bots/llm-settings'],
      ['POST', () => '/api/bots/llm-settings/test'],
      ...routes,
    ];
    for (const [method, path, body] of plain)
      expect((await u2.request(method, path(), body?.())).status).toBe(403);
    // operator01 edits bots but has neither the market nor the LLM menu.
    expect((await t.op1.get('/api/bots/market')).status).toBe(403);
    expect((await t.op1.get('/api/bots/llm-settings')).status).toBe(403);
    expect((await t.op1.get('/api/bots')).status).toBe(200);
    const anon = new ApiClient(t.p.url);
    expect((await anon.get('/api/bots')).status).toBe(401);
    expect((await anon.get(`/api/bots/recordings/${rid}/audio`)).status).toBe(401);
  });
});
