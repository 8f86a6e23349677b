// Subordinate accounts to any depth, their validation, and tenant isolation by id.
import type { AccountDto, RoleDto } from '../../../../domain/api';
import { ApiClient } from '../../../../test/apiClient';
import { accountForm } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
let admin: ApiClient;
let m1: ApiClient;
let other: { merchant: AccountDto; user: AccountDto };

const form = accountForm;

beforeAll(async () => {
  p = await startTestPlatform();
  admin = new ApiClient(p.url);
  await admin.login('superadmin');
  m1 = new ApiClient(p.url);
  await m1.login('merchant01');
  // A second merchant tree, made through the API.
  const roles = (await admin.get<RoleDto[]>('/api/roles')).body.data!;
  const merchantRole = roles.find((r) => r.name === '商户')!;
  const merchant = (
    await admin.post<AccountDto>(
      '/api/accounts',
      form({ account: 'merchant02', level: 2, roleId: merchantRole.id, aiSeats: 10, totalAuthorization: 20 }),
    )
  ).body.data!;
  const m2 = new ApiClient(p.url);
  expect((await m2.login('merchant02', 'secret12')).body.code).toBe(200);
  const m2Role = (
    await m2.post<RoleDto>('/api/roles', { name: '二号坐席', menus: ['dashboards/rootdashboard'] })
  ).body.data!;
  const user = (await m2.post<AccountDto>('/api/accounts', form({ account: 'm2user01', roleId: m2Role.id })))
    .body.data!;
  other = { merchant, user };
});
afterAll(() => p.close());

describe('tenant isolation', () => {
  it("lists only the merchant's own subtree", async () => {
    const items = (await m1.get<{ items: AccountDto[] }>('/api/accounts')).body.data!.items.map(
      (a) => a.account,
    );
    expect(items).toEqual(['operator01']);
    const all = (await admin.get<{ items: AccountDto[] }>('/api/accounts')).body.data!.items.map(
      (a) => a.account,
    );
    expect(all).toEqual(expect.arrayContaining(['merchant01', 'operator01', 'merchant02', 'm2user01']));
  });

  it("cannot read or change another merchant's accounts by id (404, nothing changed)", async () => {
    for (const target of [other.merchant, other.user]) {
      expect((await m1.get(`/api/accounts/${target.id}`)).body.code).toBe(404);
      expect((await m1.put(`/api/accounts/${target.id}`, { disabled: true })).body.code).toBe(404);
      expect((await m1.post('/api/notices', { accountId: target.id, type: 1, title: 'x' })).body.code).toBe(
        404,
      );
    }
    const row = await p.db.knex('accounts').where({ id: other.user.id }).first('disabled');
    expect(row.disabled).toBe(false);
  });

  it('cannot reach itself or its superior through the subordinate endpoints', async () => {
    const me = (await m1.get<{ id: number; parentId: number }>('/api/auth/me')).body.data!;
    expect((await m1.get(`/api/accounts/${me.id}`)).body.code).toBe(404);
    expect((await m1.put(`/api/accounts/${me.parentId}`, { disabled: true })).body.code).toBe(404);
  });

  it('rejects malformed ids', async () => {
    expect((await m1.get('/api/accounts/abc')).status).toBe(400);
    expect((await m1.get('/api/accounts/-1')).status).toBe(400);
  });
});

