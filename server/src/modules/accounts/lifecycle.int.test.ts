// Deleting an account (what happens to its subordinates, tasks, customers and balance), resetting a
// subordinate's password, the daily limits on the account form, and the tenant matrix of these routes.
import type { AccountDto, RoleDto } from '../../../../domain/api';
import { ApiClient } from '../../../../test/apiClient';
import { accountForm, insertCustomer, loggedIn, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
let userRole: RoleDto;

beforeAll(async () => {
  t = await startTree();
  userRole = (await t.m1.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '坐席用户')!;
});
afterAll(() => t.p.close());

const del = (c: ApiClient, path: string, body: unknown) => c.request('DELETE', path, body);
const knex = () => t.p.db.knex;
const newUser = async (account: string, over: Record<string, unknown> = {}) => {
  const r = await t.m1.post<AccountDto>(
    '/api/accounts',
    accountForm({ account, roleId: userRole.id, ...over }),
  );
  expect(r.body.code).toBe(200);
  return r.body.data!;
};
const balanceOf = async (id: number) =>
  Number((await knex()('accounts').where({ id }).first('balance_fen')).balance_fen);
const task = (account_id: number, status: number) => ({
  account_id,
  name: `任务${status}`,
  robots: 1,
  start_date: '2026-01-01',
  status,
  run_state: 0,
});

describe('delete', () => {
  it('needs the word delete typed', async () => {
    const u = await newUser('deltype01');
    expect((await del(t.m1, `/api/accounts/${u.id}`, {})).status).toBe(400);
    expect((await del(t.m1, `/api/accounts/${u.id}`, { confirm: 'yes' })).status).toBe(400);
    expect((await t.m1.get(`/api/accounts/${u.id}`)).body.code).toBe(200);
  });

  it('keeps customers and tasks, returns the balance to the superior, ends the sessions', async () => {
    const u = await newUser('delkeep01');
    const c = await loggedIn(t.p, 'delkeep01', 'secret12');
    await knex()('accounts').where({ id: t.ids.m1 }).update({ balance_fen: 100_000 });
    const paid = await t.m1.post('/api/finance/recharges', {
      accountId: u.id,
      amount: '12.34',
      confirm: true,
      requestId: 'del-keep-recharge-1',
    });
    expect(paid.body.code).toBe(200);
    const customerId = await insertCustomer(t.p, u.id);
    const [taskRow] = await knex()('tasks').insert(task(u.id, 0)).returning('id');
    const m1Before = await balanceOf(t.ids.m1);

    const r = await del(t.m1, `/api/accounts/${u.id}`, { confirm: 'delete' });
    expect(r.body.code).toBe(200);
    expect(await balanceOf(u.id)).toBe(0);
    expect(await balanceOf(t.ids.m1)).toBe(m1Before + 1234);
    const ledger = await knex()('ledger_entries')
      .whereIn('idempotency_key', [`delete:${u.id}:debit`, `delete:${u.id}:credit`])
      .orderBy('id')
      .select('account_id', 'delta_fen', 'kind');
    expect(ledger.map((l) => [Number(l.account_id), Number(l.delta_fen), l.kind])).toEqual([
      [u.id, -1234, 'adjust'],
      [t.ids.m1, 1234, 'adjust'],
    ]);
    // Each balance is its newest ledger row's balance after.
    for (const id of [u.id, t.ids.m1]) {
      const last = await knex()('ledger_entries').where({ account_id: id }).orderBy('id', 'desc').first();
      expect(Number(last.balance_after_fen)).toBe(await balanceOf(id));
    }
    // Customers and tasks stay where they were.
    expect(await knex()('customers').where({ id: customerId }).first('account_id')).toEqual({
      account_id: String(u.id),
    });
    expect((await knex()('tasks').where({ id: taskRow.id }).first('account_id')).account_id).toBe(
      String(u.id),
    );
    // Gone from the lists and id routes; its session ended and it cannot log in; the name stays taken.
    const list = (await t.m1.get<{ items: AccountDto[] }>('/api/accounts?limit=200')).body.data!.items;
    expect(list.map((a) => a.account)).not.toContain('delkeep01');
    expect((await t.m1.get(`/api/accounts/${u.id}`)).status).toBe(404);
    expect((await del(t.m1, `/api/accounts/${u.id}`, { confirm: 'delete' })).status).toBe(404);
    // No picker offers it, and nothing can be given to it (customers, recharges).
    const options = (await t.m1.get<{ accounts: { id: number }[] }>('/api/callrecords/options')).body.data!;
    expect(options.accounts.map((a) => a.id)).not.toContain(u.id);
    const recharge = await t.m1.post('/api/finance/recharges', {
      accountId: u.id,
      amount: '1.00',
      confirm: true,
      requestId: 'del-keep-recharge-2',
    });
    expect(recharge.body.code).not.toBe(200);
    expect(await balanceOf(u.id)).toBe(0);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(t.p.url).login('delkeep01', 'secret12')).body.code).not.toBe(200);
    expect(
      (await t.m1.post('/api/accounts', accountForm({ account: 'DELKEEP01', roleId: userRole.id }))).status,
    ).toBe(409);
  });

  it('is refused while the account has subordinates or queued/running tasks, with the count', async () => {
    const merchantRole = (await t.m1.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '商户')!;
    const sub = await newUser('delsub001', {
      level: 2,
      roleId: merchantRole.id,
      aiSeats: 2,
      totalAuthorization: 3,
    });
    const subClient = await loggedIn(t.p, 'delsub001', 'secret12');
    const subRole = (await subClient.post<RoleDto>('/api/roles', { name: '子账号角色', menus: [] })).body
      .data!;
    const child = (
      await subClient.post<AccountDto>(
        '/api/accounts',
        accountForm({ account: 'delchild1', roleId: subRole.id }),
      )
    ).body.data!;
    const r = await del(t.m1, `/api/accounts/${sub.id}`, { confirm: 'delete' });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('1');

    await knex()('tasks').insert([task(child.id, 2), task(child.id, 4), task(child.id, 0)]);
    const busy = await del(subClient, `/api/accounts/${child.id}`, { confirm: 'delete' });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toContain('2');
    await knex()('tasks').where({ account_id: child.id }).update({ status: 0 });
    expect((await del(subClient, `/api/accounts/${child.id}`, { confirm: 'delete' })).body.code).toBe(200);
    // With its only subordinate deleted the merchant may go.
    expect((await del(t.m1, `/api/accounts/${sub.id}`, { confirm: 'delete' })).body.code).toBe(200);
  });
});

