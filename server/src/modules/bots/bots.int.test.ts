// Bots: create (idempotent), edit, draft concurrency, copy, delete, enable, and the status flow
// draft -> review -> online / rejected with versions and the TTS render job.
import type { BotDetail, BotProblem, BotRow, BotVersionRow } from '../../../../domain/bot/api';
import type { NoticeDto } from '../../../../domain/api';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import { newBot } from './testKit';
import type { Paged } from './repo';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

const del = (c: ApiClient, path: string, body?: unknown) => c.request('DELETE', path, body);

describe('bot CRUD', () => {
  it('creates a draft with a starter flow, lists, edits and reads it', async () => {
    const b = await newBot(t.m1, '贷款回访');
    expect(b).toMatchObject({ name: '贷款回访', status: 'draft', enabled: true, publishedVersion: null });
    expect(b.definition.flows.length).toBe(1);
    expect(b.draftRev).toBe(1);
    const list = (await t.m1.get<Paged<BotRow>>('/api/bots?name=回访')).body.data!;
    expect(list.items.map((x) => x.id)).toContain(b.id);
    // Only the seeded demo bots are online yet.
    const online = (await t.m1.get<Paged<BotRow>>('/api/bots?status=online&pageSize=2')).body.data!;
    expect(online.items).toHaveLength(2);
    expect(online.items.every((x) => x.status === 'online' && x.id !== b.id)).toBe(true);
    expect(online.total).toBe(3);
    expect(
      (await t.m1.get<Paged<BotRow>>('/api/bots?status=online&page=2&pageSize=2')).body.data!.items,
    ).toHaveLength(1);
    const edited = await t.m1.put<BotDetail>(`/api/bots/${b.id}`, {
      name: '贷款回访2',
      industry: '金融',
      industrySubtype: '房贷',
      description: '说明',
    });
    expect(edited.body.data).toMatchObject({
      name: '贷款回访2',
      industrySubtype: '房贷',
      description: '说明',
    });
    expect((await t.m1.get<BotDetail>(`/api/bots/${b.id}`)).body.data!.name).toBe('贷款回访2');
    // A subordinate's bots are in the merchant's reach; the merchant's are not in the subordinate's.
    const opBot = await newBot(t.op1, '坐席机器人');
    expect((await t.m1.get(`/api/bots/${opBot.id}`)).status).toBe(200);
    expect((await t.op1.get(`/api/bots/${b.id}`)).status).toBe(404);
  });

  it('does not create two bots for a repeated requestId', async () => {
    const body = {
      name: '防重复',
      industry: '',
      industrySubtype: '',
      description: '',
      requestId: 'req-12345678',
    };
    const [a, b] = await Promise.all([
      t.m1.post<BotDetail>('/api/bots', body),
      t.m1.post<BotDetail>('/api/bots', body),
    ]);
    expect(a.body.data!.id).toBe(b.body.data!.id);
    const again = await t.m1.post<BotDetail>('/api/bots', body);
    expect(again.body.data!.id).toBe(a.body.data!.id);
    expect(await t.p.db.knex('bots').where({ name: '防重复' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('refuses bad input', async () => {
    for (const b of [
      {},
      { name: 'x' },
      { name: 'x'.repeat(51) },
      { name: 5 },
      { name: '好名字', industry: 7 },
    ])
      expect((await t.m1.post('/api/bots', b)).status).toBe(400);
    const b = await newBot(t.m1, '校验');
    const url = `/api/bots/${b.id}/draft`;
    expect((await t.m1.put(url, { definition: b.definition })).status).toBe(400);
    expect((await t.m1.put(url, { definition: { flows: 'x' }, draftRev: 1 })).status).toBe(400);
    const badHot = { ...b.definition, hotWords: ['abc'] };
    expect((await t.m1.put(url, { definition: badHot, draftRev: 1 })).status).toBe(400);
    const badRepeat = structuredClone(b.definition);
    badRepeat.flows[0]!.nodes[0]!.noMatch.repeat = 9;
    expect((await t.m1.put(url, { definition: badRepeat, draftRev: 1 })).status).toBe(400);
    // Oversize: refused before it is stored (the JSON body limit or the 2 MB definition cap).
    const huge = structuredClone(b.definition);
    huge.intentLabels = Array.from({ length: 200 }, () => 'x'.repeat(50));
    huge.flows[0]!.nodes[0]!.prompts = Array.from({ length: 20 }, () => ({ text: '长'.repeat(2000) }));
    huge.knowledge = Array.from({ length: 400 }, (_, i) => ({
      id: `q${i}`,
      title: '问题',
      type: 10001,
      keywords: ['词'],
      matchCount: 1,
      answerMode: 'single' as const,
      prompts: Array.from({ length: 2 }, () => ({ text: '长'.repeat(2000) })),
      ignoreSilence: false,
      playWithMainFlow: false,
      highPriority: false,
    }));
    const r = await t.m1.put(url, { definition: huge, draftRev: 1 });
    expect([400, 413]).toContain(r.status);
    expect((await t.m1.get<BotDetail>(`/api/bots/${b.id}`)).body.data!.draftRev).toBe(1);
    expect((await t.m1.get('/api/bots/abc')).status).toBe(400);
    expect((await t.m1.get('/api/bots?status=gone')).status).toBe(400);
  });

  it('saves drafts under draftRev: a stale save is a 409 and changes nothing', async () => {
    const b = await newBot(t.m1, '并发');
    const def = structuredClone(b.definition);
    def.flows[0]!.nodes[0]!.prompts = [{ text: '第一次保存' }];
    const saved = await t.m1.put<BotDetail>(`/api/bots/${b.id}/draft`, { definition: def, draftRev: 1 });
    expect(saved.body.data!.draftRev).toBe(2);
    def.flows[0]!.nodes[0]!.prompts = [{ text: '过时的保存' }];
    const stale = await t.m1.put(`/api/bots/${b.id}/draft`, { definition: def, draftRev: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('2');
    expect(stale.body.data).toEqual({ draftRev: 2 });
    const now = (await t.m1.get<BotDetail>(`/api/bots/${b.id}`)).body.data!;
    expect(now.definition.flows[0]!.nodes[0]!.prompts[0]!.text).toBe('第一次保存');
  });

  it('copies within the account, enables/disables and deletes only with the word delete', async () => {
    const b = await newBot(t.m1, '原件');
    const copy = (await t.m1.post<BotDetail>(`/api/bots/${b.id}/copy`, { name: '副本' })).body.data!;
    expect(copy).toMatchObject({ name: '副本', accountId: b.accountId, status: 'draft' });
    expect(copy.definition).toEqual(b.definition);
    expect((await t.m1.post<BotRow>(`/api/bots/${b.id}/enable`, { enabled: false })).body.data!.enabled).toBe(
      false,
    );
    expect((await t.m1.post(`/api/bots/${b.id}/enable`, { enabled: 'no' })).status).toBe(400);
    expect((await del(t.m1, `/api/bots/${copy.id}`)).status).toBe(400);
    expect((await del(t.m1, `/api/bots/${copy.id}`, { confirm: 'yes' })).status).toBe(400);
    expect((await del(t.m1, `/api/bots/${copy.id}`, { confirm: 'delete' })).body.code).toBe(200);
    expect((await t.m1.get(`/api/bots/${copy.id}`)).status).toBe(404);
    expect((await del(t.m1, `/api/bots/${copy.id}`, { confirm: 'delete' })).status).toBe(404);
    // Soft delete: the row stays for call records.
    expect(await t.p.db.knex('bots').where({ id: copy.id }).first('deleted_at')).toMatchObject({
      deleted_at: expect.any(Date),
    });
  });
});

describe('statuses: check, submit, review, publish', () => {
  it('goes through review, rejection with a notice, approval, a version and a render job', async () => {
    const b = await newBot(t.m1, '审核流程');
    expect(
      (await t.m1.post<{ problems: BotProblem[] }>(`/api/bots/${b.id}/check`)).body.data!.problems.filter(
        (p) => p.severity === 'error',
      ),
    ).toEqual([]);
    const sub = await t.m1.post<BotRow>(`/api/bots/${b.id}/submit`);
    expect(sub.body.data).toMatchObject({ status: 'review', publishedVersion: null });
    // A repeated submit changes nothing.
    expect((await t.m1.post<BotRow>(`/api/bots/${b.id}/submit`)).body.data!.status).toBe('review');
    // Only the super administrator reviews.
    expect((await t.m1.post(`/api/bots/${b.id}/review`, { approve: true })).status).toBe(403);
    expect((await t.admin.post(`/api/bots/${b.id}/review`, { approve: false })).status).toBe(400);
    const rej = await t.admin.post<BotRow>(`/api/bots/${b.id}/review`, {
      approve: false,
      reason: '话术不规范',
    });
    expect(rej.body.data).toMatchObject({ status: 'rejected', rejectReason: '话术不规范' });
    const notices = (await t.m1.get<{ items: NoticeDto[] }>('/api/notices')).body.data!.items;
    expect(notices[0]).toMatchObject({
      titleKey: 'botRejected.title',
      bodyKey: 'botRejected.body',
      params: { reason: '话术不规范' },
    });
    expect((await t.admin.post(`/api/bots/${b.id}/review`, { approve: true })).status).toBe(409);

    await t.m1.post(`/api/bots/${b.id}/submit`);
    const ok = await t.admin.post<BotRow>(`/api/bots/${b.id}/review`, { approve: true });
    expect(ok.body.data).toMatchObject({ status: 'online', publishedVersion: 1, rejectReason: null });
    const versions = (await t.m1.get<BotVersionRow[]>(`/api/bots/${b.id}/versions`)).body.data!;
    expect(versions).toEqual([
      expect.objectContaining({ version: 1, createdBy: 'superadmin', promptsTotal: expect.any(Number) }),
    ]);
    const v = await t.p.db.knex('bot_versions').where({ bot_id: b.id }).first('id');
    const job = await t.p.server.deps.queues.tts.getJob(`tts:version:${v.id}`);
    expect(job?.data).toEqual({ kind: 'version', botVersionId: Number(v.id) });

    // Editing an online bot: a new draft; version 1 stays live.
    const def = structuredClone(b.definition);
    def.flows[0]!.nodes[0]!.prompts = [{ text: '新开场白' }];
    const cur = (await t.m1.get<BotDetail>(`/api/bots/${b.id}`)).body.data!;
    const edited = await t.m1.put<BotDetail>(`/api/bots/${b.id}/draft`, {
      definition: def,
      draftRev: cur.draftRev,
    });
    expect(edited.body.data).toMatchObject({ status: 'draft', publishedVersion: 1 });
  });

  it("publishes the super administrator's own bots at once and refuses a bot with errors", async () => {
    const b = await newBot(t.admin, '管理员机器人');
    expect((await t.admin.post<BotRow>(`/api/bots/${b.id}/submit`)).body.data).toMatchObject({
      status: 'online',
      publishedVersion: 1,
    });
    const broken = await newBot(t.m1, '有错误');
    const def = structuredClone(broken.definition);
    def.flows[0]!.startNodeId = 'nowhere';
    await t.m1.put(`/api/bots/${broken.id}/draft`, { definition: def, draftRev: 1 });
    const problems = (await t.m1.post<{ problems: BotProblem[] }>(`/api/bots/${broken.id}/check`)).body.data!
      .problems;
    expect(problems.some((p) => p.severity === 'error')).toBe(true);
    const r = await t.m1.post<{ problems: BotProblem[] }>(`/api/bots/${broken.id}/submit`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40009);
    expect(r.body.data!.problems.length).toBeGreaterThan(0);
    expect((await t.m1.get<BotDetail>(`/api/bots/${broken.id}`)).body.data!.status).toBe('draft');
  });

  it('publishes at once for an account without review', async () => {
    await t.p.db.knex('accounts').where({ id: t.ids.m2 }).update({ bot_review_required: false });
    const b = await newBot(t.m2, '免审核');
    expect((await t.m2.post<BotRow>(`/api/bots/${b.id}/submit`)).body.data!.status).toBe('online');
    const u2 = await loggedIn(t.p, 'merchant02', 'secret12');
    expect((await u2.get<BotDetail>(`/api/bots/${b.id}`)).body.data!.publishedVersion).toBe(1);
  });
});
