// Bad files are refused with a reason; another tenant's imports are out of reach; a job runs once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, type AccountDto, type RoleDto } from '../../../../../domain/api';
import { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { until } from '../../../../../test/until';
import { phoneHash } from '../../../../../platform/secrets';
import { writeText, writeXlsx, writeZip, writeZipBomb } from '../../../files/fixtures';
import { importLimits } from './limits';
import { runImport } from './run';
import { finished, importAndWait, report, upload } from './testHelpers';

// Imports run in a queue behind a real server; a loaded CI machine needs more than jest's 5 s.
jest.setTimeout(60_000);

let p: TestPlatform;
let m1: ApiClient;
let m2: ApiClient;
let dir: string;

beforeAll(async () => {
  process.env.IMPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-int-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-files-'));
  p = await startTestPlatform();
  m1 = new ApiClient(p.url);
  await m1.login('merchant01');
  const admin = new ApiClient(p.url);
  await admin.login('superadmin');
  const roles = (await admin.get<RoleDto[]>('/api/roles')).body.data!;
  await admin.post<AccountDto>('/api/accounts', {
    account: 'merchant02',
    password: 'secret12',
    confirm: 'secret12',
    realName: '二号商户',
    level: 2,
    roleId: roles.find((r) => r.name === '商户')!.id,
    aiSeats: 1,
    totalAuthorization: 2,
    dialIntervalSeconds: 0,
    expiresAt: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10),
  });
  m2 = new ApiClient(p.url);
  expect((await m2.login('merchant02', 'secret12')).body.code).toBe(200);
});
afterAll(async () => {
  await p.close();
  for (const d of [dir, process.env.IMPORT_DIR!]) fs.rmSync(d, { recursive: true, force: true });
});

const reason = (b: { data: unknown }) => (b.data as { errors: { message: string }[] }).errors[0]!.message;

describe('the export password (SPEC §5: import needs it)', () => {
  it('refuses an upload without it or with a wrong one, and queues nothing', async () => {
    const file = writeText(dir, 'pw.txt', ['13800009901']);
    const before = await p.db.knex('import_jobs').count<{ n: string }[]>('* as n');
    const none = await upload(m1, file, 1, undefined, undefined, '');
    expect(none.status).toBe(400);
    expect(none.body.data).toMatchObject({ errors: [{ path: 'password' }] });
    const wrong = await upload(m1, file, 1, undefined, undefined, 'not-the-password');
    expect([wrong.status, wrong.body.code]).toEqual([400, Code.WrongPassword]);
    const after = await p.db.knex('import_jobs').count<{ n: string }[]>('* as n');
    expect(after[0]!.n).toBe(before[0]!.n);
    // Each tenant's own password.
    expect((await upload(m2, file, 1, undefined, undefined, 'demo1234')).body.code).toBe(Code.WrongPassword);
  });
});

