// Task-number uploads never parse in the API process (issue 21): the file is checked like a customer
// import's (an xlsx whose sheet declares 1 KiB and inflates to 1 GiB is refused at once, counted as it
// inflates) and read in a child process under memory and time caps; a file over a cap is a 413 with
// the reason, and the API process is left as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { writeLyingZip, writeXlsx } from '../../files/fixtures';
import { importLimits } from '../crm/imports/limits';

jest.setTimeout(120_000);

let p: TestPlatform;
let m1: ApiClient;
let dir: string;
const caps = { ...importLimits.numbersChild };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-numbers-'));
  p = await startTestPlatform();
  m1 = new ApiClient(p.url);
  await m1.login('merchant01');
});
afterAll(async () => {
  importLimits.numbersChild = caps;
  await p.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = async (file: string, lang: 'zh-CN' | 'en' = 'zh-CN') => {
  const body = new FormData();
  body.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const r = await fetch(`${p.url}/api/tasks/numbers/preview/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m1.token}`, cookie: `Auth=${m1.cookie}`, 'accept-language': lang },
    body,
  });
  return { status: r.status, body: (await r.json()) as { code: number; message: string; data: unknown } };
};

it('refuses an xlsx that lies about its inflated size, quickly and without the API process growing', async () => {
  const bomb = await writeLyingZip(dir, 'lie.xlsx', 1024 ** 3);
  const rss = process.memoryUsage().rss;
  const t0 = Date.now();
  const r = await upload(bomb, 'en');
  expect(r.status).toBe(400);
  expect(JSON.stringify(r.body)).toMatch(/inflates to more than the 1024 bytes it declares \(zip bomb\?\)/);
  expect(Date.now() - t0).toBeLessThan(5000);
  // The server runs in this process: it inflated nothing near the GiB the sheet holds.
  expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
});

it('reads an honest workbook in the capped child; a file over a cap is refused with the reason', async () => {
  const rows: (string | number)[][] = [['手机', '姓名']];
  for (let i = 0; i < 2000; i++) rows.push([`138${String(i).padStart(8, '0')}`, `客户${i}`]);
  const xlsx = await writeXlsx(dir, 'honest.xlsx', rows);
  const ok = await upload(xlsx);
  expect(ok.status).toBe(200);
  expect(ok.body.data).toMatchObject({ toAdd: 2000 });

  // The reader's time cap: the child is killed, the request answers 413 and says why.
  importLimits.numbersChild = { ...caps, timeoutMs: 1 };
  const slow = await upload(xlsx);
  expect(slow.status).toBe(413);
  expect(slow.body.data).toEqual({
    errors: [
      { path: 'file', message: '读取文件超过 0.001 秒：文件可能过大或已损坏，请拆分或重新保存后再上传' },
    ],
  });
  // Its memory cap (a heap of 8 MB cannot even load the parsers).
  importLimits.numbersChild = { ...caps, heapMb: 8, rssMb: 40 };
  const big = await upload(xlsx, 'en');
  expect(big.status).toBe(413);
  expect(JSON.stringify(big.body)).toMatch(/needs more than (8|40) MB of memory to read/);
  importLimits.numbersChild = caps;
});

it("words the same refusal, and a child's reply, in the request's language", async () => {
  const bomb = await writeLyingZip(dir, 'lie2.xlsx', 1024 ** 3);
  const zh = await upload(bomb);
  expect([zh.status, zh.body.message, zh.body.data]).toEqual([
    400,
    '请求参数有误',
    {
      errors: [
        { path: 'file', message: expect.stringMatching(/解压后超过其声明的 1024 字节（疑似压缩炸弹）$/) },
      ],
    },
  ]);
  // A fault the child finds (no phone column), replied as a key and its parameters.
  const noPhone = await writeXlsx(dir, 'nophone.xlsx', [
    ['姓名', '地址'],
    ['张三', '北京'],
  ]);
  const zhNo = await upload(noPhone);
  const enNo = await upload(noPhone, 'en');
  expect([zhNo.status, enNo.status]).toEqual([400, 400]);
  expect(zhNo.body.data).toEqual({
    errors: [{ path: 'file', message: expect.stringMatching(/^表头中没有号码列（找到的表头：姓名, 地址）/) }],
  });
  expect(enNo.body.data).toEqual({
    errors: [
      {
        path: 'file',
        message: expect.stringMatching(/^No phone column in the header row \(found: 姓名, 地址\)/),
      },
    ],
  });
  const empty = path.join(dir, 'blank.txt');
  fs.writeFileSync(empty, '\n  \n');
  expect((await upload(empty, 'en')).body.data).toEqual({
    errors: [{ path: 'file', message: 'The file has no numbers' }],
  });
  expect((await upload(empty)).body.data).toEqual({ errors: [{ path: 'file', message: '文件中没有号码' }] });
});
