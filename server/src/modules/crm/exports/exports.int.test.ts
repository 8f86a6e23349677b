// Customer exports end to end: exact csv and xlsx rows (xlsx read back with exceljs), filter and id
// selections, hidden numbers masked, formula neutralisation, the download list and the ready notice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { phoneHash } from '../../../../../platform/secrets';
import { startTree, type Tree } from '../../../../../test/fixtures';
import type { ExportJobDto } from './presenters';
import { runExport } from './customerExport';
import { sweepExpired } from './sweep';
import { download, exportAndWait } from './testHelpers';
import { until } from '../../../../../test/until';

let t: Tree;
const c: Record<string, number> = {};

const HEADER_ZH =
  '姓名,电话,联系人,性别,公司,地址,备注1,备注2,备注3,备注4,备注5,来源,阶段,重点关注,评分,标签,导入时间,创建时间';
const CREATED = new Date('2026-01-01T00:00:00Z'); // 08:00:00 in Asia/Shanghai

beforeAll(async () => {
  process.env.EXPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-int-'));
  t = await startTree();
  const k = t.p.db.knex;
  const row = async (accountId: number, phone: string, over: Record<string, unknown>) =>
    Number(
      (
        await k('customers')
          .insert({
            account_id: accountId,
            phone,
            phone_hash: phoneHash(t.p.config.secretKey, over.clear ? String(over.clear) : phone),
            created_at: CREATED,
            ...Object.fromEntries(Object.entries(over).filter(([key]) => key !== 'clear')),
          })
          .returning('id')
      )[0].id,
    );
  c.zhang = await row(t.ids.m1, '13800000001', {
    name: '张三',
    contact: '李四',
    sex: 0,
    company: 'ACME, Inc.',
    address: '上海',
    remark1: 'r1',
    source: 'web',
    stage: 300,
    focus: true,
    score: 5,
    imported_at: new Date('2026-01-02T03:04:05Z'),
  });
  // A hidden number (import option 4): the phone column holds the masked form, the cipher the rest.
  c.formula = await row(t.ids.m1, '138****1234', {
    name: '=HYPERLINK("x")',
    phone_cipher: 'v1:secret',
    clear: '13812341234',
    grade: 22,
  });
  c.wang = await row(t.ids.m1, '13800000003', { name: '王五', remark2: '-1+2', stage: 600, grade: 22 });
  c.op = await row(t.ids.op1, '13800000004', { name: '赵六' });
  c.sea = await row(t.ids.m1, '13800000005', { name: '公海', in_sea: true });
  c.other = await row(t.ids.m2, '13800000006', { name: '别家', grade: 22 });
  const [vip, fresh] = await k('tags')
    .insert([
      { account_id: t.ids.m1, name: 'VIP' },
      { account_id: t.ids.m1, name: '新客' },
    ])
    .returning('id');
  await k('customer_tags').insert([
    { customer_id: c.zhang, tag_id: vip.id },
    { customer_id: c.zhang, tag_id: fresh.id },
  ]);
});

afterAll(async () => {
  await t.p.close();
  fs.rmSync(process.env.EXPORT_DIR!, { recursive: true, force: true });
});

const lines = (bytes: Buffer) => bytes.toString('utf8').split('\r\n');

