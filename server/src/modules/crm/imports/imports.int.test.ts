// Number imports end to end: each file type and option with exact counts, the report, live progress.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import type { ImportProgress } from '../../../../../domain/events';
import { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { decryptSecret, phoneHash } from '../../../../../platform/secrets';
import { writeText, writeXls, writeXlsx } from '../../../files/fixtures';
import { importLimits } from './limits';
import { supplierEncrypt } from './phone';
import { importAndWait, report, upload } from './testHelpers';
import { until } from '../../../../../test/until';

// Imports run in a queue behind a real server; a loaded CI machine needs more than jest's 5 s.
jest.setTimeout(60_000);

let p: TestPlatform;
let m1: ApiClient;
let merchantId: number;
let dir: string;
const socks: Socket[] = [];

// Numbers already known before the imports.
const UNCALLED = '13900000001';
const CALLED_F = '13900000002'; // called 2 days ago, graded F (26)
const CALLED_OLD = '13900000003'; // called 30 days ago, grade A
const CALLED_OLD_B = '13900000004'; // the same, for the option 3 test
const BL_PLATFORM = '13700000001';
const BL_OWN = '13700000002';
const BL_OTHER = '13700000003'; // on a subordinate's list: does not apply here

beforeAll(async () => {
  process.env.IMPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-int-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-files-'));
  p = await startTestPlatform();
  m1 = new ApiClient(p.url);
  await m1.login('merchant01');
  const k = p.db.knex;
  const acc = (name: string) => k('accounts').where({ account: name }).first('id');
  merchantId = Number((await acc('merchant01')).id);
  // A subordinate's list does not apply to its merchant's imports (only own, ancestors', platform).
  const operatorId = Number((await acc('operator01')).id);
  const h = (d: string) => phoneHash(p.config.secretKey, d);
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
  await k('customers').insert([
    { account_id: merchantId, phone: UNCALLED, phone_hash: h(UNCALLED) },
    { account_id: merchantId, phone: CALLED_F, phone_hash: h(CALLED_F), last_called_at: ago(2), grade: 26 },
    {
      account_id: merchantId,
      phone: CALLED_OLD,
      phone_hash: h(CALLED_OLD),
      last_called_at: ago(30),
      grade: 21,
    },
    {
      account_id: merchantId,
      phone: CALLED_OLD_B,
      phone_hash: h(CALLED_OLD_B),
      last_called_at: ago(30),
      grade: 21,
    },
  ]);
  await k('blacklist_numbers').insert([
    { account_id: null, phone: BL_PLATFORM, phone_hash: h(BL_PLATFORM) },
    { account_id: merchantId, phone: BL_OWN, phone_hash: h(BL_OWN) },
    { account_id: operatorId, phone: BL_OTHER, phone_hash: h(BL_OTHER) },
  ]);
});
afterAll(async () => {
  for (const s of socks) s.disconnect();
  await p.close();
  for (const d of [dir, process.env.IMPORT_DIR!]) fs.rmSync(d, { recursive: true, force: true });
});

// Inserted in phone_hash order (cheaper index upkeep), so tests sort by phone.
const customersOf = (jobId: number) =>
  p.db.knex('customers').where({ import_job_id: jobId }).orderBy('phone');

it('imports a txt with option 1: exact counts, report with row numbers', async () => {
  const file = writeText(dir, 'numbers.txt', [
    '13800000001 张三',
    '138-0000-0002\t李四',
    '+86 138 0000 0003',
    '',
    '13800000001', // repeated in the file (row 5)
    UNCALLED, // already a customer, uncalled
    CALLED_OLD, // already a customer but called: its customer is updated
    BL_PLATFORM,
    BL_OWN,
    'abc123', // row 10
    '=1+2', // row 11: formula-looking junk
    '010-12345678', // landline: accepted with option 1
  ]);
  const j = await importAndWait(m1, file, 1, undefined, 'en');
  expect(j).toMatchObject({
    status: 'done',
    imported: 4,
    updated: 1, // CALLED_OLD: its customer, not a second one
    duplicates: 2,
    invalid: 2,
    blacklisted: 2,
    removed: 0,
  });
  expect(j.rowsDone).toBe(11);
  const rows = await customersOf(j.importJobId);
  expect(rows.map((r) => r.phone)).toEqual([
    '01012345678',
    '13800000001',
    '13800000002',
    '13800000003',
    CALLED_OLD,
  ]);
  expect(rows[1]).toMatchObject({ name: '张三', account_id: String(merchantId), phone_cipher: null });
  expect(rows[1].phone_hash).toBe(phoneHash(p.config.secretKey, '13800000001'));
  expect(rows[1].imported_at).not.toBeNull();

  const r = await report(m1, j.importJobId);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/csv');
  expect(r.headers.get('content-disposition')).toContain('attachment');
  expect(r.text).toContain('imported,4\nupdated,1\n');
  expect(r.text).toContain('5,13800000001,duplicate,repeats row 1');
  expect(r.text).toContain('10,abc123,invalid,"not a mobile');
  expect(r.text).toMatch(new RegExp(`7,${CALLED_OLD},updated,updated customer #\\d+ \\(called before\\)`));
  expect(r.text).toContain(`9,${BL_OWN},blacklisted,on the call blacklist of account merchant01`);
  expect(r.text).toContain(`8,${BL_PLATFORM},blacklisted,on the platform call blacklist`);
  expect(await p.db.knex('customers').where({ phone: CALLED_OLD }).count('* as n')).toEqual([{ n: '1' }]);
  expect(r.text).toContain("11,'=1+2,invalid"); // neutralised
  expect(r.text).toContain(`8,${BL_PLATFORM},blacklisted`);
});

it('gives the same counts and report when the rows reach the database in many chunks', async () => {
  const saved = { min: importLimits.minChunkRows, max: importLimits.maxChunkRows };
  importLimits.minChunkRows = importLimits.maxChunkRows = 2;
  try {
    const file = writeText(dir, 'chunks.txt', [
      '13800000101',
      '13800000102',
      '13800000101', // repeated in the file, across a chunk boundary
      UNCALLED,
      BL_OWN,
      'junk',
      '138 0000 0102', // repeated, written differently
      '13800000103',
      '13800000103', // repeated within the last chunk
    ]);
    const j = await importAndWait(m1, file, 1, undefined, 'en');
    expect(j).toMatchObject({ status: 'done', imported: 3, duplicates: 4, invalid: 1, blacklisted: 1 });
    expect((await customersOf(j.importJobId)).map((r) => r.phone)).toEqual([
      '13800000101',
      '13800000102',
      '13800000103',
    ]);
    const r = (await report(m1, j.importJobId)).text;
    expect(r).toContain('3,13800000101,duplicate,repeats row 1\n4,13900000001,duplicate,"already customer #');
    expect(r).toContain('7,13800000102,duplicate,repeats row 2\n9,13800000103,duplicate,repeats row 8');
    expect(r).toContain(`5,${BL_OWN},blacklisted`);
  } finally {
    importLimits.minChunkRows = saved.min;
    importLimits.maxChunkRows = saved.max;
  }
});

it('imports a csv with Chinese headers and option 2: landlines removed, fields mapped', async () => {
  const file = writeText(dir, 'customers.csv', [
    '姓名,手机号,公司,地址,联系人,备注1,备注2,性别,来源',
    '王五,13811110001,甲公司,北京,老王,"a, b",r2,男,展会',
    '赵六,0755-12345678,乙公司,深圳,,,,女,',
    '钱七,13811110001,,,,,,,', // repeated
    '孙八,12345,,,,,,,', // invalid
    `周九,${BL_OTHER},,,,,,,`,
  ]);
  const j = await importAndWait(m1, file, 2);
  expect(j).toMatchObject({
    status: 'done',
    imported: 2,
    duplicates: 1,
    invalid: 1,
    blacklisted: 0,
    removed: 1,
  });
  const [, a] = await customersOf(j.importJobId);
  expect(a).toMatchObject({
    name: '王五',
    phone: '13811110001',
    company: '甲公司',
    address: '北京',
    contact: '老王',
    remark1: 'a, b',
    remark2: 'r2',
    sex: 0,
    source: '展会',
  });
});

it('imports an xlsx with option 3: numbers called within N days or graded F are removed', async () => {
  const file = await writeXlsx(dir, 'sheet.xlsx', [
    ['Name', 'Mobile', 'Company'],
    ['A', 13822220001, 'x'],
    ['B', CALLED_F, 'y'], // called 2 days ago and graded F: removed
    ['C', CALLED_OLD_B, 'z'], // called 30 days ago, grade A: not removed by 7 days, updated
    ['D', UNCALLED, ''], // duplicate
    ['E', 'not a phone', ''],
  ]);
  const j = await importAndWait(m1, file, 3, { calledWithinDays: 7, grades: [26] });
  expect(j).toMatchObject({
    status: 'done',
    imported: 1,
    updated: 1, // CALLED_OLD_B: called, not within 7 days: its customer is updated
    duplicates: 1,
    invalid: 1,
    blacklisted: 0,
    removed: 1,
  });
  expect((await customersOf(j.importJobId)).map((r) => r.phone)).toEqual(['13822220001', CALLED_OLD_B]);
  const byGrade = await importAndWait(m1, await writeXlsx(dir, 'g.xlsx', [['手机'], [CALLED_F]]), 3, {
    grades: [26],
  });
  expect(byGrade).toMatchObject({ imported: 0, removed: 1 });
});

it('imports an old binary xls with option 1: numbers typed as numbers stay digits', async () => {
  const file = writeXls(dir, 'old.xls', [
    ['姓名', '手机', '公司'],
    ['甲', 13866660001, '一'],
    ['乙', '13866660002', '二'],
    ['丙', 13866660001, ''], // duplicate in the file
    ['丁', '12345', ''],
  ]);
  const j = await importAndWait(m1, file, 1);
  expect(j).toMatchObject({ status: 'done', imported: 2, duplicates: 1, invalid: 1, fileType: 'xls' });
  expect((await customersOf(j.importJobId)).map((r) => [r.name, r.phone, r.company])).toEqual([
    ['甲', '13866660001', '一'],
    ['乙', '13866660002', '二'],
  ]);
});

it('imports encrypted numbers with option 4: stored masked and sealed, never in clear', async () => {
  const key = 'k3y0fSupp1ier!16';
  expect((await m1.put('/api/crm/imports/aes-key', { key: 'short' })).status).toBe(400);
  expect((await m1.put('/api/crm/imports/aes-key', { key })).body.code).toBe(200);
  const enc = (d: string) => supplierEncrypt(key, d);
  const file = writeText(dir, 'sealed.txt', [
    enc('13833330001'),
    enc('13833330002'),
    enc(UNCALLED),
    'bm90IGFlcw==',
  ]);
  const j = await importAndWait(m1, file, 4);
  expect(j).toMatchObject({ status: 'done', imported: 2, duplicates: 1, invalid: 1 });
  const rows = await customersOf(j.importJobId);
  expect(rows.map((r) => r.phone)).toEqual(['138****0001', '138****0002']);
  expect(decryptSecret(p.config.secretKey, rows[0].phone_cipher)).toBe('13833330001');
  expect(rows[0].phone_hash).toBe(phoneHash(p.config.secretKey, '13833330001'));
  const r = await report(m1, j.importJobId);
  expect(r.text).not.toContain(UNCALLED); // the duplicate is reported masked
  expect(r.text).toContain('139****0001,duplicate');
});

it('pushes progress over the socket to the importer and lists imports newest first', async () => {
  const s = connect(p.url, {
    transports: ['websocket'],
    auth: { token: m1.token },
    extraHeaders: { cookie: `Auth=${m1.cookie}` },
    reconnection: false,
  });
  socks.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  const seen: ImportProgress[] = [];
  const done = new Promise<ImportProgress>((resolve) =>
    s.on('import:progress', (e: ImportProgress) => {
      seen.push(e);
      if (e.status === 'done') resolve(e);
    }),
  );
  const lines = Array.from({ length: 2000 }, (_, i) => String(13844440000 + i));
  const r = await upload(m1, writeText(dir, 'live.txt', lines), 1);
  const last = await done;
  expect(last).toMatchObject({ importJobId: r.body.data!.importJobId, imported: 2000, rowsDone: 2000 });
  expect(seen.some((e) => e.status === 'running')).toBe(true);
  const list = (await m1.get<{ items: { importJobId: number }[] }>('/api/crm/imports')).body.data!.items;
  expect(list[0]!.importJobId).toBe(r.body.data!.importJobId);
  expect(list.map((i) => i.importJobId)).toEqual([...list.map((i) => i.importJobId)].sort((a, b) => b - a));
});

it('an import whose job Bull fails for stalling twice reads failed, never running for ever', async () => {
  const k = p.db.knex;
  const row = (status: string) => ({
    account_id: merchantId,
    created_by: merchantId,
    target: 'customers',
    file_name: 'stalled.txt',
    file_type: 'txt',
    file_path: '/nonexistent',
    status,
  });
  const [running] = await k('import_jobs').insert(row('running')).returning('id');
  const [done] = await k('import_jobs').insert(row('done')).returning('id');
  // What Bull's stalled-job check emits when it gives a job up (queue.js moveUnlockedJobsToWait).
  const stalled = new Error('job stalled more than allowable limit');
  for (const id of [running.id, done.id])
    p.server.deps.queues.imports.emit('failed', { data: { importJobId: Number(id) } }, stalled);
  // Another failure is the handler's own business (it retries or fails the import itself).
  const [other] = await k('import_jobs').insert(row('running')).returning('id');
  p.server.deps.queues.imports.emit('failed', { data: { importJobId: Number(other.id) } }, new Error('boom'));
  const got = await until(async () => {
    const j: { status: string; error: string | null } = await k('import_jobs')
      .where({ id: running.id })
      .first('status', 'error');
    return j.status === 'failed' ? j : undefined;
  }, 5000);
  // In the importer's language (zh-CN here); the queue's words only for support.
  expect(got).toEqual({
    status: 'failed',
    error: '导入失败：导入进程中断（job stalled more than allowable limit），未完成，请重新导入',
  });
  expect((await k('import_jobs').where({ id: done.id }).first('status')).status).toBe('done');
  expect((await k('import_jobs').where({ id: other.id }).first('status')).status).toBe('running');
});
