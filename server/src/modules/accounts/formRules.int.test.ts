// The SPEC §5 user rules as API errors (issue 24), field by field and in the caller's language, on
// every route that writes an account: POST/PUT /api/accounts and POST/PUT /api/merchants. Account at
// least 6 letters or digits, password at least 6 with its confirmation, total authorisation above
// the AI seats, expiry and dial interval required, a child never beyond its creator's expiry or seats
// (on an edit too); the super administrator has no such ceiling. Nothing is written on a refusal.
import type { AccountDto, RoleDto } from '../../../../domain/api';
import type { ApiClient } from '../../../../test/apiClient';
import { accountForm, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
let userRole: number;
let merchantRole: number;

beforeAll(async () => {
  t = await startTree();
  const roles = (await t.m1.get<RoleDto[]>('/api/roles')).body.data!;
  userRole = roles.find((r) => r.name === '坐席用户')!.id;
  merchantRole = roles.find((r) => r.name === '商户')!.id;
}, 60_000);
afterAll(() => t.p.close());

type Errors = { errors: { path: string; message: string }[] };
const errorsOf = (body: { data?: unknown }) =>
  Object.fromEntries((body.data as Errors).errors.map((e) => [e.path, e.message]));
const m1Row = () => t.p.db.knex('accounts').where({ id: t.ids.m1 }).first('ai_seats', 'expires_at');
const dayAfter = (d: Date) => new Date(d.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
const without = (o: Record<string, unknown>, k: string) => {
  const { [k]: _gone, ...rest } = o;
  return rest;
};

/** A new account's form, valid but for `over`; `drop` removes a field. */
const newForm = (over: Record<string, unknown>, drop?: string) => {
  const f = accountForm({ account: 'rulecheck1', roleId: userRole, ...over });
  return drop ? without(f, drop) : f;
};

const routes = {
  account: (c: ApiClient, body: unknown) => c.post('/api/accounts', body),
  merchant: (c: ApiClient, body: unknown) =>
    c.post('/api/merchants', { ...(body as object), roleId: merchantRole }),
};

describe.each(Object.entries(routes))('creating through the %s route', (kind, create) => {
  it.each([
    [
      'an account of 5 characters',
      { account: 'abc12' },
      undefined,
      'account',
      '账号至少 6 位，只能是字母或数字',
    ],
    [
      'an account with an underscore',
      { account: 'abc_123' },
      undefined,
      'account',
      '账号至少 6 位，只能是字母或数字',
    ],
    [
      'an account in Chinese',
      { account: '账号一二三四五' },
      undefined,
      'account',
      '账号至少 6 位，只能是字母或数字',
    ],
    ['a password of 5', { password: '12345', confirm: '12345' }, undefined, 'password', '密码至少 6 位'],
    ['a confirmation that differs', { confirm: 'secret13' }, undefined, 'confirm', '两次输入的密码不一致'],
    [
      'total authorisation equal to the seats',
      { aiSeats: 2, totalAuthorization: 2 },
      undefined,
      'totalAuthorization',
      '总授权数必须大于 AI 坐席数',
    ],
    ['no expiry', {}, 'expiresAt', 'expiresAt', '必填'],
    ['no dial interval', {}, 'dialIntervalSeconds', 'dialIntervalSeconds', '必填'],
  ] as const)('refuses %s (400 on the field, nothing written)', async (_what, over, drop, path, message) => {
    const r = await create(t.m1, newForm(over, drop));
    expect(r.status).toBe(400);
    expect(errorsOf(r.body)[path]).toBe(message);
    expect(await t.p.db.knex('accounts').where({ account: 'rulecheck1' }).first('id')).toBeUndefined();
  });

  it("refuses more seats or a later expiry than the creator's own, in the caller's language", async () => {
    const me = await m1Row();
    const seats = await create(
      t.m1,
      newForm({ aiSeats: me.ai_seats + 1, totalAuthorization: me.ai_seats + 2 }),
    );
    expect([seats.status, errorsOf(seats.body).aiSeats]).toEqual([400, 'AI 坐席数不能超过自己的坐席数']);
    t.m1.lang = 'en';
    try {
      const late = await create(t.m1, newForm({ expiresAt: dayAfter(me.expires_at) }));
      expect([late.status, errorsOf(late.body).expiresAt]).toEqual([
        400,
        'The expiry cannot be later than your own',
      ]);
    } finally {
      t.m1.lang = 'zh-CN';
    }
    // The super administrator has no ceiling of its own.
    const free = await create(
      t.admin,
      newForm({
        account: `free${kind}1`,
        level: 2,
        roleId: merchantRole,
        aiSeats: 500,
        totalAuthorization: 501,
      }),
    );
    expect(free.status).toBe(200);
  });
});

describe('editing an account', () => {
  it('keeps the same rules: seats, expiry, authorisation, date format', async () => {
    const me = await m1Row();
    const before = await t.p.db.knex('accounts').where({ id: t.ids.op1 }).first();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { aiSeats: me.ai_seats + 1, totalAuthorization: me.ai_seats + 2 },
        'aiSeats',
        'AI 坐席数不能超过自己的坐席数',
      ],
      [{ expiresAt: dayAfter(me.expires_at) }, 'expiresAt', '到期时间不能晚于上级账号的到期时间'],
      [{ totalAuthorization: Number(before.ai_seats) }, 'totalAuthorization', '总授权数必须大于 AI 坐席数'],
      [{ aiSeats: 3, totalAuthorization: 3 }, 'totalAuthorization', '总授权数必须大于 AI 坐席数'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt', '日期格式不正确'],
      [{ dialIntervalSeconds: -1 }, 'dialIntervalSeconds', '格式不正确'],
    ];
    for (const [body, path, message] of cases) {
      const r = await t.m1.put<AccountDto>(`/api/accounts/${t.ids.op1}`, body);
      expect([body, r.status, errorsOf(r.body)[path]]).toEqual([body, 400, message]);
    }
    expect(await t.p.db.knex('accounts').where({ id: t.ids.op1 }).first()).toEqual(before);
  });

  it('applies them to a merchant edited on the merchants page too', async () => {
    const sub = await t.m1.post<AccountDto>(
      '/api/merchants',
      accountForm({ account: 'rulesub01', roleId: merchantRole, aiSeats: 1, totalAuthorization: 2 }),
    );
    expect(sub.status).toBe(200);
    const me = await m1Row();
    const r = await t.m1.put(`/api/merchants/${sub.body.data!.id}`, {
      aiSeats: me.ai_seats + 1,
      totalAuthorization: me.ai_seats + 2,
    });
    expect([r.status, errorsOf(r.body).aiSeats]).toEqual([400, 'AI 坐席数不能超过自己的坐席数']);
    const same = await t.m1.put(`/api/merchants/${sub.body.data!.id}`, { aiSeats: 2, totalAuthorization: 2 });
    expect([same.status, errorsOf(same.body).totalAuthorization]).toEqual([
      400,
      '总授权数必须大于 AI 坐席数',
    ]);
  });
});