describe('bad files', () => {
  it('refuses a wrong extension, an empty file, a fake xls, a protected workbook and a non-text txt', async () => {
    let r = await upload(m1, writeText(dir, 'a.pdf', ['13800000001']), 1);
    expect([r.status, reason(r.body)]).toEqual([400, '不支持的文件类型：请上传 xlsx、xls、csv 或 txt 文件']);
    fs.writeFileSync(path.join(dir, 'empty.txt'), '');
    r = await upload(m1, path.join(dir, 'empty.txt'), 1);
    expect([r.status, reason(r.body)]).toEqual([400, '文件是空的']);
    r = await upload(m1, writeText(dir, 'fake.xls', ['13800000001']), 1);
    expect([r.status, reason(r.body)]).toEqual([400, expect.stringContaining('不是有效的 xls 工作簿')]);
    // An OLE file named .xlsx: a password-protected workbook (or a renamed xls).
    fs.writeFileSync(
      path.join(dir, 'locked.xlsx'),
      Buffer.from('d0cf11e0a1b11ae1' + '00'.repeat(100), 'hex'),
    );
    r = await upload(m1, path.join(dir, 'locked.xlsx'), 1);
    expect([r.status, reason(r.body)]).toEqual([400, expect.stringContaining('工作簿设置了密码')]);
    fs.writeFileSync(path.join(dir, 'bin.txt'), Buffer.from([1, 0, 2, 0]));
    r = await upload(m1, path.join(dir, 'bin.txt'), 1);
    expect([r.status, reason(r.body)]).toEqual([400, '不是文本文件：.txt 文件必须是纯文本']);
  });

  it("words the same refusal in the request's language: Chinese by default, English when asked", async () => {
    const pdf = writeText(dir, 'b.pdf', ['13800000001']);
    const zh = await upload(m1, pdf, 1);
    const en = await upload(m1, pdf, 1, undefined, 'en');
    expect([zh.status, zh.body.message, zh.body.data]).toEqual([
      400,
      '请求参数有误',
      { errors: [{ path: 'file', message: '不支持的文件类型：请上传 xlsx、xls、csv 或 txt 文件' }] },
    ]);
    expect([en.status, en.body.message, en.body.data]).toEqual([
      400,
      'Invalid request',
      { errors: [{ path: 'file', message: 'Unsupported file type: use xlsx, xls, csv or txt' }] },
    ]);
    // With parameters: the zip checks' figures in either language.
    const bomb = writeZipBomb(dir, 'bomb2.xlsx');
    expect(reason((await upload(m1, bomb, 1)).body)).toMatch(/（疑似压缩炸弹）$/);
    expect(reason((await upload(m1, bomb, 1, undefined, 'en')).body)).toMatch(/ \(zip bomb\?\)$/);
  });

  it('refuses a bad option or option 3 without a condition', async () => {
    const f = writeText(dir, 'ok.txt', ['13800000001']);
    expect((await upload(m1, f, 7)).status).toBe(400);
    expect((await upload(m1, f, 3, {})).status).toBe(400);
    expect((await upload(m1, f, 3, { grades: 'F' })).status).toBe(400);
  });

  it('refuses a file over the row limit: text at upload, xlsx while parsing', async () => {
    const saved = importLimits.maxRows;
    importLimits.maxRows = 5;
    try {
      const lines = Array.from({ length: 6 }, (_, i) => String(13800000100 + i));
      const r = await upload(m1, writeText(dir, 'big.txt', lines), 1);
      expect([r.status, reason(r.body)]).toEqual([413, '文件的数据行超过 5 行，请拆分后再上传']);
      const en = await upload(m1, writeText(dir, 'big.txt', lines), 1, undefined, 'en');
      expect([en.status, reason(en.body)]).toEqual([413, 'The file has more than 5 data rows']);
      const x = await writeXlsx(dir, 'big.xlsx', [['phone'], ...lines.map((l) => [l])]);
      // The job's error is in the importer's language: English when asked for, else Chinese.
      const j = await importAndWait(m1, x, 1, {}, 'en');
      expect(j).toMatchObject({ status: 'failed', error: 'the file has more than 5 data rows', imported: 0 });
      const zh = await importAndWait(m1, x, 1);
      expect(zh).toMatchObject({
        status: 'failed',
        error: '文件的数据行超过 5 行，请拆分后再导入',
        imported: 0,
      });
      expect(await p.db.knex('customers').where({ import_job_id: j.importJobId }).count()).toEqual([
        { count: '0' },
      ]);
    } finally {
      importLimits.maxRows = saved;
    }
  });

  it('fails a corrupt xls in the isolated reader, with the reason', async () => {
    fs.writeFileSync(path.join(dir, 'broken.xls'), Buffer.from('d0cf11e0a1b11ae1' + '07'.repeat(600), 'hex'));
    const j = await importAndWait(m1, path.join(dir, 'broken.xls'), 1);
    expect(j).toMatchObject({ status: 'failed', error: expect.stringContaining('无法读取 xls 工作簿：') });
    const en = await importAndWait(m1, path.join(dir, 'broken.xls'), 1, {}, 'en');
    expect(en).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('xls workbook cannot be read'),
    });
  });

  it('refuses a corrupt xlsx and a zip bomb disguised as xlsx', async () => {
    fs.writeFileSync(
      path.join(dir, 'corrupt.xlsx'),
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(500, 7)]),
    );
    let r = await upload(m1, path.join(dir, 'corrupt.xlsx'), 1);
    expect([r.status, reason(r.body)]).toEqual([400, '不是有效的 xlsx 文件（缺少压缩包的结束记录）']);
    r = await upload(m1, writeZipBomb(dir, 'bomb.xlsx'), 1);
    expect([r.status, reason(r.body)]).toEqual([400, expect.stringContaining('疑似压缩炸弹')]);
    // A real zip that is not a workbook passes the zip check and fails in the parser.
    const notBook = writeZip(dir, 'tiny.xlsx', [{ name: 'hello.txt', data: Buffer.from('hello') }]);
    const j = await importAndWait(m1, notBook, 1, {}, 'en');
    expect(j.status).toBe('failed');
    expect(j.error).toMatch(/xlsx|workbook/);
  });

  it('fails a csv or xlsx without a phone column, and a file with no data rows', async () => {
    // The error names the headers it found and the names a phone column may have, in the user's language.
    let j = await importAndWait(m1, writeText(dir, 'nophone.csv', ['姓名,公司', '张三,甲']), 1);
    expect(j).toMatchObject({ status: 'failed', error: expect.stringContaining('找到的表头：姓名, 公司') });
    expect(j.error).toContain('联系电话');
    j = await importAndWait(
      m1,
      await writeXlsx(dir, 'nophone.xlsx', [['name', ' Addr '], ['x']]),
      1,
      {},
      'en',
    );
    expect(j).toMatchObject({ status: 'failed', error: expect.stringContaining('(found: name, Addr)') });
    j = await importAndWait(m1, writeText(dir, 'header.csv', ['phone']), 1);
    expect(j).toMatchObject({ status: 'failed', error: '文件中没有数据行' });
    // Option 4 without a supplier key: a cell that is no number cannot be decrypted (the file still imports).
    j = await importAndWait(m1, writeText(dir, 'sealed.txt', ['abc', '13855550999']), 4, {}, 'en');
    expect(j).toMatchObject({ status: 'done', invalid: 1, imported: 1 });
    expect((await report(m1, j.importJobId)).text).toContain(
      '1,abc,invalid,"not a number, and no supplier key',
    );
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another merchant's import and report", async () => {
    const j = await importAndWait(m1, writeText(dir, 'm1.txt', ['13855550001']), 1);
    expect((await m2.get(`/api/crm/imports/${j.importJobId}`)).status).toBe(404);
    expect((await report(m2, j.importJobId)).status).toBe(404);
    expect((await report(m1, j.importJobId)).status).toBe(200);
    const list = (await m2.get<{ items: unknown[] }>('/api/crm/imports')).body.data!.items;
    expect(list).toEqual([]);
  });

  it("never dedupes against or touches another merchant's customers", async () => {
    const before = await p.db.knex('customers').where({ phone: '13855550001' }).select('id', 'account_id');
    const j = await importAndWait(
      m2,
      writeText(dir, 'm2.txt', ['13855550001']),
      1,
      undefined,
      undefined,
      'secret12',
    );
    expect(j).toMatchObject({ status: 'done', imported: 1, duplicates: 0 });
    const m2Id = (await p.db.knex('accounts').where({ account: 'merchant02' }).first('id')).id;
    const after = await p.db
      .knex('customers')
      .where({ phone: '13855550001' })
      .orderBy('id')
      .select('id', 'account_id');
    expect(after).toEqual([...before, { id: expect.any(String), account_id: String(m2Id) }]);
  });
});

