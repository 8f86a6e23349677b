// The xlsx zip check counts what really inflates: archives that lie about their sizes, overlap their
// entries, hide data or flood entries are refused quickly and in bounded memory; real workbooks pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { deflatedZeros, writeLyingZip, writeXlsx, writeZip } from './fixtures';
import { checkZip as checkZipWith, workbookZipLimits, ZipCheckError } from './zipCheck';

jest.setTimeout(30_000);

/** The workbook caps; a test lowers one in its copy. */
const limits = { ...workbookZipLimits };
const checkZip = (file: string) => checkZipWith(file, limits);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zipcheck-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('passes a real workbook and counts its inflated bytes', async () => {
  const file = await writeXlsx(dir, 'ok.xlsx', [
    ['手机', '姓名'],
    ...Array.from({ length: 2000 }, (_, i) => [13800000000 + i, `客户${i}`]),
  ]);
  const r = await checkZip(file);
  expect(r.entries).toBeGreaterThan(3);
  expect(r.unzippedBytes).toBeGreaterThan(fs.statSync(file).size);
});

it('refuses an entry that declares 1 KiB and inflates to 1 GiB, at once and in bounded memory', async () => {
  const file = await writeLyingZip(dir, 'lie.xlsx', 1024 ** 3);
  expect(fs.statSync(file).size).toBeLessThan(8 * 1024 * 1024);
  const rss = process.memoryUsage().rss;
  const t = Date.now();
  await expect(checkZip(file)).rejects.toThrow(
    /inflates to more than the 1024 bytes it declares \(zip bomb\?\)/,
  );
  expect(Date.now() - t).toBeLessThan(2000);
  expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
});

it('refuses an entry whose declared ratio is a bomb, and a total over the cap, before inflating', async () => {
  const kernel = await deflatedZeros(64 * 1024 * 1024);
  // Honest sizes, but 64 MB from ~64 KB: far beyond 100:1 past the floor.
  const honest = writeZip(dir, 'ratio.xlsx', [
    { name: 'a.xml', deflated: kernel, declared: 64 * 1024 * 1024 },
  ]);
  await expect(checkZip(honest)).rejects.toThrow(
    /declares 67108864 bytes from \d+ compressed \(zip bomb\?\)/,
  );
  const saved = limits.maxUnzippedBytes;
  limits.maxUnzippedBytes = 10_000;
  try {
    const big = writeZip(dir, 'big.xlsx', [
      { name: 'a.xml', data: Buffer.alloc(6000, 'a') },
      { name: 'b.xml', data: Buffer.alloc(6000, 'b') },
    ]);
    await expect(checkZip(big)).rejects.toThrow(/inflate to more than 10000 bytes/);
  } finally {
    limits.maxUnzippedBytes = saved;
  }
});

it('refuses overlapping entries (one compressed kernel behind many names) and hidden data', async () => {
  const part = { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024) };
  const aliases = Array.from({ length: 40 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 2}.xml`, of: 0 }));
  await expect(checkZip(writeZip(dir, 'overlap.xlsx', [part], aliases))).rejects.toThrow(
    /zip entries overlap/,
  );
  // Bytes between two entries that the directory does not account for: a streaming reader would
  // meet an entry there that this check never saw.
  const file = writeZip(dir, 'hidden.xlsx', [
    { name: 'a.xml', data: Buffer.from('<a/>') },
    { name: 'b.xml', data: Buffer.from('<b/>') },
  ]);
  const bytes = fs.readFileSync(file);
  const secondAt = bytes.indexOf(Buffer.from('PK\x03\x04'), 4);
  const hidden = Buffer.concat([bytes.subarray(0, secondAt), Buffer.alloc(40), bytes.subarray(secondAt)]);
  // Shift the directory's offsets by the 40 bytes inserted: b's local offset and the directory's own.
  const cdAt = hidden.indexOf(Buffer.from('PK\x01\x02'));
  const secondCen = hidden.indexOf(Buffer.from('PK\x01\x02'), cdAt + 4);
  hidden.writeUInt32LE(hidden.readUInt32LE(secondCen + 42) + 40, secondCen + 42);
  hidden.writeUInt32LE(cdAt, hidden.length - 22 + 16);
  fs.writeFileSync(path.join(dir, 'hidden.xlsx'), hidden);
  await expect(checkZip(path.join(dir, 'hidden.xlsx'))).rejects.toThrow(/hides data between its entries/);
});

it('refuses a flood of entries and an entry that inflates to less than it declares', async () => {
  const many = Array.from({ length: limits.maxZipEntries + 1 }, (_, i) => ({
    name: `e${i}.xml`,
    data: Buffer.from('x'),
  }));
  await expect(checkZip(writeZip(dir, 'many.xlsx', many))).rejects.toThrow(/too many zip entries/);
  const short = writeZip(dir, 'short.xlsx', [
    { name: 'a.xml', deflated: zlib.deflateRawSync(Buffer.alloc(100)), declared: 5000 },
  ]);
  await expect(checkZip(short)).rejects.toThrow(/inflates to 100 bytes, not the 5000 it declares/);
  const broken = writeZip(dir, 'broken.xlsx', [
    { name: 'a.xml', deflated: Buffer.from('not deflate data at all'), declared: 10 },
  ]);
  await expect(checkZip(broken)).rejects.toThrow(/not a valid xlsx file/);
});

it("names each refusal by a message key and its figures (the upload's words in the user's language)", async () => {
  const short = writeZip(dir, 'short2.xlsx', [
    { name: 'a.xml', deflated: zlib.deflateRawSync(Buffer.alloc(100)), declared: 5000 },
  ]);
  const e = await checkZip(short).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ZipCheckError);
  expect(e).toMatchObject({
    key: 'upload.zipShort',
    vars: { name: 'a.xml', out: 100, declared: 5000 },
    // The English words stay its message (logs, the import job's badZip detail).
    message: 'not a valid xlsx file (entry a.xml inflates to 100 bytes, not the 5000 it declares)',
  });
});
