// Shared set-up of the customer-center integration tests: the demo tree (merchant01 above
// operator01), a second merchant tree made through the API, and bulk customer rows written with knex.
import type { AccountDto, Me, RoleDto } from '../../../../../domain/api';
import { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { phoneHash } from '../../../../../config/secrets';

export interface Tree {
  p: TestPlatform;
  admin: ApiClient;
  m1: ApiClient;
  op1: ApiClient;
  m2: ApiClient;
  ids: { m1: number; op1: number; m2: number; m2user: number };
}

const inAYear = () => new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
export const accountForm = (over: Record<string, unknown>) => ({
  password: 'secret12',
  confirm: 'secret12',
  realName: '测试',
  level: 1,
  aiSeats: 1,
  totalAuthorization: 2,
  dialIntervalSeconds: 0,
  expiresAt: inAYear(),
  ...over,
});

const as = async (p: TestPlatform, account: string, password?: string) => {
  const c = new ApiClient(p.url);
  expect((await c.login(account, password)).body.code).toBe(200);
  return c;
};
const idOf = async (c: ApiClient) => (await c.get<Me>('/api/auth/me')).body.data!.id;

export async function startTree(): Promise<Tree> {
  const p = await startTestPlatform();
  const admin = await as(p, 'superadmin');
  const roles = (await admin.get<RoleDto[]>('/api/roles')).body.data!;
  const merchantRole = roles.find((r) => r.name === '商户')!;
  await admin.post<AccountDto>(
    '/api/accounts',
    accountForm({
      account: 'merchant02',
      level: 2,
      roleId: merchantRole.id,
      aiSeats: 10,
      totalAuthorization: 20,
    }),
  );
  const m2 = await as(p, 'merchant02', 'secret12');
  const m2Role = (await m2.post<RoleDto>('/api/roles', { name: '二号坐席', menus: ['crm/mycustomer'] })).body
    .data!;
  const m2user = (
    await m2.post<AccountDto>('/api/accounts', accountForm({ account: 'm2user01', roleId: m2Role.id }))
  ).body.data!;
  const m1 = await as(p, 'merchant01');
  const op1 = await as(p, 'operator01');
  return {
    p,
    admin,
    m1,
    op1,
    m2,
    ids: { m1: await idOf(m1), op1: await idOf(op1), m2: await idOf(m2), m2user: m2user.id },
  };
}

/** A valid, distinct mobile number for test row `i`. */
export const mobile = (i: number) => `138${String(i).padStart(8, '0')}`;

/** Inserts `n` customers for `accountId` straight into the table; returns their ids (ascending). */
export async function insertCustomers(
  p: TestPlatform,
  accountId: number,
  n: number,
  row: (i: number) => Record<string, unknown> = () => ({}),
  firstPhone = 0,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < n; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      const phone = mobile(firstPhone + i);
      rows.push({
        account_id: accountId,
        name: `客户${i}`,
        phone,
        phone_hash: phoneHash(p.config.secretKey, phone),
        ...row(i),
      });
    }
    const got = await p.db.knex('customers').insert(rows).returning('id');
    ids.push(...got.map((r: { id: string }) => Number(r.id)));
  }
  return ids.sort((a, b) => a - b);
}
