// Hostile files and runaway imports (issue #21): archives that lie about their sizes are refused at
// upload and in the import process, quickly and in bounded memory; an import process over its memory
// or time cap is killed and its job fails with the reason in the importer's language; a NUL in a cell
// is a row error (phone) or dropped (other fields), never a failed job; a database error reads as a
// clean sentence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { writeLyingZip, writeText, writeXlsx, writeZip } from '../../../files/fixtures';
import { importLimits } from './limits';
import { ReaderCapError } from '../../../files/sheets/types';
import { importProcessStats } from './runJob';
import { reasonsFor } from './reasons';
import { jobError } from './run';
import { finished, importAndWait, report, upload } from './testHelpers';
import { until } from '../../../../../test/until';

jest.setTimeout(90_000);

let p: TestPlatform;
let m1: ApiClient;
let dir: string;

beforeAll(async () => {
  process.env.IMPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-hard-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-hard-files-'));
  p = await startTestPlatform();
  m1 = new ApiClient(p.url);
  await m1.login('merchant01');
});
afterAll(async () => {
  await p.close();
  for (const d of [dir, process.env.IMPORT_DIR!]) fs.rmSync(d, { recursive: true, force: true });
});

const reason = (b: { data: unknown }) => (b.data as { errors: { message: string }[] }).errors[0]!.message;

/**
 * Uploads a harmless workbook with the queue paused, swaps the stored file for `file` (as if the
 * upload check had been passed), then lets the import process run it: the import's own defences.
 */
async function runAsJob(file: string, lang: 'zh-CN' | 'en' = 'en') {
  const q = p.server.deps.queues.imports;
  await q.pause(true);
  try {
    const ok = await writeXlsx(dir, 'harmless.xlsx', [['phone'], ['13855551234']]);
    const r = await upload(m1, ok, 1, undefined, lang);
    expect(r.body.code).toBe(200);
    const id = r.body.data!.importJobId;
    const row = await p.db.knex('import_jobs').where({ id }).first('file_path');
    fs.copyFileSync(file, row.file_path);
    return id;
  } finally {
    await q.resume(true);
  }
}

describe('archives that lie about their sizes', () => {
  it('refuses at upload, within a second, an xlsx whose sheet declares 1 KiB and inflates to 1 GiB', async () => {
    const bomb = await writeLyingZip(dir, 'lie.xlsx', 1024 ** 3);
    const t = Date.now();
    const r = await upload(m1, bomb, 1, undefined, 'en');
    expect(Date.now() - t).toBeLessThan(3000);
    expect([r.status, reason(r.body)]).toEqual([
      400,
      expect.stringMatching(/inflates to more than the 1024 bytes it declares \(zip bomb\?\)/),
    ]);
    // The same refusal in Chinese (the default), with the same figures.
    const zh = await upload(m1, bomb, 1);
    expect([zh.status, reason(zh.body)]).toEqual([
      400,
      expect.stringMatching(/解压后超过其声明的 1024 字节（疑似压缩炸弹）$/),
    ]);
  });

  it('refuses overlapping (quine-like) entries and a flood of entries at upload', async () => {
    const kernel = { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024) };
    const aliases = Array.from({ length: 60 }, (_, i) => ({
      name: `xl/worksheets/sheet${i + 2}.xml`,
      of: 0,
    }));
    let r = await upload(m1, writeZip(dir, 'overlap.xlsx', [kernel], aliases), 1);
    expect([r.status, reason(r.body)]).toEqual([400, '压缩包中的条目相互重叠（疑似压缩炸弹）']);
    const many = Array.from({ length: importLimits.maxZipEntries + 1 }, (_, i) => ({
      name: `e${i}.xml`,
      data: Buffer.from('x'),
    }));
    r = await upload(m1, writeZip(dir, 'many.xlsx', many), 1, undefined, 'en');
    expect([r.status, reason(r.body)]).toEqual([
      400,
      `The xlsx has too many zip entries (${importLimits.maxZipEntries + 1} > ${importLimits.maxZipEntries})`,
    ]);
  });

  it('fails the job in the import process too, quickly and with a small peak memory', async () => {
    const bomb = await writeLyingZip(dir, 'lie2.xlsx', 1024 ** 3);
    const t = Date.now();
    const id = await runAsJob(bomb);
    const j = await finished(m1, id, 20_000);
    expect(Date.now() - t).toBeLessThan(20_000);
    expect(j).toMatchObject({ status: 'failed', error: expect.stringContaining('zip bomb'), imported: 0 });
    // The import process inflated nothing beyond the declared 1 KiB.
    // This job's own figure (another job of this file may end in between), once its process's
    // stats are in.
    const peak = await until(() => importProcessStats.peakRssMbByJob.get(id), 5000);
    expect(peak).toBeGreaterThan(0);
    // Alone it peaks near 200 MB; under a loaded CI run its start-up (tsx compiling the import code)
    // has reached ~900 MB. What matters: it never held the 1 GiB the entry inflates to.
    expect(peak).toBeLessThan(1024);
  });
});

