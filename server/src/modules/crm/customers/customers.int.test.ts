// My customers: create/edit/marks, validation, batch delete, filters, keyset paging and tenant isolation.
import type { CustomerDto, TagDto } from '../../../../../domain/crm';
import { maskPhone } from '../../../../../domain/format';
import type { RoleDto } from '../../../../../domain/api';
import { ApiClient } from '../../../../../test/apiClient';
import { phoneHash } from '../../../../../platform/secrets';
import { accountForm, insertCustomers, mobile, startTree, type Tree } from '../../../../../test/fixtures';

type Page = { items: CustomerDto[]; next: string | null };
let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

const base = '/api/crm/customers';
const errorsOf = (r: { body: { data: unknown } }) =>
  (r.body.data as { errors: { path: string }[] }).errors.map((e) => e.path);

describe('create, read, edit', () => {
  it('creates with the caller as owner, hashes the phone, and reads it back', async () => {
    const tag = (await t.m1.post<TagDto>('/api/crm/tags', { name: '高意向' })).body.data!;
    const r = await t.m1.post<CustomerDto>(base, {
      name: ' 张三 ',
      phone: '13912345678',
      sex: 1,
      stage: 300,
      company: '某公司',
      remarks: ['r1', 'r2'],
      tagIds: [tag.id],
    });
    expect(r.body.code).toBe(200);
    const c = r.body.data!;
    expect(c).toMatchObject({
      name: '张三',
      phone: '13912345678',
      phoneHidden: false,
      accountId: t.ids.m1,
      sex: 1,
      stage: 300,
      company: '某公司',
      remarks: ['r1', 'r2', '', '', ''],
      tagIds: [tag.id],
      focus: false,
      read: false,
      inSea: false,
    });
    const row = await t.p.db.knex('customers').where({ id: c.id }).first();
    expect(row.phone_hash).toBe(phoneHash(t.p.config.secretKey, '13912345678'));
    expect((await t.m1.get<CustomerDto>(`${base}/${c.id}`)).body.data).toEqual(c);

    const u = await t.m1.put<CustomerDto>(`${base}/${c.id}`, {
      phone: '13700000001',
      tagIds: [],
      stage: 400,
    });
    expect(u.body.data).toMatchObject({ phone: '13700000001', tagIds: [], stage: 400, name: '张三' });
    const after = await t.p.db.knex('customers').where({ id: c.id }).first();
    expect(after.phone_hash).toBe(phoneHash(t.p.config.secretKey, '13700000001'));

    expect((await t.m1.post<CustomerDto>(`${base}/${c.id}/focus`, { focus: true })).body.data!.focus).toBe(
      true,
    );
    expect((await t.m1.post<CustomerDto>(`${base}/${c.id}/read`)).body.data!.read).toBe(true);
  });

  it('refuses bad input with field errors', async () => {
    const bad = async (b: unknown, paths: string[]) => {
      const r = await t.m1.post(base, b);
      expect(r.status).toBe(400);
      expect(errorsOf(r)).toEqual(expect.arrayContaining(paths));
    };
    await bad({ phone: '13912345678' }, ['name']);
    await bad({ name: 'a' }, ['phone']);
    for (const phone of ['12912345678', '1391234567', '139123456789', '1391234567x', 13912345678])
      await bad({ name: 'a', phone }, ['phone']);
    await bad({ name: 'a', phone: '13912345678', sex: 2 }, ['sex']);
    await bad({ name: 'a', phone: '13912345678', stage: 150 }, ['stage']);
    await bad({ name: 'a', phone: '13912345678', remarks: ['1', '2', '3', '4', '5', '6'] }, ['remarks']);
    await bad({ name: 'x'.repeat(65), phone: '13912345678' }, ['name']);
    expect((await t.m1.post(`${base}/1/focus`, { focus: 'yes' })).status).toBe(400);
    expect((await t.m1.get(`${base}/abc`)).status).toBe(400);
    expect((await t.m1.get(`${base}?limit=500`)).status).toBe(400);
    expect((await t.m1.get(`${base}?stage=123`)).status).toBe(400);
    expect((await t.m1.get(`${base}?after=garbage`)).status).toBe(400);
  });

  it('shows hidden numbers masked and refuses to edit them', async () => {
    const [id] = await insertCustomers(t.p, t.ids.m1, 1, () => ({
      phone: maskPhone('13811112222'),
      phone_cipher: 'v1:sealed',
      phone_hash: phoneHash(t.p.config.secretKey, '13811112222'),
    }));
    const c = (await t.m1.get<CustomerDto>(`${base}/${id}`)).body.data!;
    expect(c).toMatchObject({ phone: '138****2222', phoneHidden: true });
    expect(JSON.stringify(c)).not.toContain('sealed');
    expect((await t.m1.put(`${base}/${id}`, { phone: '13811112222' })).status).toBe(400);
    expect((await t.m1.put(`${base}/${id}`, { name: '改名' })).body.code).toBe(200);
    // The full number still finds it (by hash); a prefix does not reveal it.
    const full = (await t.m1.get<Page>(`${base}?phone=13811112222`)).body.data!.items.map((i) => i.id);
    expect(full).toEqual([id]);
    expect((await t.m1.get<Page>(`${base}?phone=1381111`)).body.data!.items).toEqual([]);
  });

  it('needs the crm/mycustomer menu', async () => {
    const role = (
      await t.m2.post<RoleDto>('/api/roles', { name: '无客户', menus: ['dashboards/rootdashboard'] })
    ).body.data!;
    await t.m2.post('/api/accounts', accountForm({ account: 'm2nocrm1', roleId: role.id }));
    const c = new ApiClient(t.p.url);
    await c.login('m2nocrm1', 'secret12');
    for (const path of [base, '/api/crm/tags', '/api/crm/tag-groups'])
      expect((await c.get(path)).status).toBe(403);
    expect((await c.post(`${base}/allocate`, { mode: 0, customerIds: [1] })).status).toBe(403);
  });
});

