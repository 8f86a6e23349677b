// Tags and tag groups: CRUD, who sees and edits them, and assigning tags to many customers at once.
import type { CustomerDto, TagDto, TagGroupDto } from '../../../../../domain/crm';
import { insertCustomers, startTree, type Tree } from '../../../../../test/fixtures';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

const del = (c: Tree['m1'], path: string) => c.request('DELETE', path);

describe('tag groups and tags', () => {
  it('creates, lists, renames and deletes', async () => {
    const g = (await t.m1.post<TagGroupDto>('/api/crm/tag-groups', { name: '意向' })).body.data!;
    expect(g).toEqual({ id: expect.any(Number), name: '意向' });
    expect((await t.m1.post('/api/crm/tag-groups', { name: '意向' })).status).toBe(409);
    const tag = (await t.m1.post<TagDto>('/api/crm/tags', { name: '高', color: '#ff0000', groupId: g.id }))
      .body.data!;
    expect(tag).toEqual({ id: expect.any(Number), name: '高', color: '#ff0000', groupId: g.id });
    expect((await t.m1.post('/api/crm/tags', { name: '高' })).status).toBe(409);
    expect((await t.m1.get<TagDto[]>(`/api/crm/tags?groupId=${g.id}`)).body.data).toEqual([tag]);
    const renamed = await t.m1.put<TagDto>(`/api/crm/tags/${tag.id}`, {
      name: '很高',
      color: '',
      groupId: null,
    });
    expect(renamed.body.data).toEqual({ ...tag, name: '很高', color: '', groupId: null });
    expect(
      (await t.m1.put<TagGroupDto>(`/api/crm/tag-groups/${g.id}`, { name: '阶段' })).body.data!.name,
    ).toBe('阶段');
    await t.m1.put(`/api/crm/tags/${tag.id}`, { name: '很高', groupId: g.id });
    // Deleting a group keeps its tags, ungrouped.
    expect((await del(t.m1, `/api/crm/tag-groups/${g.id}`)).body.code).toBe(200);
    expect((await t.m1.get<TagDto[]>('/api/crm/tags')).body.data).toContainEqual({
      ...renamed.body.data!,
      groupId: null,
    });
    expect((await del(t.m1, `/api/crm/tags/${tag.id}`)).body.code).toBe(200);
    expect((await del(t.m1, `/api/crm/tags/${tag.id}`)).status).toBe(404);
  });

  it('refuses bad input', async () => {
    for (const b of [
      {},
      { name: '' },
      { name: 'x'.repeat(65) },
      { name: 'a', color: 'red' },
      { name: 'a', groupId: 'x' },
    ])
      expect((await t.m1.post('/api/crm/tags', b)).status).toBe(400);
    expect((await t.m1.post('/api/crm/tag-groups', { name: 5 })).status).toBe(400);
    expect((await t.m1.get('/api/crm/tags?groupId=abc')).status).toBe(400);
  });

  it("shares a merchant's tags with its subtree; only the owner edits; other trees see nothing", async () => {
    const g = (await t.m1.post<TagGroupDto>('/api/crm/tag-groups', { name: '共享组' })).body.data!;
    const tag = (await t.m1.post<TagDto>('/api/crm/tags', { name: '共享', groupId: g.id })).body.data!;
    expect((await t.op1.get<TagDto[]>('/api/crm/tags')).body.data).toContainEqual(tag);
    expect((await t.op1.get<TagGroupDto[]>('/api/crm/tag-groups')).body.data).toContainEqual(g);
    expect((await t.op1.put(`/api/crm/tags/${tag.id}`, { name: '改' })).status).toBe(404);
    expect((await del(t.op1, `/api/crm/tag-groups/${g.id}`)).status).toBe(404);
    // A subordinate's tag is visible upwards too (its customers carry it).
    const opTag = (await t.op1.post<TagDto>('/api/crm/tags', { name: '坐席标签' })).body.data!;
    expect((await t.m1.get<TagDto[]>('/api/crm/tags')).body.data).toContainEqual(opTag);
    // The other tree: nothing visible, nothing editable, its group cannot hold our tags.
    expect((await t.m2.get<TagDto[]>('/api/crm/tags')).body.data).toEqual([]);
    expect((await t.m2.get<TagGroupDto[]>('/api/crm/tag-groups')).body.data).toEqual([]);
    expect((await t.m2.put(`/api/crm/tags/${tag.id}`, { name: '改' })).status).toBe(404);
    expect((await t.m2.put(`/api/crm/tag-groups/${g.id}`, { name: '改' })).status).toBe(404);
    expect((await del(t.m2, `/api/crm/tags/${tag.id}`)).status).toBe(404);
    expect((await t.m2.post('/api/crm/tags', { name: '借用', groupId: g.id })).status).toBe(404);
    expect((await t.p.db.knex('tags').where({ id: tag.id }).first()).name).toBe('共享');
  });
});