describe('idempotency', () => {
  /** A run removes its file just after it says done: waits for that (the run has ended). */
  async function fileRemoved(id: number): Promise<{ file_path: string }> {
    const row = await p.db.knex('import_jobs').where({ id }).first('file_path');
    await until(() => !fs.existsSync(row.file_path), 5000);
    expect(fs.existsSync(row.file_path)).toBe(false);
    return row;
  }

  it('inserts nothing twice when a job is delivered again or re-run', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => String(13866660000 + i));
    const j = await importAndWait(m1, writeText(dir, 'once.txt', lines), 1);
    expect(j.imported).toBe(50);
    await fileRemoved(j.importJobId);
    const count = async () =>
      Number((await p.db.knex('customers').where({ import_job_id: j.importJobId }).count())[0]!.count);
    // Bull: the same job id again is a no-op; a finished job is skipped.
    await p.server.deps.queues.imports.add(
      { importJobId: j.importJobId },
      { jobId: `import:${j.importJobId}` },
    );
    await runImport(p.server.deps, j.importJobId);
    expect(await count()).toBe(50);
    // As if the row said running after the commit: the re-run inserts nothing and says why.
    await p.db.knex('import_jobs').where({ id: j.importJobId }).update({ status: 'running' });
    await runImport(p.server.deps, j.importJobId);
    expect(await count()).toBe(50);
    expect(await finished(m1, j.importJobId)).toMatchObject({
      status: 'failed',
      error: '上传的文件已不存在，请重新上传',
    });
  });

  it('re-runs an interrupted job from the start: nothing of the first run was committed', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => String(13866670000 + i));
    const r = await upload(m1, writeText(dir, 'again.txt', lines), 1);
    const id = r.body.data!.importJobId;
    await finished(m1, id);
    // Or the first run's removal of the file could remove the copy written back below (a CI run).
    const row = await fileRemoved(id);
    // Simulate a crash before commit: rows gone, the file back, the row still running.
    await p.db.knex('customers').where({ import_job_id: id }).del();
    fs.writeFileSync(row.file_path, lines.join('\n'));
    await p.db.knex('import_jobs').where({ id }).update({ status: 'running', imported: 0 });
    await runImport(p.server.deps, id);
    expect(await finished(m1, id)).toMatchObject({ status: 'done', imported: 30, duplicates: 0 });
    expect(await p.db.knex('customers').where({ import_job_id: id }).count()).toEqual([{ count: '30' }]);
  });

  it('matches blacklists by hash whatever the number looks like in the file', async () => {
    const h = phoneHash(p.config.secretKey, '13877770001');
    await p.db.knex('blacklist_numbers').insert({ account_id: null, phone: '13877770001', phone_hash: h });
    const j = await importAndWait(
      m2,
      writeText(dir, 'bl.txt', ['+86 138-7777-0001']),
      1,
      undefined,
      undefined,
      'secret12',
    );
    expect(j).toMatchObject({ imported: 0, blacklisted: 1 });
  });
});
