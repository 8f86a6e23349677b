// The tenant matrix of issue 24 in one place: every route of accounts, account info, roles, rates,
// recharges, the ledger and merchants that takes an id (in the path, the query or the body), asked by
// one merchant with the other merchant's ids, both ways. An account or role of another tree is
// unknown (404), a role another tree owns is not assignable (403), lists never show the other tree,
// and nothing of the other tree changes. (The ledger export, behind the export password, is in
// finance/financePage.int.test.ts.)
import type { AccountDto, RoleDto } from '../../../../domain/api';
import type { ApiClient } from '../../../../test/apiClient';
import { accountForm, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
/** Per tree: its merchant, its user, a role the merchant owns, a sub-merchant of its own. */
type Side = { c: ApiClient; merchant: number; user: number; role: number; sub: number };
let one: Side;
let two: Side;

const ownRole = async (c: ApiClient, owner: number) =>
  (await c.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.ownerId === owner)!.id;

async function subMerchant(c: ApiClient, account: string): Promise<number> {
  const merchantRole = (await c.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '商户')!;
  const r = await c.post<AccountDto>(
    '/api/merchants',
    accountForm({ account, roleId: merchantRole.id, aiSeats: 1, totalAuthorization: 2 }),
  );
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data!.id;
}

beforeAll(async () => {
  t = await startTree();
  one = {
    c: t.m1,
    merchant: t.ids.m1,
    user: t.ids.op1,
    role: await ownRole(t.m1, t.ids.m1),
    sub: await subMerchant(t.m1, 'matrixsub1'),
  };
  two = {
    c: t.m2,
    merchant: t.ids.m2,
    user: t.ids.m2user,
    role: await ownRole(t.m2, t.ids.m2),
    sub: await subMerchant(t.m2, 'matrixsub2'),
  };
}, 60_000);
afterAll(() => t.p.close());

/** What must not change in a tree: its accounts (every column), roles and grants, rates and ledger. */
async function snapshot(s: Side) {
  const k = t.p.db.knex;
  const ids = [s.merchant, s.user, s.sub];
  return {
    accounts: await k('accounts').whereIn('id', ids).orderBy('id').select('*'),
    roles: await k('roles').where({ id: s.role }).select('*'),
    grants: await k('role_menus').where({ role_id: s.role }).orderBy('menu_key').pluck('menu_key'),
    rates: await k('billing_rates').whereIn('account_id', ids).orderBy('account_id').select('*'),
    ledger: await k('ledger_entries').whereIn('account_id', ids).count({ n: '*' }),
  };
}

const cases = (me: Side, other: Side) => {
  const c = me.c;
  const del = (path: string, body: unknown) => c.request('DELETE', path, body);
  const form = (over: Record<string, unknown>) => accountForm({ roleId: me.role, ...over });
  return {
    // Another tree's accounts, by id in the path.
    byAccount: (id: number) =>
      [
        ['GET /accounts/:id', () => c.get(`/api/accounts/${id}`)],
        ['PUT /accounts/:id', () => c.put(`/api/accounts/${id}`, { realName: '越权', disabled: true })],
        [
          'POST /accounts/:id/password',
          () => c.post(`/api/accounts/${id}/password`, { password: 'hacked1', confirm: 'hacked1' }),
        ],
        ['DELETE /accounts/:id', () => del(`/api/accounts/${id}`, { confirm: 'delete' })],
        ['GET /account-info/:id', () => c.get(`/api/account-info/${id}`)],
        ['GET /finance/rates/:id', () => c.get(`/api/finance/rates/${id}`)],
        [
          'PUT /finance/rates/:id',
          () => c.put(`/api/finance/rates/${id}`, { ratePerMinFen: 1, accuracyS: 6 }),
        ],
        [
          'POST /finance/recharges',
          () =>
            c.post('/api/finance/recharges', {
              accountId: id,
              amount: '1',
              confirm: true,
              requestId: `matrix-${id}-${Date.now()}`,
            }),
        ],
        ['GET /finance/ledger?accountId', () => c.get(`/api/finance/ledger?accountId=${id}`)],
        ['GET /merchants/:id', () => c.get(`/api/merchants/${id}`)],
        ['PUT /merchants/:id', () => c.put(`/api/merchants/${id}`, { realName: '越权', ratePerMinFen: 1 })],
        [
          'PUT /merchants/:id/settlement-lock',
          () => c.put(`/api/merchants/${id}/settlement-lock`, { locked: true, confirm: true }),
        ],
      ] as const,
    // Another tree's role, by id in the path: unknown.
    byRole: [
      ['PUT /roles/:id', () => c.put(`/api/roles/${other.role}`, { name: '越权', menus: [] })],
      ['DELETE /roles/:id', () => del(`/api/roles/${other.role}`, { confirm: 'delete' })],
    ] as const,
    // Another tree's role, by id in the body: not the caller's to assign.
    roleInBody: [
      ['POST /accounts', () => c.post('/api/accounts', form({ account: 'matrixnew1', roleId: other.role }))],
      ['PUT /accounts/:id', () => c.put(`/api/accounts/${me.user}`, { roleId: other.role })],
      [
        'POST /merchants',
        () => c.post('/api/merchants', form({ account: 'matrixnew2', roleId: other.role, aiSeats: 1 })),
      ],
      ['PUT /merchants/:id', () => c.put(`/api/merchants/${me.sub}`, { roleId: other.role })],
    ] as const,
  };
};

it("answers the caller's own ids on the same routes: the 404s below are the routes' own", async () => {
  const c = one.c;
  const del = (path: string, body: unknown) => c.request('DELETE', path, body);
  // Harmless requests only: reads, empty edits and bodies the validation refuses.
  const controls: [string, () => Promise<{ status: number }>, number][] = [
    ['GET /accounts/:id', () => c.get(`/api/accounts/${one.user}`), 200],
    ['PUT /accounts/:id', () => c.put(`/api/accounts/${one.user}`, {}), 200],
    ['POST /accounts/:id/password', () => c.post(`/api/accounts/${one.user}/password`, {}), 400],
    ['DELETE /accounts/:id', () => del(`/api/accounts/${one.user}`, {}), 400],
    ['GET /account-info/:id', () => c.get(`/api/account-info/${one.user}`), 200],
    ['GET /finance/rates/:id', () => c.get(`/api/finance/rates/${one.user}`), 200],
    ['PUT /finance/rates/:id', () => c.put(`/api/finance/rates/${one.user}`, {}), 400],
    ['POST /finance/recharges', () => c.post('/api/finance/recharges', { accountId: one.user }), 400],
    ['GET /finance/ledger?accountId', () => c.get(`/api/finance/ledger?accountId=${one.user}`), 200],
    ['GET /merchants/:id', () => c.get(`/api/merchants/${one.sub}`), 200],
    ['PUT /merchants/:id', () => c.put(`/api/merchants/${one.sub}`, {}), 200],
    ['PUT /merchants/:id/settlement-lock', () => c.put(`/api/merchants/${one.sub}/settlement-lock`, {}), 400],
    ['PUT /roles/:id', () => c.put(`/api/roles/${one.role}`, {}), 400],
    ['DELETE /roles/:id', () => del(`/api/roles/${one.role}`, {}), 400],
  ];
  for (const [route, send, status] of controls)
    expect([route, (await send()).status]).toEqual([route, status]);
});

describe.each([
  ['merchant01 → merchant02', () => [one, two] as const],
  ['merchant02 → merchant01', () => [two, one] as const],
])('%s', (_name, sides) => {
  it("answers 404 for the other tree's accounts on every id route, and changes nothing", async () => {
    const [me, other] = sides();
    const before = await snapshot(other);
    const m = cases(me, other);
    for (const id of [other.merchant, other.user, other.sub])
      for (const [route, send] of m.byAccount(id)) {
        const r = await send();
        expect([route, id, r.status, r.body.code]).toEqual([route, id, 404, 404]);
      }
    expect(await snapshot(other)).toEqual(before);
  });

  it("answers 404 for the other tree's role and 403 for assigning it, and changes nothing", async () => {
    const [me, other] = sides();
    const before = [await snapshot(other), await snapshot(me)];
    const m = cases(me, other);
    for (const [route, send] of m.byRole) expect([route, (await send()).status]).toEqual([route, 404]);
    for (const [route, send] of m.roleInBody) expect([route, (await send()).status]).toEqual([route, 403]);
    expect([await snapshot(other), await snapshot(me)]).toEqual(before);
    expect(
      await t.p.db.knex('accounts').whereIn('account', ['matrixnew1', 'matrixnew2']).count({ n: '*' }),
    ).toEqual([{ n: '0' }]);
  });

  it('never lists the other tree, whatever the filter', async () => {
    const [me, other] = sides();
    const c = me.c;
    const theirs = new Set([other.merchant, other.user, other.sub]);
    const lists = [
      (await c.get<{ items: { id: number }[] }>('/api/accounts?limit=200')).body.data!.items,
      (await c.get<{ items: { id: number }[] }>(`/api/accounts?parentId=${other.merchant}`)).body.data!.items,
      (await c.get<{ items: { id: number }[] }>('/api/account-info/choices?limit=200')).body.data!.items,
      (await c.get<{ items: { id: number }[] }>('/api/merchants')).body.data!.items,
      (await c.get<{ items: { accountId: number }[] }>('/api/finance/rates')).body.data!.items.map((r) => ({
        id: r.accountId,
      })),
      (await c.get<{ items: { accountId: number }[] }>('/api/finance/ledger?limit=200')).body.data!.items.map(
        (r) => ({ id: r.accountId }),
      ),
    ];
    for (const items of lists) expect(items.filter((x) => theirs.has(x.id))).toEqual([]);
    expect((await c.get<RoleDto[]>('/api/roles')).body.data!.map((r) => r.id)).not.toContain(other.role);
    // Its own side is there: the lists are not empty by accident.
    expect(lists[0]!.map((x) => x.id)).toEqual(expect.arrayContaining([me.user, me.sub]));
    expect(lists[1]).toEqual([]);
  });
});
