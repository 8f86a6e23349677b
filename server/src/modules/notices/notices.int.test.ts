// /api/notices: notices made by background work carry message keys and params (rendered in the
// viewer's language by the browser), a person's notice is shown as typed and cannot pose as one;
// bad input, the menu, and another tree's accounts and notices.
import type { NoticeDto } from '../../../../domain/api';
import { NoticeType } from '../../../../domain/codes';
import { startTree, type Tree } from '../../../../test/fixtures';
import { notify } from './service';

let t: Tree;
type List = { items: NoticeDto[]; unread: number };
const errorPaths = (body: { data: unknown }) =>
  ((body.data as { errors?: { path: string }[] })?.errors ?? []).map((e) => e.path);

beforeAll(async () => {
  t = await startTree();
});
afterAll(() => t.p.close());

it('returns the key and params of a notice made by background work, not a mixed-language text', async () => {
  const r = await t.admin.post('/api/finance/recharges', {
    accountId: t.ids.m1,
    amount: '12.34',
    confirm: true,
    requestId: `notices-${Date.now()}`,
  });
  expect(r.body.code).toBe(200);
  const list = (await t.m1.get<List>('/api/notices')).body.data!;
  const n = list.items.find((i) => i.type === NoticeType.Recharge)!;
  expect(n).toMatchObject({
    accountId: t.ids.m1,
    titleKey: 'recharge.title',
    bodyKey: 'recharge.body',
    params: { amount: '12.34', balance: expect.stringMatching(/^\d+\.\d{2}$/) },
    title: '',
    content: '',
  });
  // The seeded welcome notice too.
  expect(list.items.find((i) => i.titleKey === 'welcome.title')).toMatchObject({ bodyKey: 'welcome.body' });
});

it('keeps number and text params as they were given, and the typed content of a reminder', async () => {
  const made = await notify(t.p.server.deps, {
    accountId: t.ids.op1,
    type: NoticeType.System,
    titleKey: 'reminder.title',
    params: { who: '赵提醒', n: 3 },
    content: '回电确认合同',
  });
  const got = (await t.op1.get<List>('/api/notices')).body.data!.items.find((i) => i.id === made.id);
  expect(got).toMatchObject({
    titleKey: 'reminder.title',
    bodyKey: null,
    params: { who: '赵提醒', n: 3 },
    content: '回电确认合同',
  });
});

it('a notice a person writes has no key: shown as typed, and a body cannot smuggle one in', async () => {
  const sent = await t.m1.post<NoticeDto>('/api/notices', {
    accountId: t.ids.op1,
    type: 1,
    title: '会议通知 / Meeting',
    content: '周五 10:00',
    titleKey: 'recharge.title',
    bodyKey: 'recharge.body',
    params: { amount: '999.00' },
  });
  expect(sent.body.code).toBe(200);
  const got = (await t.op1.get<List>('/api/notices')).body.data!.items.find(
    (i) => i.id === sent.body.data!.id,
  );
  expect(got).toMatchObject({
    title: '会议通知 / Meeting',
    content: '周五 10:00',
    titleKey: null,
    bodyKey: null,
    params: null,
  });
});

it('refuses notices of system types through the API, to oneself or below (issue 21)', async () => {
  for (const type of [98, 99, 100])
    for (const accountId of [t.ids.m1, t.ids.op1]) {
      const r = await t.m1.post('/api/notices', { accountId, type, title: '充值成功', content: '¥999' });
      expect([r.status, errorPaths(r.body)]).toEqual([400, ['type']]);
    }
  expect(await t.p.db.knex('notices').where({ title: '充值成功' }).first('id')).toBeUndefined();
});

it('refuses bad input in the envelope', async () => {
  const bad = [
    [{ type: 1, title: 'x' }, 'accountId'],
    [{ accountId: 'me', type: 1, title: 'x' }, 'accountId'],
    [{ accountId: t.ids.op1, type: 5, title: 'x' }, 'type'],
    [{ accountId: t.ids.op1, type: 1 }, 'title'],
    [{ accountId: t.ids.op1, type: 1, title: '   ' }, 'title'],
    [{ accountId: t.ids.op1, type: 1, title: 7 }, 'title'],
    [{ accountId: t.ids.op1, type: 1, title: 'x'.repeat(201) }, 'title'],
  ] as const;
  for (const [body, path] of bad) {
    const r = await t.m1.post('/api/notices', body);
    expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 400, code: 400 });
    expect(errorPaths(r.body)).toContain(path);
  }
  expect((await t.m1.get('/api/notices?limit=0')).status).toBe(400);
  expect((await t.m1.get('/api/notices?beforeId=abc')).status).toBe(400);
  expect((await t.m1.post('/api/notices/abc/read')).status).toBe(400);
});

it('403 without the menu, 404 for another tree, and nobody reads or marks another’s notices', async () => {
  expect((await t.op1.post('/api/notices', { accountId: t.ids.op1, type: 1, title: 'x' })).status).toBe(403);
  for (const id of [t.ids.m2, t.ids.m2user, 999999])
    expect((await t.m1.post('/api/notices', { accountId: id, type: 1, title: 'x' })).status).toBe(404);
  const mine = (await t.m1.get<List>('/api/notices')).body.data!.items;
  const other = (await t.m2.get<List>('/api/notices')).body.data!.items;
  expect(other.some((o) => mine.some((m) => m.id === o.id))).toBe(false);
  const unread = mine.find((n) => !n.readAt)!;
  expect((await t.m2.post(`/api/notices/${unread.id}/read`)).body.data).toEqual({ updated: 0 });
  expect(
    (await t.m1.get<List>('/api/notices')).body.data!.items.find((n) => n.id === unread.id)!.readAt,
  ).toBeNull();
  expect((await t.m1.post(`/api/notices/${unread.id}/read`)).body.data).toEqual({ updated: 1 });
});
