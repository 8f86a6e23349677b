// Merchant management (issue 24 item 4): the list and editor of merchants, assignable menus, and the
// settlement lock (SPEC §6: forces the merchant's settlement method below it; cannot be undone).
import type { Me, RoleDto } from '../../../../domain/api';
import type { BillingRateDto } from '../../../../domain/finance';
import type { MerchantDto } from '../../../../domain/merchants';
import { accountForm, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
let merchantRoleId: number;

beforeAll(async () => {
  t = await startTree();
  merchantRoleId = (await t.admin.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '商户')!.id;
});
afterAll(() => t.p.close());

const merchantForm = (over: Record<string, unknown>) =>
  accountForm({
    roleId: merchantRoleId,
    aiSeats: 5,
    totalAuthorization: 10,
    ratePerMinFen: 12,
    settlementMethod: 60,
    ...over,
  });
const accuracyOf = async (accountId: number) =>
  (await t.p.db.knex('billing_rates').where({ account_id: accountId }).first('accuracy_s'))?.accuracy_s;

it('lists, creates and edits merchants with rate, settlement method and assignable menus', async () => {
  const list = (await t.admin.get<{ items: MerchantDto[] }>('/api/merchants')).body.data!.items;
  expect(list.map((m) => m.account)).toEqual(expect.arrayContaining(['merchant01', 'merchant02']));
  expect(list.every((m) => m.level === 2)).toBe(true);

  const created = await t.admin.post<MerchantDto>(
    '/api/merchants',
    merchantForm({ account: 'merchant03', settlementMethod: 6, assignableMenus: ['crm/mycustomer'] }),
  );
  expect(created.body.code).toBe(200);
  const m = created.body.data!;
  expect(m).toMatchObject({
    account: 'merchant03',
    level: 2,
    parentAccount: 'superadmin',
    ratePerMinFen: 12,
    settlementMethod: 6,
    settlementLockedAt: null,
    settlementForcedBy: null,
    assignableMenus: ['crm/mycustomer'],
    aiSeats: 5,
    balanceFen: 0,
  });
  const edited = await t.admin.put<MerchantDto>(`/api/merchants/${m.id}`, {
    realName: '三号商户',
    ratePerMinFen: 20,
    settlementMethod: 60,
    assignableMenus: null,
  });
  expect(edited.body.data).toMatchObject({
    realName: '三号商户',
    ratePerMinFen: 20,
    settlementMethod: 60,
    assignableMenus: null,
  });
  // The level is not this page's to change.
  expect((await t.admin.put<MerchantDto>(`/api/merchants/${m.id}`, { level: 1 })).body.data!.level).toBe(2);
  expect((await t.admin.get<MerchantDto>(`/api/merchants/${m.id}`)).body.data!.realName).toBe('三号商户');

  // A merchant sees its own sub-merchants only.
  const sub = await t.m1.post<MerchantDto>('/api/merchants', merchantForm({ account: 'submerch01' }));
  expect(sub.body.code).toBe(200);
  expect(sub.body.data!.parentAccount).toBe('merchant01');
  const mine = (await t.m1.get<{ items: MerchantDto[] }>('/api/merchants')).body.data!.items;
  expect(mine.map((x) => x.account)).toEqual(['submerch01']);
});

it('refuses bad input field by field, and a duplicate submit', async () => {
  const bad = await t.admin.post('/api/merchants', {
    ...merchantForm({ account: 'ab' }),
    aiSeats: 'x',
    ratePerMinFen: -1,
    settlementMethod: 30,
    assignableMenus: ['no/such'],
    confirm: 'other',
  });
  expect(bad.status).toBe(400);
  const paths = (bad.body.data as { errors: { path: string }[] }).errors.map((e) => e.path);
  expect(paths).toEqual(
    expect.arrayContaining(['account', 'aiSeats', 'ratePerMinFen', 'settlementMethod', 'assignableMenus.0']),
  );
  const seats = await t.admin.post('/api/merchants', merchantForm({ account: 'merchant04', aiSeats: 10 }));
  expect(seats.status).toBe(400);
  expect((await t.admin.post('/api/merchants', 'text')).status).toBe(400);
  expect((await t.admin.put('/api/merchants/abc', {})).status).toBe(400);
  expect((await t.admin.put('/api/merchants/1', { ratePerMinFen: 1.5 })).status).toBe(400);

  const form = merchantForm({ account: 'merchant05' });
  const [a, b] = await Promise.all([
    t.admin.post('/api/merchants', form),
    t.admin.post('/api/merchants', form),
  ]);
  expect([a.status, b.status].sort()).toEqual([200, 409]);
  expect(await t.p.db.knex('accounts').where({ account: 'merchant05' }).count({ n: '*' })).toEqual([
    { n: '1' },
  ]);
  expect((await t.admin.post('/api/merchants', form)).status).toBe(409);
});

it('writes a merchant, its rate and its menus together or not at all', async () => {
  // A real failure after the account row is written: the rate table refuses this rate.
  const k = t.p.db.knex;
  await k.raw('ALTER TABLE billing_rates ADD CONSTRAINT test_no_rate_777 CHECK (rate_per_min_fen <> 777)');
  try {
    const r = await t.admin.post(
      '/api/merchants',
      merchantForm({ account: 'merchant07', ratePerMinFen: 777 }),
    );
    expect(r.status).toBe(400); // a check violation maps to 400
    expect(await k('accounts').where({ account: 'merchant07' }).first()).toBeUndefined();
    const m = (await t.admin.post<MerchantDto>('/api/merchants', merchantForm({ account: 'merchant08' })))
      .body.data!;
    const edit = await t.admin.put(`/api/merchants/${m.id}`, { realName: '不该留下', ratePerMinFen: 777 });
    expect(edit.status).toBe(400);
    expect((await k('accounts').where({ id: m.id }).first('real_name')).real_name).not.toBe('不该留下');
  } finally {
    await k.raw('ALTER TABLE billing_rates DROP CONSTRAINT test_no_rate_777');
  }
});

it('keeps each tree to itself and needs the menu', async () => {
  // merchant02's tree is not merchant01's: every id route answers 404.
  for (const id of [t.ids.m2, t.ids.m2user]) {
    expect((await t.m1.get(`/api/merchants/${id}`)).status).toBe(404);
    expect((await t.m1.put(`/api/merchants/${id}`, { realName: 'x' })).status).toBe(404);
    expect(
      (await t.m1.put(`/api/merchants/${id}/settlement-lock`, { locked: true, confirm: true })).status,
    ).toBe(404);
  }
  // A user (level 1) is not a merchant, and nobody is its own merchant.
  expect((await t.admin.get(`/api/merchants/${t.ids.op1}`)).status).toBe(404);
  expect((await t.m1.get(`/api/merchants/${t.ids.m1}`)).status).toBe(404);
  const list = (await t.m1.get<{ items: MerchantDto[] }>('/api/merchants')).body.data!.items;
  expect(list.map((m) => m.account)).not.toContain('merchant02');
  // operator01 and m2user01 do not hold the menu.
  expect((await t.op1.get('/api/merchants')).status).toBe(403);
  expect((await t.op1.post('/api/merchants', merchantForm({ account: 'sneaky01' }))).status).toBe(403);
  expect((await t.m2.get<Me>('/api/auth/me')).body.data!.menus).toContain('bussinesscentral/merchant');
});

it('turns the settlement lock on with confirmation, forces it below, and never turns it off', async () => {
  const path = `/api/merchants/${t.ids.m1}`;
  expect((await t.admin.put(path, { settlementMethod: 6, ratePerMinFen: 10 })).body.code).toBe(200);
  // Before the lock, merchant01 bills operator01 per 60 seconds.
  expect(
    (await t.m1.put(`/api/finance/rates/${t.ids.op1}`, { ratePerMinFen: 15, accuracyS: 60 })).body.code,
  ).toBe(200);
  expect(await accuracyOf(t.ids.op1)).toBe(60);

  const unconfirmed = await t.admin.put(`${path}/settlement-lock`, { locked: true });
  expect(unconfirmed.status).toBe(400);
  expect(await accuracyOf(t.ids.op1)).toBe(60);
  const [on, again] = await Promise.all([
    t.admin.put<MerchantDto>(`${path}/settlement-lock`, { locked: true, confirm: true }),
    t.admin.put<MerchantDto>(`${path}/settlement-lock`, { locked: true, confirm: true }),
  ]);
  expect(on.body.code).toBe(200);
  expect(again.body.code).toBe(200);
  expect(on.body.data!.settlementLockedAt).not.toBeNull();
  // Forced on every account below merchant01, its sub-merchant included.
  expect(await accuracyOf(t.ids.op1)).toBe(6);
  const sub = Number((await t.p.db.knex('accounts').where({ account: 'submerch01' }).first('id')).id);
  expect(await accuracyOf(sub)).toBe(6);
  const listed = (await t.m1.get<MerchantDto>(`/api/merchants/${sub}`)).body.data!;
  expect(listed).toMatchObject({ settlementMethod: 6, settlementForcedBy: 'merchant01' });

  // It cannot be undone.
  const off = await t.admin.put(`${path}/settlement-lock`, { locked: false });
  expect(off.status).toBe(409);
  expect(off.body.message).toBe('结算锁一旦开启就不能关闭');
  t.admin.lang = 'en';
  expect((await t.admin.put(`${path}/settlement-lock`, { locked: false })).body.message).toBe(
    'The settlement lock cannot be turned off once it is on',
  );
  t.admin.lang = 'zh-CN';
  expect((await t.admin.get<MerchantDto>(path)).body.data!.settlementLockedAt).not.toBeNull();

  // While on, nobody below may be given another method: not through the rates API, not here.
  const other = await t.m1.put(`/api/finance/rates/${t.ids.op1}`, { ratePerMinFen: 15, accuracyS: 60 });
  expect(other.status).toBe(409);
  expect(other.body.message).toBe('merchant01 已开启结算锁，结算方式固定为按 6 秒计费，不能改为其他方式');
  expect((await t.m1.put(`/api/merchants/${sub}`, { settlementMethod: 60 })).status).toBe(409);
  expect(
    (await t.m1.put(`/api/finance/rates/${t.ids.op1}`, { ratePerMinFen: 18, accuracyS: 6 })).body.code,
  ).toBe(200);
  // A new merchant below the lock gets the forced method; another one is refused before anything is made.
  expect(
    (await t.m1.post('/api/merchants', merchantForm({ account: 'submerch02', settlementMethod: 60 }))).status,
  ).toBe(409);
  expect(await t.p.db.knex('accounts').where({ account: 'submerch02' }).first('id')).toBeUndefined();
  const sub2 = await t.m1.post<MerchantDto>(
    '/api/merchants',
    merchantForm({ account: 'submerch03', settlementMethod: undefined }),
  );
  expect(sub2.body.data!.settlementMethod).toBe(6);

  // The super administrator changes merchant01's own method: the lock carries it down.
  expect((await t.admin.put(path, { settlementMethod: 60 })).body.code).toBe(200);
  expect(await accuracyOf(t.ids.op1)).toBe(60);
  expect(await accuracyOf(sub)).toBe(60);
  const rate = (await t.m1.get<BillingRateDto>(`/api/finance/rates/${t.ids.op1}`)).body.data!;
  expect(rate.accuracyS).toBe(60);
});

it('narrows the subtree to the assignable menus and refuses grants beyond them', async () => {
  const op1Menus = async () => (await t.op1.get<Me>('/api/auth/me')).body.data!.menus;
  expect(await op1Menus()).toContain('dashboards/rootdashboard');
  const grantable = (await t.admin.get<string[]>('/api/merchants/grantable-menus')).body.data!;
  const without = grantable.filter((k) => k !== 'dashboards/rootdashboard');
  // Another tree cannot set them.
  const m2Only = await t.m2.put(`/api/merchants/${t.ids.m1}`, { assignableMenus: without });
  expect(m2Only.status).toBe(404);
  expect((await t.admin.put(`/api/merchants/${t.ids.m1}`, { assignableMenus: without })).body.code).toBe(200);
  // merchant01 keeps its own dashboard; what it may grant below loses it at once.
  expect((await t.m1.get<Me>('/api/auth/me')).body.data!.menus).toContain('dashboards/rootdashboard');
  expect(await op1Menus()).not.toContain('dashboards/rootdashboard');
  expect((await t.op1.get('/api/dashboard/summary')).status).toBe(403);
  expect((await t.m1.get<string[]>('/api/merchants/grantable-menus')).body.data).not.toContain(
    'dashboards/rootdashboard',
  );
  const role = await t.m1.post('/api/roles', { name: '看板角色', menus: ['dashboards/rootdashboard'] });
  expect(role.status).toBe(403);
  expect(role.body.message).toContain('dashboards/rootdashboard');
  // Nor can merchant01 open to its sub-merchants a menu it may not grant.
  const sub = Number((await t.p.db.knex('accounts').where({ account: 'submerch01' }).first('id')).id);
  expect(
    (await t.m1.put(`/api/merchants/${sub}`, { assignableMenus: ['dashboards/rootdashboard'] })).status,
  ).toBe(403);
  // Lifting the limit gives it back.
  expect((await t.admin.put(`/api/merchants/${t.ids.m1}`, { assignableMenus: null })).body.code).toBe(200);
  expect(await op1Menus()).toContain('dashboards/rootdashboard');
});