describe('caps of the import process', () => {
  it('kills a process over its time cap and fails the job with the reason (zh-CN)', async () => {
    const saved = importLimits.childTimeoutMs;
    importLimits.childTimeoutMs = 300; // less than the process takes to start
    try {
      const t = Date.now();
      const r = await upload(m1, writeText(dir, 'slow.txt', ['13855550001']), 1, undefined, 'zh-CN');
      const j = await finished(m1, r.body.data!.importJobId, 20_000);
      expect(Date.now() - t).toBeLessThan(15_000);
      expect(j).toMatchObject({
        status: 'failed',
        error: '导入已停止：超出时间上限（0.3 秒）。文件可能过大或已损坏，请拆分或重新保存后再导入',
        imported: 0,
      });
    } finally {
      importLimits.childTimeoutMs = saved;
    }
  });

  it('kills a process over its memory cap and fails the job with the reason (en)', async () => {
    const saved = importLimits.childRssMb;
    importLimits.childRssMb = 1; // any live process is over it at the first poll
    try {
      const r = await upload(m1, writeText(dir, 'fat.txt', ['13855550002']), 1, undefined, 'en');
      const j = await finished(m1, r.body.data!.importJobId, 20_000);
      expect(j).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('the import stopped: it went over its memory limit (1 MB)'),
        imported: 0,
      });
      expect(await p.db.knex('customers').where({ import_job_id: j.importJobId }).count()).toEqual([
        { count: '0' },
      ]);
    } finally {
      importLimits.childRssMb = saved;
    }
  });

  it('fails the job with the reason when the process reaches its V8 heap cap', async () => {
    const saved = importLimits.childHeapMb;
    importLimits.childHeapMb = 8; // less than loading the import's modules takes
    try {
      const lines = Array.from({ length: 30_000 }, (_, i) => `${13855600000 + i}\t客户${i}`);
      const r = await upload(m1, writeText(dir, 'heap.txt', lines), 1, undefined, 'en');
      const j = await finished(m1, r.body.data!.importJobId, 30_000);
      expect(j).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('went over its memory limit (8 MB)'),
        imported: 0,
      });
    } finally {
      importLimits.childHeapMb = saved;
    }
  });

  it('imports normally under the default caps afterwards', async () => {
    const j = await importAndWait(m1, writeText(dir, 'fine.txt', ['13855550003']), 1);
    expect(j).toMatchObject({ status: 'done', imported: 1 });
  });
});

describe('control characters in cells', () => {
  it('reports a phone cell with a NUL, drops NULs from other cells and imports the rest', async () => {
    const file = writeText(dir, 'nul.csv', [
      'phone,name,company,remark',
      '13855560001,张\u0000三,甲公司,ok',
      '138\u000055560002,李四,,',
      '13855560003,王五,乙\u0000公司,备\u0007注',
      '13855560004,赵六,,',
    ]);
    const j = await importAndWait(m1, file, 1, undefined, 'en');
    expect(j).toMatchObject({ status: 'done', imported: 3, invalid: 1 });
    const rows = await p.db
      .knex('customers')
      .where({ import_job_id: j.importJobId })
      .orderBy('phone')
      .select('phone', 'name', 'company', 'remark1');
    expect(rows).toEqual([
      { phone: '13855560001', name: '张三', company: '甲公司', remark1: 'ok' },
      { phone: '13855560003', name: '王五', company: '乙公司', remark1: '备注' },
      { phone: '13855560004', name: '赵六', company: '', remark1: '' },
    ]);
    expect((await report(m1, j.importJobId)).text).toContain(
      '3,13855560002,invalid,the number contains a control character (such as NUL)',
    );
  });

  it('does the same for a txt file, and names a phone-less header with a NUL without failing the update', async () => {
    const txt = writeText(dir, 'nul.txt', ['13855570001 张\u0000三', '1385557\u00000002', '13855570003']);
    const j = await importAndWait(m1, txt, 1, undefined, 'zh-CN');
    expect(j).toMatchObject({ status: 'done', imported: 2, invalid: 1 });
    expect((await report(m1, j.importJobId)).text).toContain('号码中含有控制字符');
    const noPhone = writeText(dir, 'nulhead.csv', ['company,na\u0000me', 'x,y']);
    const k = await importAndWait(m1, noPhone, 1, undefined, 'en');
    expect(k).toMatchObject({ status: 'failed', error: expect.stringContaining('(found: company, name)') });
  });
});

it('words a database error as a clean sentence with its SQLSTATE, never the driver message', async () => {
  const e = await p.db.knex.raw('SELECT 1 / 0').catch((x: unknown) => x);
  expect(jobError(reasonsFor('en'), e)).toBe(
    'the import failed: a database error (code 22012); nothing was imported, try again later',
  );
  expect(jobError(reasonsFor('zh-CN'), e)).toBe(
    '导入失败：数据库出错（代码 22012），未导入任何数据，请稍后重试',
  );
  // The .xls reader's own caps read the same way.
  expect(jobError(reasonsFor('zh-CN'), new ReaderCapError('time', 60))).toBe(
    '导入已停止：超出时间上限（60 秒）。文件可能过大或已损坏，请拆分或重新保存后再导入',
  );
  expect(jobError(reasonsFor('en'), new Error('secret internals'))).toBe(
    'the import failed: an internal error; nothing was imported, try again later',
  );
});