it('exports my customers to csv: BOM, header in my language, exact rows, neutralised, masked', async () => {
  const job = await exportAndWait(t.m1, { format: 'csv' });
  expect(job).toMatchObject({ status: 'done', rows: 4, format: 'csv', kind: 'customers' });
  const f = await download(t.m1, job.exportJobId);
  expect(f.status).toBe(200);
  expect(f.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(f.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-.*\.csv"/);
  expect([...f.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(lines(f.bytes.subarray(3))).toEqual([
    HEADER_ZH,
    '张三,13800000001,李四,男,"ACME, Inc.",上海,r1,,,,,web,跟进中,是,5,VIP，新客,2026-01-02 11:04:05,2026-01-01 08:00:00',
    `"'=HYPERLINK(""x"")",138****1234,,,,,,,,,,,新增,否,0,,,2026-01-01 08:00:00`,
    "王五,13800000003,,,,,,'-1+2,,,,,已成交,否,0,,,2026-01-01 08:00:00",
    '赵六,13800000004,,,,,,,,,,,新增,否,0,,,2026-01-01 08:00:00',
    '',
  ]);
  // The hidden number's clear digits never appear.
  expect(f.bytes.toString('utf8')).not.toContain('13812341234');
});

it('exports a filter to xlsx in English, read back with exceljs', async () => {
  t.m1.lang = 'en';
  try {
    const job = await exportAndWait(t.m1, { format: 'xlsx', filter: { grade: 22 } });
    expect(job).toMatchObject({ status: 'done', rows: 2 });
    const f = await download(t.m1, job.exportJobId);
    expect(f.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(f.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Customers');
    const values = ws.getSheetValues().slice(1) as unknown[][];
    // exceljs reads an empty cell back as a hole.
    expect(values.map((r) => Array.from(r.slice(1), (v) => v ?? ''))).toEqual([
      [
        'Name',
        'Phone',
        'Contact',
        'Sex',
        'Company',
        'Address',
        'Remark 1',
        'Remark 2',
        'Remark 3',
        'Remark 4',
        'Remark 5',
        'Source',
        'Stage',
        'Focus',
        'Score',
        'Tags',
        'Imported at',
        'Created at',
      ],
      [
        `'=HYPERLINK("x")`,
        '138****1234',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'Newly added',
        'No',
        0,
        '',
        '',
        '2026-01-01 08:00:00',
      ],
      [
        '王五',
        '13800000003',
        '',
        '',
        '',
        '',
        '',
        "'-1+2",
        '',
        '',
        '',
        '',
        'Closed',
        'No',
        0,
        '',
        '',
        '2026-01-01 08:00:00',
      ],
    ]);
    // Every cell is a plain value: no formula came through.
    ws.eachRow((r) => r.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  } finally {
    t.m1.lang = 'zh-CN';
  }
});

it('exports chosen ids; ids outside my scope are not exported', async () => {
  const job = await exportAndWait(t.m1, { format: 'csv', customerIds: [c.wang, c.other, c.sea] });
  expect(job.rows).toBe(1);
  const f = await download(t.m1, job.exportJobId);
  expect(
    lines(f.bytes.subarray(3))
      .slice(1, -1)
      .map((l) => l.split(',')[0]),
  ).toEqual(['王五']);
  // Ids within a filter: both must hold.
  const both = await exportAndWait(t.m1, {
    format: 'csv',
    customerIds: [c.zhang, c.wang],
    filter: { stage: 600 },
  });
  expect(both.rows).toBe(1);
});

it("lists the caller's own exports newest first; tells the bell when one is ready", async () => {
  const mine = (await t.m1.get<{ items: ExportJobDto[] }>('/api/crm/exports')).body.data!.items;
  expect(mine.length).toBe(4);
  const ids = mine.map((j) => j.exportJobId);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  expect(mine[0]).toMatchObject({
    status: 'done',
    downloadUrl: `/api/crm/exports/${ids[0]}/file`,
    fileName: expect.stringMatching(/^customers-\d{8}-\d{6}-\d+\.csv$/),
  });
  const page = (await t.m1.get<{ items: ExportJobDto[]; nextBeforeId: number }>('/api/crm/exports?limit=2'))
    .body.data!;
  expect(page.items.map((j) => j.exportJobId)).toEqual(ids.slice(0, 2));
  const rest = (await t.m1.get<{ items: ExportJobDto[] }>(`/api/crm/exports?beforeId=${page.nextBeforeId}`))
    .body.data!.items;
  expect(rest.map((j) => j.exportJobId)).toEqual(ids.slice(2));
  // Personal: the subordinate sees none of them.
  expect((await t.op1.get<{ items: ExportJobDto[] }>('/api/crm/exports')).body.data!.items).toEqual([]);
  const notices = await t.p.db
    .knex('notices')
    .where({ account_id: t.ids.m1, type: 100 })
    .where({ title_key: 'exportReady.title', body_key: 'exportReady.customersBody' });
  expect(notices.length).toBe(4);
});

it('an expired or vanished file is a 404, and the list says expired', async () => {
  const job = await exportAndWait(t.m1, { format: 'csv', customerIds: [c.zhang] });
  const k = t.p.db.knex;
  const row = await k('export_jobs').where({ id: job.exportJobId }).first();
  fs.rmSync(row.file_path);
  expect((await download(t.m1, job.exportJobId)).status).toBe(404);
  await k('export_jobs')
    .where({ id: job.exportJobId })
    .update({ expires_at: new Date(Date.now() - 1000) });
  expect((await download(t.m1, job.exportJobId)).status).toBe(404);
  const got = (await t.m1.get<ExportJobDto>(`/api/crm/exports/${job.exportJobId}`)).body.data!;
  expect(got).toMatchObject({ status: 'expired', downloadUrl: null });
  // The sweep removes expired files (this one is gone already: still fine) and forgets their path.
  const kept = await exportAndWait(t.m1, { format: 'xlsx', customerIds: [c.zhang] });
  const keptPath = (await k('export_jobs').where({ id: kept.exportJobId }).first()).file_path;
  await k('export_jobs')
    .where({ id: kept.exportJobId })
    .update({ expires_at: new Date(Date.now() - 1000) });
  expect(await sweepExpired(t.p.server.deps)).toBe(2);
  expect(fs.existsSync(keptPath)).toBe(false);
  expect(
    await k('export_jobs').whereNotNull('file_path').whereIn('id', [job.exportJobId, kept.exportJobId]),
  ).toEqual([]);
  expect(await sweepExpired(t.p.server.deps)).toBe(0);
});

it('is safe to run twice (Bull delivers at least once): done is skipped, an unfinished run starts over', async () => {
  const job = await exportAndWait(t.m1, { format: 'csv', customerIds: [c.zhang, c.wang] });
  const k = t.p.db.knex;
  const before = await download(t.m1, job.exportJobId);
  const notices = async () =>
    (await k('notices').where({ account_id: t.ids.m1 }).count({ n: '*' }).first())!.n;
  const n = await notices();
  await runExport(t.p.server.deps, job.exportJobId);
  expect(await notices()).toBe(n);
  // A worker died mid-file: the retry writes the whole file again.
  const row = await k('export_jobs').where({ id: job.exportJobId }).first();
  fs.writeFileSync(row.file_path, 'half');
  await k('export_jobs').where({ id: job.exportJobId }).update({ status: 'running', rows: 1 });
  await runExport(t.p.server.deps, job.exportJobId);
  const after = await download(t.m1, job.exportJobId);
  expect(after.bytes.equals(before.bytes)).toBe(true);
  expect((await k('export_jobs').where({ id: job.exportJobId }).first()).rows).toBe(2);
});

it('an export whose job Bull fails for stalling again and again reads failed, never running for ever', async () => {
  const k = t.p.db.knex;
  const job = await exportAndWait(t.m1, { format: 'csv', customerIds: [c.zhang] });
  const base = await k('export_jobs').where({ id: job.exportJobId }).first();
  const copy = async (status: string) =>
    Number(
      (
        await k('export_jobs')
          .insert({
            account_id: base.account_id,
            created_by: base.created_by,
            format: 'csv',
            filter: base.filter,
            lang: base.lang,
            status,
            expires_at: base.expires_at,
          })
          .returning('id')
      )[0].id,
    );
  const running = await copy('running');
  const stalled = new Error('job stalled more than allowable limit');
  const q = t.p.server.deps.queues.exports;
  for (const id of [running, job.exportJobId])
    q.emit('failed', { name: 'customers', data: { exportJobId: id } }, stalled);
  // Another failure is the handler's own business (Bull retries it; the last attempt fails it).
  const other = await copy('running');
  q.emit('failed', { name: 'customers', data: { exportJobId: other } }, new Error('boom'));
  const got = await until(async () => {
    const j: { status: string; error: string | null } = await k('export_jobs')
      .where({ id: running })
      .first('status', 'error');
    return j.status === 'failed' ? j : undefined;
  }, 5000);
  expect(got).toEqual({ status: 'failed', error: 'export failed: job stalled more than allowable limit' });
  expect((await k('export_jobs').where({ id: job.exportJobId }).first('status')).status).toBe('done');
  expect((await k('export_jobs').where({ id: other }).first('status')).status).toBe('running');
});
