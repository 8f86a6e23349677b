// Shared set-up of the integration tests: logged-in API clients, a second merchant tree made
// through the API (for tenant-isolation tests), customers written straight into the table, and
// a live socket.
import { relayLiveBatches } from '../domain/liveBatch';
import { io as connect, type Socket } from 'socket.io-client';
import type { AccountDto, Me, RoleDto } from '../domain/api';
import { phoneHash } from '../platform/secrets';
import { ApiClient } from './apiClient';
import { startTestPlatform, type TestPlatform } from './harness';

export const CRM_MENUS = ['crm/mycustomer', 'crm/workremain', 'crm/sea', 'system/blackset'];

export async function loggedIn(p: TestPlatform, account: string, password = 'demo1234'): Promise<ApiClient> {
  const c = new ApiClient(p.url);
  const r = await c.login(account, password);
  if (r.body.code !== 200) throw new Error(`login ${account}: ${r.body.message}`);
  return c;
}

export async function accountId(p: TestPlatform, account: string): Promise<number> {
  return Number((await p.db.knex('accounts').where({ account }).first('id')).id);
}

const inAYear = () => new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);

/** A valid new-account form (level 1 user) with `over` applied. */
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

/** merchant02 (level 2, the merchant role) under the super administrator, with a user m2user01 holding `menus`. */
export async function secondMerchantTree(p: TestPlatform, menus: string[] = CRM_MENUS) {
  const admin = await loggedIn(p, 'superadmin');
  const roles = (await admin.get<RoleDto[]>('/api/roles')).body.data!;
  const merchantRole = roles.find((r) => r.name === '商户')!;
  const merchant = (
    await admin.post<AccountDto>(
      '/api/accounts',
      accountForm({
        account: 'merchant02',
        level: 2,
        roleId: merchantRole.id,
        aiSeats: 10,
        totalAuthorization: 20,
      }),
    )
  ).body.data!;
  const m2 = await loggedIn(p, 'merchant02', 'secret12');
  const role = (await m2.post<RoleDto>('/api/roles', { name: '二号坐席', menus })).body.data!;
  const user = (
    await m2.post<AccountDto>('/api/accounts', accountForm({ account: 'm2user01', roleId: role.id }))
  ).body.data!;
  return { admin, merchant, user, m2, u2: await loggedIn(p, 'm2user01', 'secret12') };
}

export interface Tree {
  p: TestPlatform;
  admin: ApiClient;
  m1: ApiClient;
  op1: ApiClient;
  m2: ApiClient;
  ids: { m1: number; op1: number; m2: number; m2user: number };
}

/** A fresh platform with the demo tree (merchant01 above operator01) and the second merchant tree. */
export async function startTree(menus?: string[]): Promise<Tree> {
  const p = await startTestPlatform();
  const second = await secondMerchantTree(p, menus);
  const m1 = await loggedIn(p, 'merchant01');
  const op1 = await loggedIn(p, 'operator01');
  const idOf = async (c: ApiClient) => (await c.get<Me>('/api/auth/me')).body.data!.id;
  return {
    p,
    admin: second.admin,
    m1,
    op1,
    m2: second.m2,
    ids: { m1: await idOf(m1), op1: await idOf(op1), m2: second.merchant.id, m2user: second.user.id },
  };
}

/** A valid, distinct mobile number for test row `i`. */
export const mobile = (i: number) => `138${String(i).padStart(8, '0')}`;

const customerRow = (p: TestPlatform, accountId: number, phone: string, name: string) => ({
  account_id: accountId,
  name,
  phone,
  phone_hash: phoneHash(p.config.secretKey, phone),
});

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
      rows.push({ ...customerRow(p, accountId, mobile(firstPhone + i), `客户${i}`), ...row(i) });
    }
    const got = await p.db.knex('customers').insert(rows).returning('id');
    ids.push(...got.map((r: { id: string }) => Number(r.id)));
  }
  return ids.sort((a, b) => a - b);
}

let phoneSeq = 0;
/** One customer owned by `accountId`; a fresh valid mobile number (139…) unless `over.phone` is given. */
export async function insertCustomer(
  p: TestPlatform,
  accountId: number,
  over: Record<string, unknown> = {},
): Promise<number> {
  const phone = (over.phone as string) ?? `139${String(10_000_000 + ++phoneSeq).slice(-8)}`;
  const [row] = await p.db
    .knex('customers')
    .insert({ ...customerRow(p, accountId, phone, `客户${phoneSeq}`), ...over })
    .returning('id');
  return Number(row.id);
}

export async function liveSocket(p: TestPlatform, c: ApiClient): Promise<Socket> {
  const s = connect(p.url, {
    transports: ['websocket'],
    auth: { token: c.token },
    extraHeaders: { cookie: `Auth=${c.cookie}` },
    reconnection: false,
  });
  relayLiveBatches(s); // as the browser's socket does (client/src/socket/channel.ts)
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}
