// A 1,000-row messy file as users bring it (full-width digits, +86 / 86- / 0086 prefixes, fixed lines,
// 400/800 numbers, junk, repeats, numbers already customers called or not, blacklisted ones), in xlsx,
// csv and txt with options 1–4: the same exact counts in every format. Then: a re-import updates its
// customers instead of adding a second one, option 4 with a plain file and with a supplier's AES file,
// the header names a user's file has, and the race between the customer form and an import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CustomerDto } from '../../../../../domain/crm';
import type { ApiClient } from '../../../../../test/apiClient';
import { loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { phoneHash } from '../../../../../platform/secrets';
import { writeText, writeXlsx } from '../../../files/fixtures';
import { supplierEncrypt } from './phone';
import { importAndWait, report, upload, finished } from './testHelpers';

jest.setTimeout(180_000);

let p: TestPlatform;
let m1: ApiClient;
let m2: ApiClient;
let merchantId: number;
let operatorId: number;
let dir: string;
const h = (d: string) => phoneHash(p.config.secretKey, d);
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const full = (s: string) => s.replace(/[0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
/** Eight ways people write a mobile. */
const mobileForms = [
  (d: string) => d,
  (d: string) => `+86 ${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`,
  (d: string) => `86-${d}`,
  (d: string) => `0086${d}`,
  (d: string) => full(d),
  (d: string) => `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`,
  (d: string) => `(${d.slice(0, 3)})${d.slice(3, 7)} ${d.slice(7)}`,
  (d: string) => `＋８６\u3000${full(d)}`, // an ideographic space after the full-width prefix
];

interface Row {
  phone: string;
  name: string;
}

// Numbers known before each import (reset before each one).
const UNCALLED = Array.from({ length: 30 }, (_, i) => `1390000${pad(i, 4)}`);
const CALLED_OLD = Array.from({ length: 20 }, (_, i) => `1390001${pad(i, 4)}`); // 30 days ago, grade A
const CALLED_F = Array.from({ length: 20 }, (_, i) => `1390002${pad(i, 4)}`); // 2 days ago, grade F
const BL_PLATFORM = Array.from({ length: 20 }, (_, i) => `1370000${pad(i, 4)}`);
const BL_OWN = Array.from({ length: 20 }, (_, i) => `1370001${pad(i, 4)}`);

/** The messy file's rows: 1,000, in a fixed shuffled order. */
function messyRows(): Row[] {
  const rows: Row[] = [];
  const add = (phone: string, name: string) => rows.push({ phone, name });
  const mobiles = Array.from({ length: 540 }, (_, i) => `1381234${pad(i, 4)}`);
  mobiles.forEach((d, i) => add(mobileForms[i % 8]!(d), `新客户${i}`));
  for (let i = 0; i < 100; i++) {
    const n = `8765${pad(i, 4)}`;
    add(
      [`010-${n}`, `(010) ${n.slice(0, 4)} ${n.slice(4)}`, `+86 10 ${n}`, full(`010${n}`)][i % 4]!,
      `座机${i}`,
    );
  }
  for (let i = 0; i < 50; i++)
    add(i % 2 ? `400-${pad(i, 3)}-${pad(i, 4)}` : `800 ${pad(i, 3)} ${pad(i, 4)}`, `服务号${i}`);
  const junk = ['abc123', '12345', '12812345678', '87654321', '=1+2', '138****0001', '1380000000', 'N/A'];
  for (let i = 0; i < 100; i++) add(i % 8 === 0 ? junk[0]! + i : junk[i % 8]!, `无效${i}`);
  // Repeats of the first 100 mobiles, written another way.
  for (let i = 0; i < 100; i++) add(mobileForms[(i + 3) % 8]!(mobiles[i]!), `重复${i}`);
  UNCALLED.forEach((d, i) => add(d, `未拨${i}`));
  CALLED_OLD.forEach((d, i) => add(`+86 ${d}`, `已拨${i}`));
  CALLED_F.forEach((d, i) => add(d, `已拨F${i}`));
  BL_PLATFORM.forEach((d) => add(d, '平台黑名单'));
  BL_OWN.forEach((d) => add(full(d), '自己的黑名单'));
  // A fixed shuffle (the rows of one category are not together), the same for every format.
  let seed = 7;
  for (let i = rows.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return rows;
}

async function writeFormat(kind: 'xlsx' | 'csv' | 'txt', rows: Row[]): Promise<string> {
  if (kind === 'txt')
    return writeText(
      dir,
      'messy.txt',
      rows.map((r) => `${r.phone}\t${r.name}`),
    );
  if (kind === 'csv')
    return writeText(dir, 'messy.csv', [
      '客户姓名,联系电话,备注',
      ...rows.map((r) => `${r.name},"${r.phone}",csv`),
    ]);
  return writeXlsx(dir, 'messy.xlsx', [
    ['客户姓名', ' 联系电话 ', '备注'],
    ...rows.map((r) => [r.name, r.phone, 'x']),
  ]);
}

/** The account's customers as before each import: only the known numbers. */
async function resetCustomers(): Promise<void> {
  const k = p.db.knex;
  await k('customers').whereIn('account_id', [merchantId, operatorId]).delete();
  await k('customers').insert([
    ...UNCALLED.map((d) => ({ account_id: merchantId, phone: d, phone_hash: h(d), name: '旧' })),
    // Half of the called ones belong to a subordinate: the importer's tree is deduped, not its own rows.
    ...CALLED_OLD.map((d, i) => ({
      account_id: i % 2 ? operatorId : merchantId,
      phone: d,
      phone_hash: h(d),
      name: '旧',
      company: '旧公司',
      last_called_at: ago(30),
      grade: 21,
    })),
    ...CALLED_F.map((d) => ({
      account_id: merchantId,
      phone: d,
      phone_hash: h(d),
      name: '旧',
      last_called_at: ago(2),
      grade: 26,
    })),
  ]);
}

beforeAll(async () => {
  process.env.IMPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-messy-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-messy-files-'));
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  m2 = (await secondMerchantTree(p)).m2;
  const k = p.db.knex;
  merchantId = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  operatorId = Number((await k('accounts').where({ account: 'operator01' }).first('id')).id);
  await k('blacklist_numbers').insert([
    ...BL_PLATFORM.map((d) => ({ account_id: null, phone: d, phone_hash: h(d) })),
    ...BL_OWN.map((d) => ({ account_id: merchantId, phone: d, phone_hash: h(d) })),
  ]);
});
afterAll(async () => {
  await p.close();
  for (const d of [dir, process.env.IMPORT_DIR!]) fs.rmSync(d, { recursive: true, force: true });
});

// imported = 540 mobiles + 100 fixed lines + 50 service numbers (option 2: the 150 are removed);
// duplicates = 100 repeats in the file + 30 uncalled customers; updated = the 40 called customers
// (option 3: the 20 called 2 days ago or graded F are removed); 100 invalid; 40 blacklisted.
const expected: Record<number, Record<string, number>> = {
  1: { imported: 690, updated: 40, duplicates: 130, invalid: 100, blacklisted: 40, removed: 0 },
  2: { imported: 540, updated: 40, duplicates: 130, invalid: 100, blacklisted: 40, removed: 150 },
  3: { imported: 690, updated: 20, duplicates: 130, invalid: 100, blacklisted: 40, removed: 20 },
  4: { imported: 690, updated: 40, duplicates: 130, invalid: 100, blacklisted: 40, removed: 0 },
};

describe('the messy 1,000-row file: the same counts in every format', () => {
  const rows = messyRows();
  it.each(['xlsx', 'csv', 'txt'] as const)('%s, options 1 to 4', async (kind) => {
    const file = await writeFormat(kind, rows);
    for (const option of [1, 2, 3, 4]) {
      await resetCustomers();
      const params = option === 3 ? { calledWithinDays: 7, grades: [26] } : undefined;
      const j = await importAndWait(m1, file, option, params);
      expect({ kind, ...j }).toMatchObject({
        kind,
        option,
        status: 'done',
        rowsDone: 1000,
        ...expected[option],
      });
      const k = p.db.knex;
      // Never two customers for one number in the tree.
      const dupes = await k('customers')
        .whereIn('account_id', [merchantId, operatorId])
        .groupBy('phone_hash')
        .havingRaw('count(*) > 1')
        .select('phone_hash');
      expect(dupes).toEqual([]);
      const stored = await k('customers')
        .where({ import_job_id: j.importJobId })
        .select('phone', 'phone_cipher');
      expect(stored).toHaveLength(expected[option]!.imported! + expected[option]!.updated!);
      if (option === 4) {
        // New ones stored encrypted and masked; the called customers it updated keep their clear number.
        const fresh = stored.filter((s) => s.phone_cipher !== null);
        expect(fresh).toHaveLength(690);
        expect(fresh.every((s) => /^\d{3}\*{3,}\d{4}$/.test(s.phone))).toBe(true);
      } else {
        const phones = stored.map((s) => s.phone);
        expect(phones).toContain('13812340007');
        // Option 2 imports mobiles only: fixed lines and 400/800 numbers are removed, not invalid.
        const others = ['01087650001', '4000010001'];
        if (option === 2) expect(phones.filter((x) => others.includes(x))).toEqual([]);
        else expect(phones).toEqual(expect.arrayContaining(others));
      }
      if (option === 1) {
        // Updated, not added: the file's name on the customer, its owner and call history kept.
        const c = await k('customers')
          .where({ phone_hash: h(CALLED_OLD[1]!) })
          .first();
        expect(c).toMatchObject({
          name: '已拨1',
          company: '旧公司',
          account_id: String(operatorId),
          import_job_id: String(j.importJobId),
          grade: 21,
        });
        // The report (Chinese by default) names the row a duplicate repeats and the list of a blacklisted number.
        const r = (await report(m1, j.importJobId)).text;
        // Row numbers as the user sees them: the header is row 1 (txt has none).
        const rowOf = (name: string) => rows.findIndex((x) => x.name === name) + (kind === 'txt' ? 1 : 2);
        const [first, again] = [rowOf('新客户5'), rowOf('重复5')].sort((a, b) => a - b);
        expect(r).toContain(`${again},13812340005,duplicate,与第 ${first} 行重复`);
        expect(r).toContain(`,${BL_PLATFORM[0]},blacklisted,在平台呼叫黑名单中`);
        expect(r).toContain(`,${BL_OWN[0]},blacklisted,在账号 merchant01 的呼叫黑名单中`);
        expect(r).toMatch(new RegExp(`,${UNCALLED[0]},duplicate,已是客户 #\\d+，尚未拨打`));
        expect(r).toMatch(new RegExp(`,${CALLED_OLD[0]},updated,已更新客户 #\\d+（拨打过）`));
      }
    }
  });
});

describe('re-imports', () => {
  it('updates the customer a called number already is, once, counted as updated', async () => {
    await resetCustomers();
    const numbers = ['13855500001', '13855500002', '13855500003'];
    const first = await importAndWait(
      m1,
      writeText(dir, 'first.csv', ['手机号码,姓名,公司', ...numbers.map((n, i) => `${n},甲${i},一`)]),
      1,
    );
    expect(first).toMatchObject({ imported: 3, updated: 0 });
    // Not yet called: a second import is a duplicate (option 1 dedupes uncalled numbers), nothing changes.
    const second = await importAndWait(
      m1,
      writeText(dir, 'second.csv', ['电话,姓名', ...numbers.map((n) => `+86 ${n},乙`)]),
      2,
    );
    expect(second).toMatchObject({ imported: 0, updated: 0, duplicates: 3 });
    await p.db
      .knex('customers')
      .whereIn('phone', numbers)
      .update({ last_called_at: ago(1), grade: 22 });
    // Called: options 1, 2 and 4 update the customer (non-empty cells only) and never add a second.
    for (const [option, name] of [
      [1, '丙'],
      [2, '丁'],
      [4, '戊'],
    ] as const) {
      const j = await importAndWait(
        m1,
        writeText(dir, `again${option}.csv`, [
          'Phone,Name,Company',
          ...numbers.map((n) => `${full(n)},${name},`),
        ]),
        option,
      );
      expect(j).toMatchObject({ imported: 0, updated: 3, duplicates: 0 });
      const rows = await p.db.knex('customers').whereIn('phone_hash', numbers.map(h)).orderBy('phone');
      expect(rows.map((r) => [r.phone, r.name, r.company, r.grade])).toEqual(
        numbers.map((n) => [n, name, '一', 22]),
      );
    }
  });

  it('never adds a second customer when the customer form and an import race for one number', async () => {
    await resetCustomers();
    const n = '13866600001';
    const others = Array.from({ length: 2000 }, (_, i) => `1386661${pad(i, 4)}`);
    const file = writeText(dir, 'race.txt', [...others, n]);
    const started = await upload(m1, file, 1);
    const created = await m1.post<CustomerDto>('/api/crm/customers', { name: '表单', phone: `+86 ${n}` });
    const j = await finished(m1, started.body.data!.importJobId);
    expect(
      await p.db
        .knex('customers')
        .where({ phone_hash: h(n) })
        .count('* as n'),
    ).toEqual([{ n: '1' }]);
    // Whichever came first has it: the form (the import then counts a duplicate) or the import (409).
    if (created.body.code === 200) expect(j).toMatchObject({ imported: 2000, duplicates: 1 });
    else expect([created.status, j.imported]).toEqual([409, 2001]);
    // The form itself, twice at once: one customer, one refusal naming it.
    // The form takes the importer's forms too, stored as the 11 digits.
    const typed = await m1.post<CustomerDto>('/api/crm/customers', {
      name: '全角',
      phone: '＋８６ １３８ ６６６０ ０００３',
    });
    expect(typed.body.data).toMatchObject({ phone: '13866600003' });
    expect((await m1.post('/api/crm/customers', { name: '同号', phone: '86-13866600003' })).status).toBe(409);
    const m = '13866600002';
    const both = await Promise.all(
      [1, 2].map(() => m1.post('/api/crm/customers', { name: '并发', phone: m })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await p.db
        .knex('customers')
        .where({ phone_hash: h(m) })
        .count('* as n'),
    ).toEqual([{ n: '1' }]);
  });
});

describe('option 4: imported numbers encrypted', () => {
  it('imports a plain file with no supplier key: encrypted and masked, searchable by the full number', async () => {
    await resetCustomers();
    await p.db.knex('crm_settings').where({ account_id: merchantId }).update({ import_aes_key_enc: null });
    expect((await m1.get<{ configured: boolean }>('/api/crm/imports/aes-key')).body.data).toEqual({
      configured: false,
    });
    const j = await importAndWait(
      m1,
      await writeXlsx(dir, 'plain4.xlsx', [
        ['手机'],
        ['13877700001'],
        ['+86 138 7770 0002'],
        ['０１０８７６５４３２１'],
      ]),
      4,
    );
    expect(j).toMatchObject({ status: 'done', imported: 3, invalid: 0 });
    const found = await m1.get<{ items: CustomerDto[] }>('/api/crm/customers?phone=13877700002');
    expect(found.body.data!.items.map((c) => [c.phone, c.phoneHidden])).toEqual([['138****0002', true]]);
  });

  it('imports a supplier-encrypted file with the key set, plain cells too, and reports what does not decrypt', async () => {
    await resetCustomers();
    const key = 'SupplierKey#2026';
    expect((await m1.put('/api/crm/imports/aes-key', { key: 'short' })).status).toBe(400);
    expect((await m1.put('/api/crm/imports/aes-key', { key })).body.code).toBe(200);
    expect((await m1.get<{ configured: boolean }>('/api/crm/imports/aes-key')).body.data).toEqual({
      configured: true,
    });
    const file = writeText(dir, 'sealed.csv', [
      '联系方式,姓名',
      `${supplierEncrypt(key, '13877700011')},甲`,
      `${supplierEncrypt(key, '+86 138 7770 0012')},乙`,
      `${supplierEncrypt(key, '13877700011')},甲again`, // repeats row 2
      '13877700013,明文',
      `${supplierEncrypt('AnotherKey123456', '13877700014')},错钥`,
      `${supplierEncrypt(key, 'hello')},不是号码`,
    ]);
    const j = await importAndWait(m1, file, 4, undefined, 'en');
    expect(j).toMatchObject({ status: 'done', imported: 3, duplicates: 1, invalid: 2 });
    const stored = await p.db.knex('customers').where({ import_job_id: j.importJobId }).orderBy('phone');
    expect(stored.map((r) => r.phone)).toEqual(['138****0011', '138****0012', '138****0013']);
    expect(stored.every((r) => r.phone_cipher && !String(r.phone_cipher).includes('1387770'))).toBe(true);
    const r = (await report(m1, j.importJobId)).text;
    expect(r).toContain('4,138****0011,duplicate,repeats row 2');
    expect(r).toContain('invalid,"cannot decrypt with the supplier key');
    expect(r).not.toContain('13877700011');
  });
});

describe('headers and tenants', () => {
  it.each([
    ['联系电话'],
    ['联系方式'],
    ['手机号码'],
    ['手机'],
    ['电话'],
    ['客户电话'],
    ['电话号码'],
    ['号码'],
    ['PHONE'],
    [' Mobile '],
    ['tel'],
    ['ｐｈｏｎｅ'],
    ['联系电话：'],
  ])('recognises the phone header %j', async (header) => {
    const file = writeText(dir, 'h.csv', [
      `姓名,${header}`,
      `张,1389990${pad(Math.floor(Math.random() * 9999), 4)}`,
    ]);
    const j = await importAndWait(m1, file, 1);
    expect(j).toMatchObject({ status: 'done', rowsDone: 1 });
    expect(j.imported + j.duplicates).toBe(1);
  });

  it("refuses another tenant's import job and report", async () => {
    const j = await importAndWait(m1, writeText(dir, 'mine.txt', ['13899990001']), 1);
    expect((await m2.get(`/api/crm/imports/${j.importJobId}`)).status).toBe(404);
    expect((await report(m2, j.importJobId)).status).toBe(404);
    expect((await m2.get('/api/crm/imports/abc')).status).toBe(400);
  });
});
