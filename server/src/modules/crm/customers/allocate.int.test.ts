// Allocation of my customers (SPEC §4 modes 0, 1, 2) by ids or filter, its refusals, and isolation.
import type { AccountDto, RoleDto } from '../../../../../domain/api';
import { accountForm, insertCustomers, startTree, type Tree } from '../../../../../test/fixtures';

type Reply = { allocated: { accountId: number; count: number }[] };
let t: Tree;
let op2: number; // a second subordinate of merchant01
beforeAll(async () => {
  t = await startTree();
  const role = (await t.m1.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '坐席用户')!;
  op2 = (
    await t.m1.post<AccountDto>('/api/accounts', accountForm({ account: 'operator02', roleId: role.id }))
  ).body.data!.id;
}, 60_000);
afterAll(() => t.p.close());

const url = '/api/crm/customers/allocate';
const owners = async (ids: number[]) =>
  (await t.p.db.knex('customers').whereIn('id', ids).orderBy('id').select('account_id')).map((r) =>
    Number(r.account_id),
  );
let phones = 0;
const make = async (accountId: number, n: number, row: Record<string, unknown> = {}) => {
  phones += 1000;
  return insertCustomers(t.p, accountId, n, () => row, phones);
};

describe('modes', () => {
  it('splits evenly with the remainder to the first targets (mode 1), in id order', async () => {
    const ids = await make(t.ids.m1, 11);
    const r = await t.m1.post<Reply>(url, { mode: 1, customerIds: ids, targets: [t.ids.op1, op2] });
    expect(r.body.data).toEqual({
      allocated: [
        { accountId: t.ids.op1, count: 6 },
        { accountId: op2, count: 5 },
      ],
    });
    expect(await owners(ids)).toEqual([...Array(6).fill(t.ids.op1), ...Array(5).fill(op2)]);
  });

  it('gives each target its quantity of the filtered customers (mode 2)', async () => {
    const ids = await make(t.ids.m1, 10, { source: 'mode2', stage: 400 });
    await make(t.ids.m1, 5, { source: 'mode2', stage: 100 });
    const r = await t.m1.post<Reply>(url, {
      mode: 2,
      filter: { source: 'mode2', stage: 400 },
      targets: [op2, t.ids.op1],
      quantities: [2, 3],
    });
    expect(r.body.data!.allocated).toEqual([
      { accountId: op2, count: 2 },
      { accountId: t.ids.op1, count: 3 },
    ]);
    expect(await owners(ids)).toEqual([
      op2,
      op2,
      t.ids.op1,
      t.ids.op1,
      t.ids.op1,
      ...Array(5).fill(t.ids.m1),
    ]);
    // More than the filter selects (10, wherever they are in the subtree): refused, nothing moved.
    const tooMany = await t.m1.post(url, {
      mode: 2,
      filter: { source: 'mode2', stage: 400 },
      targets: [op2],
      quantities: [11],
    });
    expect(tooMany.status).toBe(400);
    expect((await owners(ids)).filter((o) => o === op2).length).toBe(2);
  });

  it("takes customers back to oneself (mode 0), e.g. all of one subordinate's", async () => {
    const ids = await make(t.ids.op1, 4, { source: 'back' });
    const r = await t.m1.post<Reply>(url, { mode: 0, filter: { ownerId: t.ids.op1, source: 'back' } });
    expect(r.body.data).toEqual({ allocated: [{ accountId: t.ids.m1, count: 4 }] });
    expect(await owners(ids)).toEqual(Array(4).fill(t.ids.m1));
  });

  it('never gives one customer to two people when two allocations race', async () => {
    const ids = await make(t.ids.m1, 300, { source: 'race' });
    const [a, b] = await Promise.all([
      t.m1.post<Reply>(url, { mode: 1, filter: { source: 'race' }, targets: [t.ids.op1] }),
      t.m1.post<Reply>(url, { mode: 1, filter: { source: 'race' }, targets: [op2] }),
    ]);
    expect([a.body.code, b.body.code]).toEqual([200, 200]);
    const got = await owners(ids);
    expect(got.every((o) => o === t.ids.op1 || o === op2)).toBe(true);
    // Whatever the interleaving, no reply claims fewer rows than its target ended up holding.
    expect(got.filter((o) => o === t.ids.op1).length).toBeLessThanOrEqual(a.body.data!.allocated[0]!.count);
    expect(got.filter((o) => o === op2).length).toBeLessThanOrEqual(b.body.data!.allocated[0]!.count);
  });
});

describe('refusals', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = await make(t.ids.m1, 3);
  });

  it.each([
    ['an unknown mode', { mode: 3, customerIds: [1] }],
    ['a mode as text', { mode: '1', customerIds: [1], targets: [1] }],
    ['neither ids nor filter', { mode: 0 }],
    ['both ids and filter', { mode: 0, customerIds: [1], filter: {} }],
    ['mode 1 without targets', { mode: 1, customerIds: [1] }],
    ['mode 0 with targets', { mode: 0, customerIds: [1], targets: [2] }],
    ['duplicate targets', { mode: 1, customerIds: [1], targets: [2, 2] }],
    ['quantities not one per target', { mode: 2, customerIds: [1], targets: [2, 3], quantities: [1] }],
    ['quantities outside mode 2', { mode: 1, customerIds: [1], targets: [2], quantities: [1] }],
    ['a negative quantity', { mode: 2, customerIds: [1], targets: [2], quantities: [-1] }],
    ['an oversize id list', { mode: 0, customerIds: Array.from({ length: 5001 }, (_, i) => i + 1) }],
    ['an empty id list', { mode: 0, customerIds: [] }],
    ['a bad filter', { mode: 0, filter: { stage: 'x' } }],
  ])('refuses %s with 400', async (_, b) => {
    expect((await t.m1.post(url, b)).status).toBe(400);
  });

  it('refuses targets outside the strict subtree and foreign customers or owners (404), moving nothing', async () => {
    const [foreign] = await make(t.ids.m2user, 1);
    for (const target of [t.ids.m1, t.ids.m2, t.ids.m2user, 1])
      expect((await t.m1.post(url, { mode: 1, customerIds: ids, targets: [target] })).status).toBe(404);
    expect((await t.op1.post(url, { mode: 1, customerIds: ids, targets: [t.ids.m1] })).status).toBe(404);
    expect((await t.m1.post(url, { mode: 0, customerIds: [...ids, foreign!] })).status).toBe(404);
    expect((await t.m1.post(url, { mode: 0, filter: { ownerId: t.ids.m2user } })).status).toBe(404);
    expect(
      (await t.m1.post(url, { mode: 1, filter: { ownerId: t.ids.m2user }, targets: [op2] })).status,
    ).toBe(404);
    expect(await owners(ids)).toEqual(Array(3).fill(t.ids.m1));
    expect(await owners([foreign!])).toEqual([t.ids.m2user]);
  });
});
