// Sharing bots: distribution to subordinates (copy / sync), the market of templates, common
// knowledge, and the seeded demo bots.
import type { BotDetail, BotRow, CommonKnowledge } from '../../../../domain/bot/api';
import { DEMO_BOTS } from '../../../../domain/bot/demo';
import { startTree, type Tree } from '../../../../test/fixtures';
import { newBot } from './testKit';
import type { Paged } from './repo';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

const bots = async (c: Tree['m1']) => (await c.get<Paged<BotRow>>('/api/bots?pageSize=100')).body.data!.items;

describe('distribution to subordinates', () => {
  it('copies as drafts, then syncs the published version into the earlier copy and republishes it', async () => {
    await t.p.db.knex('accounts').where({ id: t.ids.m1 }).update({ bot_review_required: false });
    const b = await newBot(t.m1, '分发');
    const url = `/api/bots/${b.id}/distribute`;
    expect((await t.m1.post(url, { accountIds: [t.ids.op1], mode: 'copy' })).body.data).toEqual({ done: 1 });
    const copy = (await bots(t.op1)).find((x) => x.name === '分发')!;
    expect(copy).toMatchObject({ status: 'draft', accountId: t.ids.op1, publishedVersion: null });

    await t.m1.post(`/api/bots/${b.id}/submit`);
    expect((await t.m1.post(url, { accountIds: [t.ids.op1], mode: 'sync' })).body.data).toEqual({ done: 1 });
    const synced = (await t.op1.get<BotDetail>(`/api/bots/${copy.id}`)).body.data!;
    expect(synced).toMatchObject({ status: 'online', publishedVersion: 1 });

    // The merchant edits and republishes; sync carries the new version down.
    const def = structuredClone(b.definition);
    def.flows[0]!.nodes[0]!.prompts = [{ text: '第二版开场白' }];
    await t.m1.put(`/api/bots/${b.id}/draft`, { definition: def, draftRev: 1 });
    await t.m1.post(`/api/bots/${b.id}/submit`);
    await t.m1.post(url, { accountIds: [t.ids.op1], mode: 'sync' });
    const v2 = (await t.op1.get<BotDetail>(`/api/bots/${copy.id}`)).body.data!;
    expect(v2.publishedVersion).toBe(2);
    expect(v2.definition.flows[0]!.nodes[0]!.prompts[0]!.text).toBe('第二版开场白');
    expect((await bots(t.op1)).filter((x) => x.name === '分发').length).toBe(1);
  });

  it('refuses targets outside the subtree, itself, and bad input', async () => {
    const b = await newBot(t.m1, '越权分发');
    const url = `/api/bots/${b.id}/distribute`;
    for (const accountIds of [[t.ids.m2], [t.ids.m1], [t.ids.op1, t.ids.m2user]])
      expect((await t.m1.post(url, { accountIds, mode: 'copy' })).status).toBe(400);
    expect((await t.m1.post(url, { accountIds: [], mode: 'copy' })).status).toBe(400);
    expect((await t.m1.post(url, { accountIds: [t.ids.op1], mode: 'move' })).status).toBe(400);
    const own = await newBot(t.op1, '下级的');
    expect(
      (await t.op1.post(`/api/bots/${own.id}/distribute`, { accountIds: [t.ids.m1], mode: 'copy' })).status,
    ).toBe(400);
    expect((await bots(t.m2)).some((x) => x.name === '越权分发')).toBe(false);
  });
});

