// Deleting roles (issue 24): typed delete, refused while accounts hold the role (with the count) and
// for the registration role; only the owner's own roles, never another tenant's.
import type { AccountDto, RoleDto } from '../../../../domain/api';
import { ApiClient } from '../../../../test/apiClient';
import { accountForm, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
});
afterAll(() => t.p.close());

const del = (c: ApiClient, id: number, body: unknown = { confirm: 'delete' }) =>
  c.request('DELETE', `/api/roles/${id}`, body);

it('refuses while in use, with the count, then deletes', async () => {
  const role = (await t.m1.post<RoleDto>('/api/roles', { name: '临时角色', menus: ['crm/mycustomer'] })).body
    .data!;
  const users: AccountDto[] = [];
  for (const account of ['roleuse01', 'roleuse02'])
    users.push(
      (await t.m1.post<AccountDto>('/api/accounts', accountForm({ account, roleId: role.id }))).body.data!,
    );
  expect((await del(t.m1, role.id, {})).status).toBe(400);
  const busy = await del(t.m1, role.id);
  expect(busy.status).toBe(409);
  expect(busy.body.message).toBe('该角色正被 2 个账号使用，不能删除');
  // Deleted accounts no longer count.
  for (const u of users)
    expect((await t.m1.request('DELETE', `/api/accounts/${u.id}`, { confirm: 'delete' })).body.code).toBe(
      200,
    );
  expect((await del(t.m1, role.id)).body.code).toBe(200);
  expect((await t.m1.get<RoleDto[]>('/api/roles')).body.data!.map((r) => r.id)).not.toContain(role.id);
  expect(
    await t.p.db
      .knex('accounts')
      .whereIn(
        'id',
        users.map((u) => u.id),
      )
      .pluck('role_id'),
  ).toEqual([null, null]);
});

it('refuses the registration role', async () => {
  const reg = await t.p.db.knex('roles').where({ registration_default: true }).first('id');
  const r = await del(t.admin, Number(reg.id));
  expect(r.status).toBe(409);
});

it("tenant matrix: another merchant's role, its own role, an operator without the menu", async () => {
  const m2Role = (await t.m2.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.ownerId === t.ids.m2)!;
  expect((await del(t.m1, m2Role.id)).status).toBe(404);
  // merchant01's own role (made by the super administrator) is not merchant01's to delete.
  const own = await t.p.db.knex('accounts').where({ id: t.ids.m1 }).first('role_id');
  expect((await del(t.m1, Number(own.role_id))).status).toBe(404);
  expect((await del(t.op1, m2Role.id)).status).toBe(403);
  expect(await t.p.db.knex('roles').where({ id: m2Role.id }).first('id')).toBeTruthy();
});
