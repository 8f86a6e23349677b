// Shields and caps: the call blacklist (add, import, search, remove), the day shield (rules, today's
// list, manual add, remove), dialing defaults and the parent's concurrency quota — bad input, duplicates,
// another tree's ids (404) and missing menus (403) for every endpoint.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  AddNumbersResult,
  CallBlacklistEntryDto,
  DayShieldDto,
  DialSettingsDto,
  QuotaRowDto,
} from '../../../../domain/shields';
import { DEFAULT_DIAL_SETTINGS, localDate } from '../../../../domain/shields';
import { phoneHash } from '../../../../platform/secrets';
import type { ApiClient } from '../../../../test/apiClient';
import { accountId, loggedIn, secondMerchantTree } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { writeText, writeXls, writeXlsx } from '../../files/fixtures';
import { importLimits } from '../crm/imports/limits';
import { blacklistImportLimits } from './service';

const SHIELD_MENUS = ['dialcenter/callblackmanage', 'dialcenter/dayshieldmanage'];

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let dir: string;

type Page<T> = { items: T[]; nextBefore: number | null };
const del = (c: ApiClient, url: string, body: unknown) => c.request('DELETE', url, body);
const blacklist = async (c: ApiClient, q = '') =>
  (await c.get<Page<CallBlacklistEntryDto>>(`/api/shields/blacklist?${q}`)).body.data!;
const shields = async (c: ApiClient, q = '') =>
  (await c.get<Page<DayShieldDto> & { day: string }>(`/api/shields/day?${q}`)).body.data!;