describe('market', () => {
  it('lists the seeded templates and those the super administrator publishes; anyone clones them', async () => {
    const market = (await t.m1.get<BotRow[]>('/api/bots/market')).body.data!;
    expect(market.map((x) => x.name).sort()).toEqual(DEMO_BOTS.map((d) => d.name).sort());
    const mine = await newBot(t.admin, '新模板');
    await t.admin.post(`/api/bots/${mine.id}/submit`);
    expect(
      (await t.admin.post<BotRow>(`/api/bots/${mine.id}/publish-template`, { published: true })).body.data,
    ).toMatchObject({ isTemplate: true });
    expect((await t.m2.get<BotRow[]>('/api/bots/market')).body.data!.map((x) => x.id)).toContain(mine.id);
    const clone = await t.m2.post<BotDetail>(`/api/bots/market/${mine.id}/clone`, { name: '我的模板副本' });
    expect(clone.body.data).toMatchObject({ name: '我的模板副本', accountId: t.ids.m2, status: 'draft' });
    // Withdrawn: no longer listed or clonable.
    await t.admin.post(`/api/bots/${mine.id}/publish-template`, { published: false });
    expect((await t.m2.get<BotRow[]>('/api/bots/market')).body.data!.map((x) => x.id)).not.toContain(mine.id);
    expect((await t.m2.post(`/api/bots/market/${mine.id}/clone`, { name: '再来一个' })).status).toBe(404);
    // Only the super administrator publishes templates; a merchant's bot is not a template anyone can clone.
    const m1Bot = await newBot(t.m1, '商户模板');
    expect((await t.m1.post(`/api/bots/${m1Bot.id}/publish-template`, { published: true })).status).toBe(403);
    expect((await t.m2.post(`/api/bots/market/${m1Bot.id}/clone`, { name: '偷来的' })).status).toBe(404);
  });
});

describe('seeded demo bots', () => {
  it("are online for merchant01, valid against the API's schema and the checker", async () => {
    const seeded = (await bots(t.m1)).filter((x) => DEMO_BOTS.some((d) => d.name === x.name));
    expect(seeded).toHaveLength(DEMO_BOTS.length);
    for (const s of seeded) {
      expect(s).toMatchObject({ status: 'online', enabled: true, publishedVersion: 1 });
      const d = (await t.m1.get<BotDetail>(`/api/bots/${s.id}`)).body.data!;
      const saved = await t.m1.put(`/api/bots/${s.id}/draft`, {
        definition: d.definition,
        draftRev: d.draftRev,
      });
      expect(saved.status).toBe(200);
      const problems = (await t.m1.post<{ problems: { severity: string }[] }>(`/api/bots/${s.id}/check`)).body
        .data!.problems;
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    }
  });
});

describe('common knowledge', () => {
  const q = {
    id: 'addr',
    title: '公司地址',
    type: 10001,
    keywords: ['地址', '在哪'],
    matchCount: 1,
    answerMode: 'single',
    prompts: [{ text: '我们在上海。' }],
    ignoreSilence: false,
    playWithMainFlow: false,
    highPriority: false,
  };
  it('is per account: create, list, update, delete; others see nothing and change nothing', async () => {
    const url = '/api/bots/common-knowledge';
    const made = (await t.op1.post<CommonKnowledge>(url, q)).body.data!;
    expect(made).toMatchObject({ ...q, common: true, dbId: expect.any(Number) });
    const noId = (await t.op1.post<CommonKnowledge>(url, { ...q, id: undefined })).body.data!;
    expect(noId.id).toEqual(expect.any(String));
    expect((await t.op1.get<CommonKnowledge[]>(url)).body.data!.map((x) => x.dbId)).toEqual([
      made.dbId,
      noId.dbId,
    ]);
    const upd = await t.op1.put<CommonKnowledge>(`${url}/${made.dbId}`, { ...q, title: '地址' });
    expect(upd.body.data!.title).toBe('地址');
    expect((await t.m1.get<CommonKnowledge[]>(url)).body.data).toEqual([]);
    expect((await t.m2.put(`${url}/${made.dbId}`, q)).status).toBe(404);
    expect((await t.m2.request('DELETE', `${url}/${made.dbId}`)).status).toBe(404);
    for (const bad of [{}, { ...q, type: 3 }, { ...q, answerMode: 'x' }, { ...q, keywords: 'x' }])
      expect((await t.op1.post(url, bad)).status).toBe(400);
    expect((await t.op1.request('DELETE', `${url}/${made.dbId}`)).body.code).toBe(200);
    expect((await t.op1.get<CommonKnowledge[]>(url)).body.data!.length).toBe(1);
  });
});