describe('reset password', () => {
  it('checks the rules, sets the password and ends the sessions', async () => {
    const u = await newUser('resetpw01');
    const c = await loggedIn(t.p, 'resetpw01', 'secret12');
    const bad = await t.m1.post(`/api/accounts/${u.id}/password`, { password: '123', confirm: '456' });
    expect(bad.status).toBe(400);
    const paths = (bad.body.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(paths).toEqual(['confirm', 'password']);
    const r = await t.m1.post(`/api/accounts/${u.id}/password`, {
      password: 'newpass9',
      confirm: 'newpass9',
    });
    expect(r.body.code).toBe(200);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect(await loggedIn(t.p, 'resetpw01', 'newpass9')).toBeTruthy();
  });
});

describe('daily limits', () => {
  it('are saved and returned, 0 by default, never negative', async () => {
    const u = await newUser('limits001', { dailyConnectLimit: 50, dailyMinutesLimit: 120 });
    expect([u.dailyConnectLimit, u.dailyMinutesLimit]).toEqual([50, 120]);
    const d = await newUser('limits002');
    expect([d.dailyConnectLimit, d.dailyMinutesLimit]).toEqual([0, 0]);
    const bad = await t.m1.put(`/api/accounts/${u.id}`, { dailyConnectLimit: -1 });
    expect(bad.status).toBe(400);
    const ok = await t.m1.put<AccountDto>(`/api/accounts/${u.id}`, { dailyMinutesLimit: 30 });
    expect(ok.body.data!.dailyMinutesLimit).toBe(30);
  });
});

describe('tenant matrix', () => {
  it("cannot delete or reset another merchant's accounts, itself or its superior (404)", async () => {
    const me = t.ids.m1;
    const parent = Number((await knex()('accounts').where({ id: me }).first('parent_id')).parent_id);
    for (const id of [t.ids.m2, t.ids.m2user, me, parent]) {
      expect((await del(t.m1, `/api/accounts/${id}`, { confirm: 'delete' })).status).toBe(404);
      expect(
        (await t.m1.post(`/api/accounts/${id}/password`, { password: 'hacked1', confirm: 'hacked1' })).status,
      ).toBe(404);
    }
    const row = await knex()('accounts').where({ id: t.ids.m2user }).first('deleted_at', 'disabled');
    expect(row).toEqual({ deleted_at: null, disabled: false });
  });

  it('refuses an operator without the user-management menu (403)', async () => {
    expect((await del(t.op1, `/api/accounts/${t.ids.m2user}`, { confirm: 'delete' })).status).toBe(403);
    expect(
      (
        await t.op1.post(`/api/accounts/${t.ids.m2user}/password`, {
          password: 'hacked1',
          confirm: 'hacked1',
        })
      ).status,
    ).toBe(403);
  });
});
