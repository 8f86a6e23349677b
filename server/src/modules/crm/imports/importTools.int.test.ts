// /api/imports: the template download and the preview of an upload, for the customer import (menu
// crm/mycustomer) and a task's numbers (a task menu); the menu of each kind, bad input, oversize
// files, and nothing left behind (no job, no file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Envelope, NoticeDto } from '../../../../../domain/api';
import type { ImportPreviewDto } from '../../../../../domain/importPreview';
import type { ApiClient } from '../../../../../test/apiClient';
import { until } from '../../../../../test/until';
import { loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { writeText, writeXlsx } from '../../../files/fixtures';
import { importDir, importLimits } from './limits';
import { importAndWait } from './testHelpers';

jest.setTimeout(60_000);

let p: TestPlatform;
let m1: ApiClient;
/** A user of the second merchant with a task menu only (no customer center). */
let tasker: ApiClient;
let dir: string;

beforeAll(async () => {
  process.env.IMPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-tools-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-tools-files-'));
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  tasker = (await secondMerchantTree(p, ['dialcenter/singletask'])).u2;
});
afterAll(async () => {
  await p.close();
  for (const d of [dir, process.env.IMPORT_DIR!]) fs.rmSync(d, { recursive: true, force: true });
});

const auth = (c: ApiClient | null): Record<string, string> =>
  c ? { cookie: `Auth=${c.cookie}`, authorization: `Bearer ${c.token}` } : {};

async function template(c: ApiClient | null, qs: string, lang = 'zh-CN') {
  return fetch(`${p.url}/api/imports/template?${qs}`, { headers: { ...auth(c), 'accept-language': lang } });
}

async function preview(
  c: ApiClient | null,
  kind: string,
  file: string | null,
  lang = 'zh-CN',
): Promise<{ status: number; body: Envelope<ImportPreviewDto> }> {
  const form = new FormData();
  if (file) form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const res = await fetch(`${p.url}/api/imports/preview?kind=${kind}`, {
    method: 'POST',
    headers: { ...auth(c), 'accept-language': lang },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Envelope<ImportPreviewDto> };
}

const reason = (b: { data: unknown }) =>
  (b.data as { errors: { path: string; message: string }[] }).errors[0]!;
const incoming = () => {
  const d = path.join(importDir(), 'incoming');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};

describe('template', () => {
  it('downloads the customer template as xlsx in the language asked, and the number template as csv', async () => {
    const r = await template(m1, 'kind=customers&format=xlsx');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.headers.get('content-disposition')).toContain(encodeURIComponent('客户导入模板.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '姓名',
      '手机号码',
      '联系人',
      '性别',
      '公司名称',
      '地址',
      '备注1',
      '备注2',
      '备注3',
      '备注4',
      '备注5',
      '来源',
    ]);
    const csv = await template(tasker, 'kind=numbers&format=csv', 'en');
    expect(csv.status).toBe(200);
    // The bytes: Response.text() would drop the BOM.
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe('\uFEFFphone,name\r\n');
    // An explicit lang wins over Accept-Language.
    expect(await (await template(tasker, 'kind=numbers&format=csv&lang=zh-CN', 'en')).text()).toBe(
      '手机号码,姓名\r\n',
    );
  });

  it('needs the menu of the kind and a session, and refuses bad input in the envelope', async () => {
    expect((await template(tasker, 'kind=customers')).status).toBe(403);
    expect((await template(null, 'kind=numbers')).status).toBe(401);
    for (const qs of ['', 'kind=orders', 'kind=customers&format=pdf', 'kind=customers&lang=fr', 'kind=1']) {
      const r = await template(m1, qs);
      const body = (await r.json()) as Envelope<unknown>;
      expect({ qs, status: r.status, code: body.code }).toEqual({ qs, status: 400, code: 400 });
    }
  });
});

describe('preview', () => {
  it('previews the first rows with the phone column the import reads, and stores nothing', async () => {
    const lines = ['编号,客户姓名,联系电话'];
    for (let i = 0; i < 7; i++) lines.push(`${i},客户${i},1390000000${i}`);
    const r = await preview(m1, 'customers', writeText(dir, '客户.csv', lines));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      kind: 'customers',
      fileType: 'csv',
      hasHeader: true,
      columns: [
        { index: 1, header: '客户姓名', field: 'name' },
        { index: 2, header: '联系电话', field: 'phone' },
      ],
      ignored: ['编号'],
      phoneColumn: 1,
      more: true,
    });
    expect(r.body.data!.rows).toHaveLength(5);
    expect(r.body.data!.rows[0]).toEqual({ rowNo: 2, cells: ['客户0', '13900000000'] });
    const xlsx = await writeXlsx(dir, 'n.xlsx', [
      ['手机', '姓名', '公司'],
      [13800138000, '张三', '某公司'],
    ]);
    const n = await preview(tasker, 'numbers', xlsx);
    expect(n.body.data).toMatchObject({
      phoneColumn: 0,
      ignored: ['公司'],
      rows: [{ cells: ['13800138000', '张三'] }],
    });
    expect(await p.db.knex('import_jobs').count({ n: '*' }).first()).toEqual({ n: '0' });
    expect(incoming()).toEqual([]);
  });

  it('needs the menu of the kind and a session: each user previews only for the imports they may run', async () => {
    const file = writeText(dir, 'x.csv', ['手机', '13800000001']);
    expect((await preview(tasker, 'customers', file)).status).toBe(403);
    expect((await preview(null, 'customers', file)).status).toBe(401);
    expect((await preview(tasker, 'numbers', file)).status).toBe(200);
  });

  it('refuses bad input with the reason: no kind, no file, wrong type, no phone column (in the language)', async () => {
    const good = writeText(dir, 'g.csv', ['手机', '13800000001']);
    for (const kind of ['', 'orders']) {
      const r = await preview(m1, kind, good);
      expect([r.status, r.body.code]).toEqual([400, 400]);
    }
    const none = await preview(m1, 'customers', null);
    expect([none.status, reason(none.body).path]).toEqual([400, 'file']);
    const doc = await preview(m1, 'customers', writeText(dir, 'a.doc', ['x']));
    expect(reason(doc.body).message).toBe('不支持的文件类型：请上传 xlsx、xls、csv 或 txt 文件');
    const fake = await preview(m1, 'customers', writeText(dir, 'fake.xlsx', ['not a zip']));
    expect([fake.status, reason(fake.body).message]).toEqual([
      400,
      expect.stringContaining('不是有效的 xlsx 工作簿'),
    ]);
    const fakeEn = await preview(m1, 'customers', writeText(dir, 'fake.xlsx', ['not a zip']), 'en');
    expect([fakeEn.status, reason(fakeEn.body).message]).toEqual([
      400,
      'Not a valid xlsx workbook (corrupt or another format renamed to .xlsx)',
    ]);
    const noPhone = writeText(dir, 'np.csv', ['姓名,地址', '张三,北京']);
    expect(reason((await preview(m1, 'customers', noPhone)).body).message).toContain(
      '表头中没有号码列（找到的表头：姓名, 地址）',
    );
    expect(reason((await preview(m1, 'customers', noPhone, 'en')).body).message).toContain(
      'No phone column in the header row (found: 姓名, 地址)',
    );
    expect(incoming()).toEqual([]);
  });

  it('refuses an oversize file (413): over the upload size, over the row limit', async () => {
    const saved = { ...importLimits };
    try {
      importLimits.maxBytes = 1024;
      const big = writeText(dir, 'big.csv', [
        '手机',
        ...Array.from({ length: 200 }, (_, i) => `1380000${String(i).padStart(4, '0')}`),
      ]);
      const r = await preview(m1, 'customers', big);
      expect([r.status, r.body.code, reason(r.body).message]).toEqual([413, 413, '文件超过 0.000977 MB']);
      importLimits.maxBytes = saved.maxBytes;
      importLimits.maxRows = 100;
      const rows = await preview(m1, 'customers', big);
      expect([rows.status, reason(rows.body).message]).toEqual([
        413,
        '文件的数据行超过 100 行，请拆分后再上传',
      ]);
      const rowsEn = await preview(m1, 'customers', big, 'en');
      expect([rowsEn.status, reason(rowsEn.body).message]).toEqual([
        413,
        'The file has more than 100 data rows',
      ]);
    } finally {
      Object.assign(importLimits, saved);
    }
    expect(incoming()).toEqual([]);
  });
});