async function upload(
  c: ApiClient,
  file: string,
  fields: Record<string, string> = {},
  name?: string,
  lang: 'zh-CN' | 'en' = 'zh-CN',
) {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), name ?? path.basename(file));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${c.baseUrl}/api/shields/blacklist/import`, {
    method: 'POST',
    headers: { cookie: `Auth=${c.cookie}`, authorization: `Bearer ${c.token}`, 'accept-language': lang },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      code: number;
      data: AddNumbersResult & { errors?: { path: string; message: string }[] };
    },
  };
}

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p, SHIELD_MENUS);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shields-test-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await p.close();
});

describe('call blacklist', () => {
  it('adds a number masked (never in clear), reports a duplicate and keeps one row', async () => {
    const r = await m1.post<AddNumbersResult>('/api/shields/blacklist', {
      phone: '138-0000-1111',
      reason: '投诉',
    });
    expect(r.body.data).toEqual({ added: 1, duplicates: 0, invalid: [], invalidCount: 0 });
    const again = await m1.post<AddNumbersResult>('/api/shields/blacklist', { phone: '+8613800001111' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ added: 0, duplicates: 1 });
    const m1Id = await accountId(p, 'merchant01');
    const rows = await p.db.knex('call_blacklist').where({ account_id: m1Id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      phone_masked: '138****1111',
      phone_hash: phoneHash(p.config.secretKey, '13800001111'),
      reason: '投诉',
    });
    expect(JSON.stringify(rows)).not.toContain('13800001111');
    const page = await blacklist(m1);
    expect(page.items).toEqual([
      expect.objectContaining({ phone: '138****1111', reason: '投诉', createdBy: 'merchant01' }),
    ]);
  });

  it.each([
    ['a bad phone', { phone: '12800000000' }],
    ['a landline', { phone: '010-12345678' }],
    ['no phone', { reason: 'x' }],
    ['a phone of the wrong type', { phone: 13800000001 }],
    ['a reason too long', { phone: '13800000001', reason: 'x'.repeat(201) }],
  ])('refuses %s (400)', async (_, req) => {
    const r = await m1.post('/api/shields/blacklist', req);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  });

  it('searches by the full number or its visible head/tail, and pages by keyset', async () => {
    for (const n of ['13900002222', '13900003333', '13700004444'])
      await m1.post('/api/shields/blacklist', { phone: n });
    expect((await blacklist(m1, 'phone=13900002222')).items.map((i) => i.phone)).toEqual(['139****2222']);
    expect((await blacklist(m1, 'phone=139')).items.map((i) => i.phone)).toEqual([
      '139****3333',
      '139****2222',
    ]);
    expect((await blacklist(m1, 'phone=4444')).items.map((i) => i.phone)).toEqual(['137****4444']);
    expect((await m1.get('/api/shields/blacklist?phone=1390000')).status).toBe(400);
    expect((await m1.get('/api/shields/blacklist?limit=0')).status).toBe(400);
    const first = await blacklist(m1, 'limit=2');
    expect(first.items).toHaveLength(2);
    const rest = await blacklist(m1, `limit=2&before=${first.nextBefore}`);
    expect([...first.items, ...rest.items].map((i) => i.phone)).toEqual([
      '137****4444',
      '139****3333',
      '139****2222',
      '138****1111',
    ]);
  });

  it('imports txt, csv, xlsx and xls files: invalid lines by row, duplicates counted', async () => {
    const txt = writeText(dir, 'a.txt', [
      '13600000001',
      '136 0000 0002\t张三',
      'bad',
      '',
      '13600000001',
      '13800001111',
    ]);
    const r = await upload(m1, txt, { reason: '导入' });
    expect(r.body.data).toEqual({
      added: 2,
      duplicates: 2,
      invalid: [{ row: 3, value: 'bad' }],
      invalidCount: 1,
    });
    const csv = writeText(dir, 'b.csv', ['姓名,手机', '甲,13600000003', '乙,12345']);
    expect((await upload(m1, csv)).body.data).toMatchObject({
      added: 1,
      invalid: [{ row: 3, value: '12345' }],
    });
    const xlsx = await writeXlsx(dir, 'c.xlsx', [['phone'], [13600000004], ['13600000005']]);
    expect((await upload(m1, xlsx)).body.data).toMatchObject({ added: 2, duplicates: 0, invalidCount: 0 });
    const xls = writeXls(dir, 'd.xls', [['手机号'], [13600000006]]);
    expect((await upload(m1, xls)).body.data).toMatchObject({ added: 1 });
    expect((await blacklist(m1, 'phone=13600000001')).items[0]).toMatchObject({ reason: '导入' });
    expect((await blacklist(m1, 'phone=136&limit=200')).items).toHaveLength(6);
  });

  it('refuses empty, wrong-type, phone-less, oversize and too-long files with a reason', async () => {
    const refused = async (file: string, name?: string) => {
      const r = await upload(m1, file, {}, name);
      expect([400, 413]).toContain(r.status);
      return r;
    };
    const empty = path.join(dir, 'empty.csv');
    fs.writeFileSync(empty, '');
    expect((await refused(empty)).body.data.errors![0]).toMatchObject({
      path: 'file',
      message: '文件是空的',
    });
    expect((await refused(writeText(dir, 'x.pdf', ['13600000009']))).body.data.errors![0]!.message).toBe(
      '不支持的文件类型：请上传 xlsx、xls、csv 或 txt 文件',
    );
    expect(
      (await refused(writeText(dir, 'fake.xlsx', ['13600000009']))).body.data.errors![0]!.message,
    ).toMatch(/xlsx/);
    expect(
      (await refused(writeText(dir, 'nophone.csv', ['姓名', '张三']))).body.data.errors![0]!.message,
    ).toMatch(/^表头中没有号码列（找到的表头：姓名）/);
    expect((await refused(writeText(dir, 'header.csv', ['手机']))).body.data.errors![0]!.message).toBe(
      '文件中没有号码',
    );
    const saved = importLimits.maxBytes;
    importLimits.maxBytes = 100;
    try {
      const big = writeText(
        dir,
        'big.txt',
        Array.from({ length: 20 }, (_, i) => `1360000${String(i).padStart(4, '0')}`),
      );
      const r = await refused(big);
      expect([r.status, r.body.data.errors![0]!.message]).toEqual([413, '文件超过 0.0000954 MB']);
    } finally {
      importLimits.maxBytes = saved;
    }
    const savedRows = blacklistImportLimits.maxRows;
    blacklistImportLimits.maxRows = 2;
    try {
      const many = writeText(dir, 'many.txt', ['13600000011', '13600000012', '13600000013']);
      const r = await refused(many);
      expect([r.status, r.body.data.errors![0]!.message]).toEqual([413, '文件超过 2 行，请拆分后再上传']);
    } finally {
      blacklistImportLimits.maxRows = savedRows;
    }
    // Nothing of the refused files was written.
    expect((await blacklist(m1, 'phone=13600000011')).items).toEqual([]);
    const noFile = await fetch(`${m1.baseUrl}/api/shields/blacklist/import`, {
      method: 'POST',
      headers: { cookie: `Auth=${m1.cookie}`, authorization: `Bearer ${m1.token}` },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { data: { errors: unknown[] } }).data.errors).toEqual([
      { path: 'file', message: '没有收到文件：请在字段 file 中上传' },
    ]);
  });

  it("words the same refusal in the request's language: Chinese by default, English when asked", async () => {
    const noPhone = writeText(dir, 'nophone2.csv', ['姓名', '张三']);
    const zh = await upload(m1, noPhone);
    const en = await upload(m1, noPhone, {}, undefined, 'en');
    expect([zh.status, zh.body.data.errors]).toEqual([
      400,
      [
        {
          path: 'file',
          message: expect.stringMatching(/^表头中没有号码列（找到的表头：姓名）。请把号码列命名为：/),
        },
      ],
    ]);
    expect([en.status, en.body.data.errors]).toEqual([
      400,
      [
        {
          path: 'file',
          message: expect.stringMatching(
            /^No phone column in the header row \(found: 姓名\)\. Name the phone column one of: /,
          ),
        },
      ],
    ]);
    const empty = path.join(dir, 'empty2.csv');
    fs.writeFileSync(empty, '');
    expect((await upload(m1, empty, {}, undefined, 'en')).body.data.errors).toEqual([
      { path: 'file', message: 'The file is empty' },
    ]);
  });

  it('removes one or many with the typed confirmation; another tree gets 404', async () => {
    await m1.post('/api/shields/blacklist', { phone: '13500000001' });
    await m1.post('/api/shields/blacklist', { phone: '13500000002' });
    await m1.post('/api/shields/blacklist', { phone: '13500000003' });
    const ids = (await blacklist(m1, 'phone=135')).items.map((i) => i.id);
    expect((await del(m1, `/api/shields/blacklist/${ids[0]}`, {})).status).toBe(400);
    expect((await del(m1, `/api/shields/blacklist/${ids[0]}`, { confirm: 'yes' })).status).toBe(400);
    expect((await del(m1, '/api/shields/blacklist', { ids: [ids[1]] })).status).toBe(400);
    expect((await del(m1, '/api/shields/blacklist', { ids: ['x'], confirm: 'delete' })).status).toBe(400);
    expect((await del(m1, '/api/shields/blacklist', { ids: [], confirm: 'delete' })).status).toBe(400);
    expect((await del(m1, '/api/shields/blacklist/abc', { confirm: 'delete' })).status).toBe(400);
    for (const c of [other.m2, other.u2]) {
      expect((await blacklist(c, 'phone=135')).items).toEqual([]);
      expect((await del(c, `/api/shields/blacklist/${ids[0]}`, { confirm: 'delete' })).body.code).toBe(404);
      expect((await del(c, '/api/shields/blacklist', { ids, confirm: 'delete' })).body.code).toBe(404);
    }
    expect((await blacklist(m1, 'phone=135')).items).toHaveLength(3);
    const one = await del(m1, `/api/shields/blacklist/${ids[0]}`, { confirm: 'delete' });
    expect(one.body.data).toEqual({ removed: 1 });
    const many = await del(m1, '/api/shields/blacklist', { ids: ids.slice(1), confirm: 'delete' });
    expect(many.body.data).toEqual({ removed: 2 });
    expect((await blacklist(m1, 'phone=135')).items).toEqual([]);
    expect((await del(m1, `/api/shields/blacklist/${ids[0]}`, { confirm: 'delete' })).body.code).toBe(404);
  });

  it('keeps lists per account: merchant02 sees only its own, a superior does not see a subordinate list', async () => {
    await other.m2.post('/api/shields/blacklist', { phone: '13800001111' });
    await other.u2.post('/api/shields/blacklist', { phone: '13800002222' });
    expect((await blacklist(other.m2)).items.map((i) => i.phone)).toEqual(['138****1111']);
    expect((await blacklist(other.u2)).items.map((i) => i.phone)).toEqual(['138****2222']);
  });

  it('refuses an account without the menu (403)', async () => {
    expect((await op.get('/api/shields/blacklist')).status).toBe(403);
    expect((await op.post('/api/shields/blacklist', { phone: '13800000001' })).status).toBe(403);
    expect((await del(op, '/api/shields/blacklist/1', { confirm: 'delete' })).status).toBe(403);
    const file = writeText(dir, 'op.txt', ['13600000001']);
    expect((await upload(op, file)).status).toBe(403);
  });
});

describe('day shield', () => {
  it('reads the defaults before any row exists', async () => {
    const r = await m1.get<DialSettingsDto>('/api/shields/settings');
    expect(r.body.data).toEqual({ settings: DEFAULT_DIAL_SETTINGS, isDefault: true, aiSeats: 20 });
  });

  it('saves the rules (sorted, unique) and refuses unknown levels', async () => {
    const r = await m1.put<DialSettingsDto>('/api/shields/rules', { levels: [67, 21, 67, 90] });
    expect(r.body.data!.settings.dayShieldLevels).toEqual([21, 67, 90]);
    expect(r.body.data!.isDefault).toBe(false);
    for (const levels of [[71], [67, 5], [21.5], ['67'], 'x', [null]]) {
      const bad = await m1.put('/api/shields/rules', { levels });
      expect(bad.status).toBe(400);
    }
    expect((await m1.put('/api/shields/rules', {})).status).toBe(400);
    expect(
      (await m1.get<DialSettingsDto>('/api/shields/settings')).body.data!.settings.dayShieldLevels,
    ).toEqual([21, 67, 90]);
    expect(
      (await m1.put<DialSettingsDto>('/api/shields/rules', { levels: [] })).body.data!.settings
        .dayShieldLevels,
    ).toEqual([]);
  });

  it("lists today's shields (the dialer's and manual ones) masked; a manual duplicate keeps one row", async () => {
    const m1Id = await accountId(p, 'merchant01');
    const today = localDate(new Date(), 'Asia/Shanghai');
    await p.db.knex('day_shields').insert([
      {
        account_id: m1Id,
        phone_hash: phoneHash(p.config.secretKey, '13300000001'),
        phone_masked: '133****0001',
        day: today,
        result_level: 67,
        call_uuid: '6f1c1d38-8a55-4f6b-9d6c-0b1c2d3e4f50',
      },
      {
        account_id: m1Id,
        phone_hash: phoneHash(p.config.secretKey, '13300000009'),
        phone_masked: '133****0009',
        day: '2020-01-01',
        result_level: 68,
      },
    ]);
    const added = await m1.post<AddNumbersResult>('/api/shields/day', { phone: '13300000002' });
    expect(added.body.data).toMatchObject({ added: 1, duplicates: 0 });
    const dup = await m1.post<AddNumbersResult>('/api/shields/day', { phone: '133 0000 0002' });
    expect(dup.body.data).toMatchObject({ added: 0, duplicates: 1 });
    const list = await shields(m1);
    expect(list.day).toBe(today);
    expect(list.items).toEqual([
      expect.objectContaining({
        phone: '133****0002',
        day: today,
        resultLevel: null,
        callUuid: null,
        createdBy: 'merchant01',
      }),
      expect.objectContaining({
        phone: '133****0001',
        resultLevel: 67,
        callUuid: '6f1c1d38-8a55-4f6b-9d6c-0b1c2d3e4f50',
        createdBy: null,
      }),
    ]);
    expect((await shields(m1, 'phone=13300000001')).items.map((i) => i.phone)).toEqual(['133****0001']);
    expect(
      (await p.db.knex('day_shields').where({ account_id: m1Id, phone_masked: '133****0002' })).length,
    ).toBe(1);
  });

  it('uses the account zone for "today"', async () => {
    await other.m2.put('/api/shields/settings', { ...validDefaults, timeZone: 'Pacific/Kiritimati' });
    const list = await shields(other.m2);
    expect(list.day).toBe(localDate(new Date(), 'Pacific/Kiritimati'));
    await other.m2.post('/api/shields/day', { phone: '13300000003' });
    const m2Id = await accountId(p, 'merchant02');
    const row = await p.db
      .knex('day_shields')
      .where({ account_id: m2Id })
      .first(p.db.knex.raw("to_char(day, 'YYYY-MM-DD') as day"));
    expect(row.day).toBe(list.day);
  });

  it.each([
    ['a bad phone', { phone: '1330000' }],
    ['no phone', {}],
    ['a number', { phone: 13300000001 }],
  ])('refuses adding %s (400)', async (_, req) => {
    expect((await m1.post('/api/shields/day', req)).status).toBe(400);
  });

  it('removes a shield with the typed confirmation; another tree gets 404', async () => {
    const item = (await shields(m1, 'phone=13300000002')).items[0]!;
    expect((await del(m1, `/api/shields/day/${item.id}`, {})).status).toBe(400);
    for (const c of [other.m2, other.u2]) {
      expect((await shields(c, 'phone=13300000002')).items).toEqual([]);
      expect((await del(c, `/api/shields/day/${item.id}`, { confirm: 'delete' })).body.code).toBe(404);
    }
    expect((await del(m1, `/api/shields/day/${item.id}`, { confirm: 'delete' })).body.data).toEqual({
      removed: 1,
    });
    expect((await shields(m1, 'phone=13300000002')).items).toEqual([]);
  });

  it('refuses an account without the menu (403)', async () => {
    expect((await op.get('/api/shields/day')).status).toBe(403);
    expect((await op.post('/api/shields/day', { phone: '13300000001' })).status).toBe(403);
    expect((await del(op, '/api/shields/day/1', { confirm: 'delete' })).status).toBe(403);
    expect((await op.put('/api/shields/rules', { levels: [67] })).status).toBe(403);
    expect((await op.get('/api/shields/settings')).status).toBe(403);
    expect((await op.put('/api/shields/settings', validDefaults)).status).toBe(403);
    expect((await op.get('/api/shields/quotas')).status).toBe(403);
    expect((await op.put('/api/shields/quotas/1', { concurrencyQuota: 1 })).status).toBe(403);
  });
});

const validDefaults = {
  callStart: '08:30',
  callEnd: '21:00',
  timeZone: 'Asia/Shanghai',
  capPerDay: 2,
  capPerPeriod: 5,
  capPeriodDays: 7,
  capCount: 'all',
  lowBalanceFen: 5000,
};

describe('dialing defaults and caps', () => {
  it('saves the defaults and keeps the rules and quota untouched', async () => {
    await m1.put('/api/shields/rules', { levels: [68] });
    const r = await m1.put<DialSettingsDto>('/api/shields/settings', validDefaults);
    expect(r.body.data!.settings).toEqual({
      ...validDefaults,
      dayShieldLevels: [68],
      concurrencyQuota: null,
    });
    const across = await m1.put<DialSettingsDto>('/api/shields/settings', {
      ...validDefaults,
      callStart: '22:00',
      callEnd: '02:00',
      capPerDay: null,
      capPerPeriod: null,
    });
    expect(across.body.data!.settings).toMatchObject({
      callStart: '22:00',
      callEnd: '02:00',
      capPerDay: null,
      capPerPeriod: null,
    });
    const m1Id = await accountId(p, 'merchant01');
    expect(
      await p.db.knex('dial_settings').where({ account_id: m1Id }).first('cap_per_day', 'day_shield_levels'),
    ).toEqual({
      cap_per_day: null,
      day_shield_levels: [68],
    });
  });

  it.each([
    ['bad HH:mm', { callStart: '8:30' }, 'callStart'],
    ['24:00', { callEnd: '24:00' }, 'callEnd'],
    ['start = end', { callStart: '10:00', callEnd: '10:00' }, 'callEnd'],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['an offset as zone', { timeZone: '+08:00' }, 'timeZone'],
    ['a negative cap', { capPerDay: -1 }, 'capPerDay'],
    ['a zero cap', { capPerPeriod: 0 }, 'capPerPeriod'],
    ['a fractional cap', { capPerDay: 1.5 }, 'capPerDay'],
    ['a period cap below the daily cap', { capPerDay: 4, capPerPeriod: 3 }, 'capPerPeriod'],
    ['zero period days', { capPeriodDays: 0 }, 'capPeriodDays'],
    ['an unknown count', { capCount: 'some' }, 'capCount'],
    ['a negative threshold', { lowBalanceFen: -1 }, 'lowBalanceFen'],
    ['a cap as text', { capPerDay: '2' }, 'capPerDay'],
    ['a missing field', { capPeriodDays: undefined }, 'capPeriodDays'],
  ])('refuses %s (400, field named)', async (_, over, field) => {
    const r = await m1.put<{ errors: { path: string }[] }>('/api/shields/settings', {
      ...validDefaults,
      ...over,
    });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors.map((e) => e.path)).toContain(field);
  });

  it('never lets an account set its own quota', async () => {
    const r = await m1.put('/api/shields/settings', { ...validDefaults, concurrencyQuota: 20 });
    expect(r.status).toBe(403);
    const m1Id = await accountId(p, 'merchant01');
    expect((await m1.put(`/api/shields/quotas/${m1Id}`, { concurrencyQuota: 5 })).status).toBe(403);
  });

  it("sets a subordinate's quota up to its AI seats; others' ids are 404", async () => {
    const opId = await accountId(p, 'operator01');
    const rows = (await m1.get<QuotaRowDto[]>('/api/shields/quotas')).body.data!;
    expect(rows).toEqual([{ accountId: opId, account: 'operator01', aiSeats: 5, concurrencyQuota: null }]);
    const set = await m1.put<QuotaRowDto>(`/api/shields/quotas/${opId}`, { concurrencyQuota: 3 });
    expect(set.body.data).toMatchObject({ concurrencyQuota: 3 });
    expect((await m1.put(`/api/shields/quotas/${opId}`, { concurrencyQuota: 6 })).status).toBe(400);
    expect((await m1.put(`/api/shields/quotas/${opId}`, { concurrencyQuota: 0 })).status).toBe(400);
    expect((await m1.put(`/api/shields/quotas/${opId}`, { concurrencyQuota: '3' })).status).toBe(400);
    expect((await m1.put(`/api/shields/quotas/${opId}`, {})).status).toBe(400);
    const row = await p.db
      .knex('dial_settings')
      .where({ account_id: opId })
      .first('concurrency_quota', 'cap_per_day');
    expect(row).toEqual({ concurrency_quota: 3, cap_per_day: 1 });
    // merchant02's tree cannot reach operator01; merchant01 cannot reach merchant02's user.
    expect((await other.m2.put(`/api/shields/quotas/${opId}`, { concurrencyQuota: 1 })).body.code).toBe(404);
    const m2user = await accountId(p, 'm2user01');
    expect((await m1.put(`/api/shields/quotas/${m2user}`, { concurrencyQuota: 1 })).body.code).toBe(404);
    // Only the direct parent: the super administrator sets merchants', not their users'.
    expect((await other.admin.put(`/api/shields/quotas/${opId}`, { concurrencyQuota: 1 })).body.code).toBe(
      404,
    );
    const m1Id = await accountId(p, 'merchant01');
    expect(
      (await other.admin.put(`/api/shields/quotas/${m1Id}`, { concurrencyQuota: 20 })).body.data,
    ).toMatchObject({
      concurrencyQuota: 20,
    });
    expect(
      (await m1.get<DialSettingsDto>('/api/shields/settings')).body.data!.settings.concurrencyQuota,
    ).toBe(20);
    expect(
      (await m1.put<QuotaRowDto>(`/api/shields/quotas/${opId}`, { concurrencyQuota: null })).body.data,
    ).toMatchObject({
      concurrencyQuota: null,
    });
  });
});
