// Task-number uploads never parse in the API process (issue 21): the file is checked like a customer
// import's (an xlsx whose sheet declares 1 KiB and inflates to 1 GiB is refused at once, counted as it
// inflates) and read in a child process under memory and time caps; a file over a cap is a 413 with
// the reason, and the API process is left as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { writeLyingZip, writeXlsx } from '../crm/imports/fixtures';
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

const upload = async (file: string) => {
  const body = new FormData();
  body.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const r = await fetch(`${p.url}/api/tasks/numbers/preview/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m1.token}`, cookie: `Auth=${m1.cookie}` },
    body,
  });
  return { status: r.status, body: (await r.json()) as { code: number; message: string; data: unknown } };
};

it('refuses an xlsx that lies about its inflated size, quickly and without the API process growing', async () => {
  const bomb = await writeLyingZip(dir, 'lie.xlsx', 1024 ** 3);
  const rss = process.memoryUsage().rss;
  const t0 = Date.now();
  const r = await upload(bomb);
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
  expect(JSON.stringify(slow.body)).toMatch(/takes longer than 0.001 s to read/);
  // Its memory cap (a heap of 8 MB cannot even load the parsers).
  importLimits.numbersChild = { ...caps, heapMb: 8, rssMb: 40 };
  const big = await upload(xlsx);
  expect(big.status).toBe(413);
  expect(JSON.stringify(big.body)).toMatch(/needs more than (8|40) MB of memory to read/);
  importLimits.numbersChild = caps;
});
