// Demo data: one account per level (config/demo.ts), their roles, two SIP lines, a balance, call rates
// and a welcome notice. Runs again harmlessly: when the super administrator exists it only adds the
// demo call rates that are missing.
import type { Knex } from 'knex';
import argon2 from 'argon2';
import { loadConfig } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../config/demo';
import { DEFAULT_MERCHANT_MENUS, DEFAULT_USER_MENUS, MENU_KEYS } from '../domain/menus';
import { NoticeType } from '../domain/codes';

const YEAR_MS = 365 * 86_400_000;

async function role(
  knex: Knex,
  ownerId: number,
  name: string,
  menus: readonly string[],
  registration = false,
) {
  const [r] = await knex('roles')
    .insert({ owner_id: ownerId, name, description: name, registration_default: registration })
    .returning('id');
  await knex('role_menus').insert(menus.map((m) => ({ role_id: r.id, menu_key: m })));
  return Number(r.id);
}

async function account(
  knex: Knex,
  parent: { id: number; path: string } | null,
  demo: (typeof DEMO_ACCOUNTS)[number],
  hash: string,
  extra: Record<string, unknown>,
) {
  const [row] = await knex('accounts')
    .insert({
      parent_id: parent?.id ?? null,
      level: demo.level,
      account: demo.account,
      email: demo.email,
      real_name: demo.realName,
      password_hash: hash,
      expires_at: new Date(Date.now() + YEAR_MS),
      ...extra,
    })
    .returning('id');
  const id = Number(row.id);
  const path = `${parent?.path ?? '/'}${id}/`;
  await knex('accounts').where({ id }).update({ path });
  return { id, path };
}

async function recharge(knex: Knex, accountId: number, byId: number | null, fen: number) {
  const a = await knex('accounts').where({ id: accountId }).forUpdate().first('balance_fen');
  const before = Number(a.balance_fen);
  await knex('accounts')
    .where({ id: accountId })
    .update({ balance_fen: before + fen });
  await knex('ledger_entries').insert({
    account_id: accountId,
    delta_fen: fen,
    balance_before_fen: before,
    balance_after_fen: before + fen,
    kind: 'recharge',
    description: 'demo recharge',
    created_by: byId,
  });
}

/**
 * Call rates of the demo merchant (set by the platform) and of its user (set by the merchant), so a
 * demo call is charged at both levels and the balances fall. Also added to a database seeded before
 * the rates existed; a rate someone has set since is left as it is.
 */
export const DEMO_RATES = {
  merchant: { ratePerMinFen: 10, accuracyS: 6 },
  user: { ratePerMinFen: 15, accuracyS: 60 },
} as const;

async function demoRates(knex: Knex): Promise<void> {
  const ids = await knex('accounts')
    .whereIn(
      'account',
      DEMO_ACCOUNTS.map((a) => a.account),
    )
    .select('id', 'account', 'parent_id');
  const byName = new Map(ids.map((r) => [r.account as string, r]));
  const rows = (
    [
      [DEMO_ACCOUNTS[1].account, DEMO_RATES.merchant],
      [DEMO_ACCOUNTS[2].account, DEMO_RATES.user],
    ] as const
  ).flatMap(([name, rate]) => {
    const a = byName.get(name);
    return a
      ? [
          {
            account_id: a.id,
            rate_per_min_fen: rate.ratePerMinFen,
            accuracy_s: rate.accuracyS,
            set_by: a.parent_id,
          },
        ]
      : [];
  });
  if (rows.length) await knex('billing_rates').insert(rows).onConflict('account_id').ignore();
}

export async function seed(knex: Knex): Promise<void> {
  const [superDemo, merchantDemo, userDemo] = DEMO_ACCOUNTS;
  if (await knex('accounts').where({ account: superDemo.account }).first('id')) return demoRates(knex);
  const cfg = loadConfig().argon2;
  const hash = await argon2.hash(DEMO_PASSWORD, { ...cfg, type: argon2.argon2id as 2 });

  await knex.transaction(async (trx) => {
    const sa = await account(trx, null, superDemo, hash, {});
    const superRole = await role(trx, sa.id, '超级管理员', MENU_KEYS);
    await trx('accounts').where({ id: sa.id }).update({ role_id: superRole });
    const merchantRole = await role(trx, sa.id, '商户', DEFAULT_MERCHANT_MENUS);
    await role(trx, sa.id, '注册用户', DEFAULT_USER_MENUS, true);

    const m = await account(trx, sa, merchantDemo, hash, {
      role_id: merchantRole,
      ai_seats: 20,
      total_authorization: 30,
    });
    const operatorRole = await role(trx, m.id, '坐席用户', DEFAULT_USER_MENUS);
    const u = await account(trx, m, userDemo, hash, {
      role_id: operatorRole,
      ai_seats: 5,
      total_authorization: 6,
    });

    await recharge(trx, m.id, sa.id, 1_234_567); // 12,345.67 yuan
    await recharge(trx, u.id, m.id, 50_000); // 500.00 yuan

    const lines = await trx('sip_lines')
      .insert([
        {
          account_id: m.id,
          name: 'demo-line-1',
          server_ip: '10.0.0.10',
          port: 5060,
          auth_account: 'line000001',
          password_enc: '',
          caller_number: '02100000001',
          codec: 'PCMA',
          rate_count: 5,
          rate_seconds: 1,
          port_count: 30,
        },
        {
          account_id: m.id,
          name: 'demo-line-2',
          server_ip: '10.0.0.11',
          port: 5060,
          auth_account: 'line000002',
          password_enc: '',
          caller_number: '02100000002',
          codec: 'G729',
          rate_count: 2,
          rate_seconds: 1,
          port_count: 10,
        },
      ])
      .returning('id');
    await trx('sip_line_assignments').insert({ line_id: lines[0].id, account_id: u.id });

    for (const a of [sa, m, u])
      await trx('notices').insert({
        account_id: a.id,
        type: NoticeType.System,
        title: '',
        title_key: 'welcome.title',
        body_key: 'welcome.body',
      });
    await demoRates(trx);
  });
}
