// Menu roles: what a user sees is what the API allows; merchants hand out only what they hold.
import { DEFAULT_MERCHANT_MENUS, DEFAULT_USER_MENUS, MENU_KEYS } from '../../../../domain/menus';
import type { Me, RoleDto } from '../../../../domain/api';
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p.close());

const as = async (account: string) => {
  const c = new ApiClient(p.url);
  await c.login(account);
  return c;
};

it('gives each demo level its menus', async () => {
  const menus = async (a: string) => (await (await as(a)).get<Me>('/api/auth/me')).body.data!.menus;
  expect(await menus('superadmin')).toEqual([...MENU_KEYS]);
  expect((await menus('merchant01')).sort()).toEqual([...DEFAULT_MERCHANT_MENUS].sort());
  expect((await menus('operator01')).sort()).toEqual([...DEFAULT_USER_MENUS].sort());
});

it('refuses with 403 what the menus do not grant', async () => {
  const op = await as('operator01');
  for (const path of ['/api/accounts', '/api/roles']) {
    const r = await op.get(path);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(403);
  }
  expect((await op.post('/api/notices', { accountId: 3, type: 100, title: 't' })).status).toBe(403);
  expect((await op.get('/api/dashboard/summary')).body.code).toBe(200);
});

it('lets a merchant grant only menus it holds', async () => {
  const m = await as('merchant01');
  const held = await m.post<RoleDto>('/api/roles', {
    name: '客服',
    menus: ['crm/mycustomer', 'dashboards/rootdashboard'],
  });
  expect(held.body.code).toBe(200);
  const notHeld = await m.post('/api/roles', {
    name: '越权',
    menus: ['crm/mycustomer', 'systemset/clusterserver'],
  });
  expect(notHeld.status).toBe(403);
  expect(notHeld.body.message).toContain('systemset/clusterserver');
  expect((await m.post('/api/roles', { name: '未知', menus: ['no/such'] })).status).toBe(400);
  expect((await m.post('/api/roles', { name: '客服', menus: [] })).status).toBe(409);
  // Another tenant's role cannot be edited.
  const adminRole = (await (await as('superadmin')).get<RoleDto[]>('/api/roles')).body.data![0]!;
  expect((await m.put(`/api/roles/${adminRole.id}`, { name: 'mine', menus: [] })).status).toBe(404);
});

it('narrows a subtree at once when a superior loses a menu', async () => {
  const op = await as('operator01');
  expect((await op.get('/api/dashboard/summary')).body.code).toBe(200);
  // The super administrator takes the dashboard away from the merchant's role.
  const admin = await as('superadmin');
  const merchantRole = (await admin.get<RoleDto[]>('/api/roles')).body.data!.find((r) => r.name === '商户')!;
  const without = merchantRole.menus.filter((k) => k !== 'dashboards/rootdashboard');
  expect((await admin.put(`/api/roles/${merchantRole.id}`, { name: '商户', menus: without })).body.code).toBe(
    200,
  );
  // operator01's own role still lists it, but its merchant no longer holds it.
  expect((await op.get('/api/dashboard/summary')).status).toBe(403);
  expect((await op.get<Me>('/api/auth/me')).body.data!.menus).not.toContain('dashboards/rootdashboard');
});