describe('creating subordinates', () => {
  let operatorRole: RoleDto;
  beforeAll(async () => {
    operatorRole = (await m1.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '坐席用户')!;
  });

  it('creates accounts to any depth with paths that keep the tree', async () => {
    const roles = (await m1.get<RoleDto[]>('/api/roles')).body.data!;
    const ownRole = roles.find((r) => r.name === '商户')!; // its own role: may hand it on
    const sub = (
      await m1.post<AccountDto>(
        '/api/accounts',
        form({ account: 'submerch1', level: 2, roleId: ownRole.id, aiSeats: 5, totalAuthorization: 6 }),
      )
    ).body.data!;
    const c = new ApiClient(p.url);
    await c.login('submerch1', 'secret12');
    const subRole = (
      await c.post<RoleDto>('/api/roles', {
        name: '三级',
        menus: ['dashboards/rootdashboard', 'system/usermanagemain'],
      })
    ).body.data!;
    const deep = (
      await c.post<AccountDto>('/api/accounts', form({ account: 'deepuser1', roleId: subRole.id }))
    ).body.data!;
    const d = new ApiClient(p.url);
    await d.login('deepuser1', 'secret12');
    const deeper = await d.post<AccountDto>(
      '/api/accounts',
      form({ account: 'deeper001', roleId: subRole.id, aiSeats: 0, totalAuthorization: 1 }),
    );
    expect(deeper.body.code).toBe(200);
    const rows = await p.db
      .knex('accounts')
      .whereIn('account', ['submerch1', 'deepuser1', 'deeper001'])
      .orderBy('id')
      .select('id', 'path');
    expect(rows[2].path).toBe(`${rows[1].path}${rows[2].id}/`);
    expect(rows[1].path).toBe(`${rows[0].path}${rows[1].id}/`);
    // merchant01 sees all three; the middle one sees only below itself.
    const seen = (await m1.get<{ items: AccountDto[] }>('/api/accounts')).body.data!.items.map(
      (a) => a.account,
    );
    expect(seen).toEqual(expect.arrayContaining(['submerch1', 'deepuser1', 'deeper001']));
    expect(sub.level).toBe(2);
    expect(deep.parentId).toBe(sub.id);
  });

  it('validates like the form (SPEC §5)', async () => {
    const r = await m1.post(
      '/api/accounts',
      form({
        account: 'abc',
        password: '123',
        confirm: '456',
        roleId: operatorRole.id,
        aiSeats: 3,
        totalAuthorization: 3,
        expiresAt: 'tomorrow',
      }),
    );
    expect(r.status).toBe(400);
    const paths = (r.body.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(paths).toEqual(['account', 'confirm', 'expiresAt', 'password', 'totalAuthorization']);
    const auth = await m1.post(
      '/api/accounts',
      form({ account: 'okname01', roleId: operatorRole.id, aiSeats: 3, totalAuthorization: 3 }),
    );
    expect((auth.body.data as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'totalAuthorization',
    ]);
    const types = await m1.post('/api/accounts', { account: 123, level: 'x', roleId: '1', aiSeats: '2' });
    expect(types.status).toBe(400);
  });

  it('refuses a duplicate account (409) and a level, role or limit the creator does not have', async () => {
    expect(
      (await m1.post('/api/accounts', form({ account: 'operator01', roleId: operatorRole.id }))).body.code,
    ).toBe(40005);
    const superRole = (await admin.get<RoleDto[]>('/api/roles')).body.data!.find(
      (r) => r.name === '超级管理员',
    )!;
    expect(
      (await m1.post('/api/accounts', form({ account: 'stealrole', roleId: superRole.id }))).body.code,
    ).toBe(403);
    const late = await m1.post(
      '/api/accounts',
      form({ account: 'toolate01', roleId: operatorRole.id, expiresAt: '2099-01-01' }),
    );
    expect(late.status).toBe(400);
    // Field refusals from the service arrive translated, like schema errors.
    expect(late.body.data).toEqual({
      errors: [{ path: 'expiresAt', message: '到期时间不能晚于上级账号的到期时间' }],
    });
    expect(
      (
        await m1.post(
          '/api/accounts',
          form({ account: 'toomany01', roleId: operatorRole.id, aiSeats: 500, totalAuthorization: 501 }),
        )
      ).status,
    ).toBe(400);
    const op = new ApiClient(p.url);
    await op.login('operator01');
    expect((await op.get('/api/accounts')).body.code).toBe(403); // its role has no user management menu
  });
});

describe('issue 21', () => {
  it('makes account names unique whatever the case, and logs in by name in any case', async () => {
    const roleId = (await m1.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '坐席用户')!.id;
    const made = await m1.post<AccountDto>('/api/accounts', form({ account: 'CaseUser01', roleId }));
    expect(made.body.data!.account).toBe('CaseUser01'); // kept as typed
    for (const name of ['CaseUser01', 'caseuser01', 'CASEUSER01'])
      expect((await new ApiClient(p.url).login(name, 'secret12')).body.code).toBe(200);
    // Inside one's own subtree the clash is named...
    const dup = await m1.post('/api/accounts', form({ account: 'caseUSER01', roleId }));
    expect([dup.status, dup.body.code, dup.body.message]).toEqual([409, 40005, '账号已存在']);
    // ...elsewhere it is only "not available" (another tenant's name, or e-mail, in another case).
    const m2 = new ApiClient(p.url);
    await m2.login('merchant02', 'secret12');
    const m2Role = (await m2.get<RoleDto[]>('/api/roles')).body.data![0]!.id;
    const foreign = await m2.post('/api/accounts', form({ account: 'CASEuser01', roleId: m2Role }));
    expect([foreign.status, foreign.body.code, foreign.body.message]).toEqual([
      409,
      40005,
      '该账号名不可用，请换一个',
    ]);
    const mail = await m2.post(
      '/api/accounts',
      form({ account: 'freshname1', roleId: m2Role, email: 'OPERATOR01@callplat.local' }),
    );
    expect([mail.status, mail.body.code, mail.body.message]).toEqual([409, 40006, '该邮箱不可用，请换一个']);
    const edit = await m2.put(`/api/accounts/${other.user.id}`, { email: 'operator01@CALLPLAT.local' });
    expect([edit.status, edit.body.message]).toEqual([409, '该邮箱不可用，请换一个']);
  });

  it("lets the super administrator disable (and enable) any account without other fields' checks", async () => {
    // A registrant as registration makes it: 0 seats, 0 total authorization.
    const [row] = await p.db
      .knex('accounts')
      .insert({
        parent_id: 1,
        level: 1,
        account: 'selfreg001',
        email: 'selfreg001@example.test',
        password_hash: 'x',
        expires_at: new Date(Date.now() + 86_400_000),
        self_registered: true,
      })
      .returning('id');
    await p.db
      .knex('accounts')
      .where({ id: row.id })
      .update({ path: `/1/${row.id}/` });
    const off = await admin.put<AccountDto>(`/api/accounts/${row.id}`, { disabled: true });
    expect([off.status, off.body.data?.disabled]).toEqual([200, true]);
    expect((await admin.put<AccountDto>(`/api/accounts/${row.id}`, { disabled: false })).status).toBe(200);
    // Other edits still check their rules.
    expect((await admin.put(`/api/accounts/${row.id}`, { aiSeats: 3, totalAuthorization: 3 })).status).toBe(
      400,
    );
  });
});

describe('disabling', () => {
  it('ends the sessions of a disabled account at once', async () => {
    const roles = (await m1.get<RoleDto[]>('/api/roles')).body.data!;
    const acct = (
      await m1.post<AccountDto>(
        '/api/accounts',
        form({ account: 'soonoff01', roleId: roles.find((r) => r.name === '坐席用户')!.id }),
      )
    ).body.data!;
    const c = new ApiClient(p.url);
    await c.login('soonoff01', 'secret12');
    expect((await c.get('/api/auth/me')).body.code).toBe(200);
    expect((await m1.put(`/api/accounts/${acct.id}`, { disabled: true })).body.data).toMatchObject({
      disabled: true,
    });
    expect((await c.get('/api/auth/me')).body.code).toBe(102);
    expect((await new ApiClient(p.url).login('soonoff01', 'secret12')).body.code).toBe(40003);
  });
});