describe('the notice of an ended import', () => {
  it('names the job, so the bell can link it to its report; a failed import says so too', async () => {
    const done = await importAndWait(
      m1,
      writeText(dir, '名单.csv', ['姓名,手机', '张三,13800000011', '李四,bad']),
      1,
    );
    const failed = await importAndWait(m1, writeText(dir, 'nophone.csv', ['姓名', '张三']), 1);
    expect([done.status, failed.status]).toEqual(['done', 'failed']);
    // The notice follows the job's last status write.
    const list = await until(async () => {
      const items = (await m1.get<{ items: NoticeDto[] }>('/api/notices')).body.data!.items;
      const ours = items.filter(
        (n) => n.params?.importJobId === done.importJobId || n.params?.importJobId === failed.importJobId,
      );
      return ours.length === 2 ? items : undefined;
    });
    expect(list.find((n) => n.params?.importJobId === done.importJobId)).toMatchObject({
      titleKey: 'importDone.title',
      bodyKey: 'importDone.body',
      params: { importJobId: done.importJobId, file: '名单.csv', imported: 1, invalid: 1, duplicates: 0 },
    });
    expect(list.find((n) => n.params?.importJobId === failed.importJobId)).toMatchObject({
      titleKey: 'importFailed.title',
      params: { importJobId: failed.importJobId, file: 'nophone.csv' },
    });
    // Only the importer's bell: the other tree sees neither.
    const other = (await tasker.get<{ items: NoticeDto[] }>('/api/notices')).body.data!.items;
    expect(other.some((n) => n.params?.importJobId !== undefined)).toBe(false);
  });
});
