// Test fixtures for the customer-center integration tests (followups, sea, blacklist): a second
// merchant tree, customers inserted straight into the database, and a live socket.
import { io as connect, type Socket } from 'socket.io-client';
import type { AccountDto, RoleDto } from '../../../../../domain/api';
import { ApiClient } from '../../../../../test/apiClient';
import type { TestPlatform } from '../../../../../test/harness';
import { phoneHash } from '../../../../../config/secrets';

export const CRM_MENUS = ['crm/mycustomer', 'crm/workremain', 'crm/sea', 'system/blackset'];

export async function loggedIn(p: TestPlatform, account: string, password = 'demo1234') {
  const c = new ApiClient(p.url);
  const r = await c.login(account, password);
  if (r.body.code !== 200) throw new Error(`login ${account}: ${r.body.message}`);
  return c;
}

export async function accountId(p: TestPlatform, account: string): Promise<number> {
  return Number((await p.db.knex('accounts').where({ account }).first('id')).id);
}

/** merchant02 (level 2, the merchant role) under the super administrator, with a user m2user01. */
export async function secondMerchantTree(p: TestPlatform) {
  const admin = await loggedIn(p, 'superadmin');
  const form = (over: Record<string, unknown>) => ({
    password: 'secret12',
    confirm: 'secret12',
    realName: '测试',
    level: 1,
    aiSeats: 1,
    totalAuthorization: 2,
    dialIntervalSeconds: 0,
    expiresAt: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10),
    ...over,
  });
  const roles = (await admin.get<RoleDto[]>('/api/roles')).body.data!;
  const merchantRole = roles.find((r) => r.name === '商户')!;
  const merchant = (
    await admin.post<AccountDto>(
      '/api/accounts',
      form({ account: 'merchant02', level: 2, roleId: merchantRole.id, aiSeats: 10, totalAuthorization: 20 }),
    )
  ).body.data!;
  const m2 = await loggedIn(p, 'merchant02', 'secret12');
  const role = (await m2.post<RoleDto>('/api/roles', { name: '二号坐席', menus: CRM_MENUS })).body.data!;
  const user = (await m2.post<AccountDto>('/api/accounts', form({ account: 'm2user01', roleId: role.id })))
    .body.data!;
  return { admin, merchant, user, m2, u2: await loggedIn(p, 'm2user01', 'secret12') };
}

let phoneSeq = 0;
/** A customer row owned by `accountId`; a fresh valid mobile number unless given. */
export async function insertCustomer(
  p: TestPlatform,
  accountId: number,
  over: Record<string, unknown> = {},
): Promise<number> {
  const phone = (over.phone as string) ?? `139${String(10_000_000 + ++phoneSeq).slice(-8)}`;
  const [row] = await p.db
    .knex('customers')
    .insert({
      account_id: accountId,
      name: `客户${phoneSeq}`,
      phone,
      phone_hash: phoneHash(p.config.secretKey, phone),
      ...over,
    })
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
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}