describe('assigning tags to many customers', () => {
  it('adds and removes on up to 5000 customers, idempotently, in scope only', async () => {
    const a = (await t.m1.post<TagDto>('/api/crm/tags', { name: '批量A' })).body.data!;
    const b = (await t.m1.post<TagDto>('/api/crm/tags', { name: '批量B' })).body.data!;
    const ids = await insertCustomers(t.p, t.ids.op1, 5000);
    const url = '/api/crm/customers/tags';
    const r = await t.m1.post<{ added: number; removed: number }>(url, {
      customerIds: ids,
      add: [a.id, b.id],
    });
    expect(r.body.data).toEqual({ added: 10000, removed: 0 });
    expect((await t.m1.post(url, { customerIds: ids, add: [a.id] })).body.data).toEqual({
      added: 0,
      removed: 0,
    });
    expect((await t.m1.post(url, { customerIds: ids.slice(0, 10), remove: [b.id] })).body.data).toEqual({
      added: 0,
      removed: 10,
    });
    const c = (await t.op1.get<CustomerDto>(`/api/crm/customers/${ids[0]}`)).body.data!;
    expect(c.tagIds).toEqual([a.id]);
    // The subordinate may use its merchant's tags on its own customers.
    expect((await t.op1.post(url, { customerIds: [ids[0]], add: [b.id] })).body.data).toEqual({
      added: 1,
      removed: 0,
    });
  });

  it('refuses bad input and anything out of reach (404, nothing changed)', async () => {
    const url = '/api/crm/customers/tags';
    const mine = (await t.m1.post<TagDto>('/api/crm/tags', { name: '本树' })).body.data!;
    const theirs = (await t.m2.post<TagDto>('/api/crm/tags', { name: '他树' })).body.data!;
    const own = (await insertCustomers(t.p, t.ids.m1, 1, () => ({}), 90_000))[0]!;
    const foreign = (await insertCustomers(t.p, t.ids.m2user, 1, () => ({}), 90_001))[0]!;
    expect((await t.m1.post(url, { customerIds: [own] })).status).toBe(400);
    expect((await t.m1.post(url, { customerIds: [], add: [mine.id] })).status).toBe(400);
    const tooMany = Array.from({ length: 5001 }, (_, i) => i + 1);
    expect((await t.m1.post(url, { customerIds: tooMany, add: [mine.id] })).status).toBe(400);
    expect((await t.m1.post(url, { customerIds: 'x', add: [mine.id] })).status).toBe(400);
    expect((await t.m1.post(url, { customerIds: [own], add: [theirs.id] })).status).toBe(404);
    expect((await t.m1.post(url, { customerIds: [own], remove: [theirs.id] })).status).toBe(404);
    expect((await t.m1.post(url, { customerIds: [own, foreign], add: [mine.id] })).status).toBe(404);
    expect(await t.p.db.knex('customer_tags').whereIn('customer_id', [own, foreign])).toEqual([]);
  });
});