describe('batch delete', () => {
  it('needs the word delete, deletes only in scope, and is idempotent', async () => {
    const ids = await insertCustomers(t.p, t.ids.op1, 3, () => ({}), 5000);
    const [foreign] = await insertCustomers(t.p, t.ids.m2, 1, () => ({}), 5100);
    expect((await t.m1.post(`${base}/delete`, { ids })).status).toBe(400);
    expect((await t.m1.post(`${base}/delete`, { ids, confirm: 'DELETE' })).status).toBe(400);
    expect((await t.m1.post(`${base}/delete`, { ids: [], confirm: 'delete' })).status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect((await t.m1.post(`${base}/delete`, { ids: tooMany, confirm: 'delete' })).status).toBe(400);
    expect((await t.m1.post(`${base}/delete`, { ids: ['x'], confirm: 'delete' })).status).toBe(400);
    const r = await t.m1.post<{ deleted: number }>(`${base}/delete`, {
      ids: [...ids, foreign],
      confirm: 'delete',
    });
    expect(r.body.data).toEqual({ deleted: 3 });
    expect((await t.m1.post(`${base}/delete`, { ids, confirm: 'delete' })).body.data).toEqual({ deleted: 0 });
    expect(await t.p.db.knex('customers').where({ id: foreign }).first('id')).toBeTruthy();
  });
});

describe('tenant isolation', () => {
  let foreign: number;
  let m1Own: number;
  let opOwn: number;
  beforeAll(async () => {
    foreign = (await insertCustomers(t.p, t.ids.m2user, 1, () => ({ name: '他人' }), 6000))[0]!;
    m1Own = (await insertCustomers(t.p, t.ids.m1, 1, () => ({ name: '商户自己的' }), 6001))[0]!;
    opOwn = (await insertCustomers(t.p, t.ids.op1, 1, () => ({ name: '坐席的' }), 6002))[0]!;
  });

  it("refuses another tree's customer ids as missing (404) and changes nothing", async () => {
    expect((await t.m1.get(`${base}/${foreign}`)).status).toBe(404);
    expect((await t.m1.put(`${base}/${foreign}`, { name: 'x' })).status).toBe(404);
    expect((await t.m1.post(`${base}/${foreign}/focus`, { focus: true })).status).toBe(404);
    expect((await t.m1.post(`${base}/${foreign}/read`)).status).toBe(404);
    expect((await t.m1.get(`${base}/999999999`)).status).toBe(404);
    const row = await t.p.db.knex('customers').where({ id: foreign }).first();
    expect(row).toMatchObject({ name: '他人', focus: false, read: false });
  });

  it("refuses another tree's tags on create and edit, and a foreign ownerId filter", async () => {
    const tag = (await t.m2.post<TagDto>('/api/crm/tags', { name: '二号的' })).body.data!;
    expect((await t.m1.post(base, { name: 'a', phone: '13912345670', tagIds: [tag.id] })).status).toBe(404);
    expect((await t.m1.put(`${base}/${m1Own}`, { tagIds: [tag.id] })).status).toBe(404);
    expect((await t.m1.get(`${base}?ownerId=${t.ids.m2user}`)).status).toBe(404);
    expect((await t.op1.get(`${base}?ownerId=${t.ids.m1}`)).status).toBe(404);
  });

  it("lets a merchant see its subordinates' customers, never the other way", async () => {
    const m1Ids = (await t.m1.get<Page>(`${base}?limit=200`)).body.data!.items.map((c) => c.id);
    expect(m1Ids).toEqual(expect.arrayContaining([m1Own, opOwn]));
    expect(m1Ids).not.toContain(foreign);
    const opIds = (await t.op1.get<Page>(`${base}?limit=200`)).body.data!.items.map((c) => c.id);
    expect(opIds).toContain(opOwn);
    expect(opIds).not.toContain(m1Own);
    expect((await t.op1.get(`${base}/${m1Own}`)).status).toBe(404);
    expect((await t.m1.get(`${base}/${opOwn}`)).status).toBe(200);
    const byOwner = (await t.m1.get<Page>(`${base}?ownerId=${t.ids.op1}&limit=200`)).body.data!.items;
    expect(byOwner.every((c) => c.accountId === t.ids.op1)).toBe(true);
  });

  it('keeps sea customers out of my customers', async () => {
    const [sea] = await insertCustomers(t.p, t.ids.m1, 1, () => ({ in_sea: true }), 6003);
    expect((await t.m1.get(`${base}/${sea}`)).status).toBe(404);
  });
});

describe('filters and keyset paging', () => {
  let ids: number[];
  const sameTime = '2026-01-02T03:04:05.123456Z';
  beforeAll(async () => {
    // merchant02's tree holds only these rows, so other tests' rows do not disturb the counts.
    await t.p.db.knex('customers').whereIn('account_id', [t.ids.m2, t.ids.m2user]).delete();
    ids = await insertCustomers(
      t.p,
      t.ids.m2user,
      500,
      (i) => ({
        stage: i % 2 ? 300 : 100,
        grade: 21 + (i % 6),
        score: i % 7,
        focus: i % 5 === 0,
        source: i % 3 ? 'web' : 'import',
        sex: i % 2,
        // Many rows share one imported_at (to the microsecond); some have none.
        imported_at: i % 10 === 0 ? null : i < 250 ? sameTime : `2026-02-0${1 + (i % 9)}T00:00:00Z`,
      }),
      10_000,
    );
  });

  const walk = async (query: string, limit: number) => {
    const seen: CustomerDto[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const path: string = `${base}?limit=${limit}&${query}${after ? `&after=${after}` : ''}`;
      const r = await t.m2.get<Page>(path);
      expect(r.body.code).toBe(200);
      seen.push(...r.body.data!.items);
      after = r.body.data!.next;
      pages++;
    } while (after && pages < 1000);
    return seen;
  };

  it.each(['sort=id', 'sort=importedAt', 'sort=createdAt', 'sort=score'])(
    'returns each row exactly once across pages (%s)',
    async (sort) => {
      const seen = await walk(sort, 37);
      expect(seen.length).toBe(500);
      expect(new Set(seen.map((c) => c.id)).size).toBe(500);
      expect(new Set(seen.map((c) => c.id))).toEqual(new Set(ids));
      // A second walk gives the same order.
      expect((await walk(sort, 37)).map((c) => c.id)).toEqual(seen.map((c) => c.id));
    },
  );

  it('orders imported_at desc (missing first), then id desc', async () => {
    const seen = await walk('sort=importedAt', 200);
    const key = (c: CustomerDto) => (c.importedAt === null ? Infinity : Date.parse(c.importedAt));
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(key(a) > key(b) || (key(a) === key(b) && a.id > b.id)).toBe(true);
    }
  });

  it('filters', async () => {
    const count = async (q: string) => (await walk(q, 200)).length;
    expect(await count('stage=300')).toBe(250);
    expect(await count('grade=21')).toBe(84);
    expect(await count('focus=true')).toBe(100);
    expect(await count('focus=false&stage=100')).toBe(200);
    expect(await count('source=import')).toBe(167);
    expect(await count('sex=1')).toBe(250);
    expect(await count('name=%E5%AE%A2%E6%88%B7499')).toBe(1); // 客户499
    expect(await count('name=%25')).toBe(0); // a literal %, not a wildcard
    expect(await count(`phone=${mobile(10_123)}`)).toBe(1);
    expect(await count(`phone=${mobile(10_123).slice(0, 9)}`)).toBe(100);
    expect(await count('importedFrom=2026-02-01T00:00:00Z&importedTo=2026-02-03T00:00:00Z')).toBe(
      ids.filter((_, i) => i % 10 !== 0 && i >= 250 && i % 9 < 3).length,
    );
    expect(await count('createdFrom=2000-01-01&lastFollowUpBefore=2030-01-01')).toBe(500);
    expect(await count('createdTo=2000-01-01')).toBe(0);
    expect(await count(`ownerId=${t.ids.m2user}`)).toBe(500);
  });

  it('filters by tags (any of them)', async () => {
    const a = (await t.m2.post<TagDto>('/api/crm/tags', { name: 'A' })).body.data!;
    const b = (await t.m2.post<TagDto>('/api/crm/tags', { name: 'B' })).body.data!;
    await t.p.db
      .knex('customer_tags')
      .insert([
        ...ids.slice(0, 10).map((customer_id) => ({ customer_id, tag_id: a.id })),
        ...ids.slice(5, 20).map((customer_id) => ({ customer_id, tag_id: b.id })),
      ]);
    expect((await walk(`tagId=${a.id}`, 50)).length).toBe(10);
    expect((await walk(`tagId=${a.id}&tagId=${b.id}`, 50)).length).toBe(20);
    expect((await walk(`tagId=${a.id},${b.id}&stage=100`, 50)).length).toBe(10);
    const one = (await t.m2.get<CustomerDto>(`${base}/${ids[7]}`)).body.data!;
    expect(one.tagIds).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('refuses a cursor made for another sort', async () => {
    const next = (await t.m2.get<Page>(`${base}?limit=5&sort=score`)).body.data!.next!;
    expect((await t.m2.get(`${base}?limit=5&sort=createdAt&after=${next}`)).status).toBe(400);
  });
});
