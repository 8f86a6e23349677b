// Test fixtures: sheet and zip files of each kind (honest, broken, lying), written to a folder. Not
// used by the server. The import bench's files are crm/imports/fixtures.ts.
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';

export function writeText(dir: string, name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** An xlsx written by exceljs's streaming writer (first sheet = rows; inline strings). */
export async function writeXlsx(
  dir: string,
  name: string,
  rows: Iterable<(string | number)[]>,
): Promise<string> {
  const file = path.join(dir, name);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return file;
}

/** An old binary .xls (BIFF8) written by SheetJS, first sheet = rows. */
export function writeXls(dir: string, name: string, rows: unknown[][]): string {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const file = path.join(dir, name);
  XLSX.writeFile(wb, file, { bookType: 'biff8' });
  return file;
}

/** One entry of a hand-written zip: its bytes, and the sizes it claims when they are a lie. */
export interface ZipPart {
  name: string;
  /** Raw deflate data when `deflated` is given, else the entry's content (deflated here). */
  data?: Buffer;
  deflated?: Buffer;
  /** The uncompressed size written in both headers (default: the truth). */
  declared?: number;
}

/**
 * A zip written byte by byte, so a test can make it lie: sizes that are not the truth, and extra
 * directory entries pointing at the local entry of another (`aliases`: overlapping entries, the way
 * "quine"-like bombs reuse one compressed kernel for many files).
 */
export function writeZip(
  dir: string,
  name: string,
  parts: ZipPart[],
  aliases: { name: string; of: number }[] = [],
): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const cen = (fname: Buffer, data: Buffer, declared: number, offset: number) => {
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10); // deflate
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(declared, 24);
    c.writeUInt16LE(fname.length, 28);
    c.writeUInt32LE(offset, 42);
    centrals.push(c, fname);
  };
  const placed: { data: Buffer; declared: number; offset: number }[] = [];
  let offset = 0;
  for (const part of parts) {
    const fname = Buffer.from(part.name);
    const data = part.deflated ?? zlib.deflateRawSync(part.data ?? Buffer.alloc(0));
    const declared = part.declared ?? part.data?.length ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(fname.length, 26);
    locals.push(local, fname, data);
    cen(fname, data, declared, offset);
    placed.push({ data, declared, offset });
    offset += local.length + fname.length + data.length;
  }
  for (const a of aliases) {
    const p = placed[a.of]!;
    cen(Buffer.from(a.name), p.data, p.declared, p.offset);
  }
  const n = parts.length + aliases.length;
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(n, 8);
  end.writeUInt16LE(n, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat([...locals, cd, end]));
  return file;
}

/**
 * A zip bomb disguised as xlsx that says so: a few tiny deflated entries whose directory declares
 * ~4 GB each (refused from the directory alone).
 */
export function writeZipBomb(dir: string, name: string, entries = 3): string {
  const parts = Array.from({ length: entries }, (_, i) => ({
    name: `xl/worksheets/sheet${i + 1}.xml`,
    data: Buffer.alloc(1024),
    declared: 0xfffffffe,
  }));
  return writeZip(dir, name, parts);
}

/** Raw deflate of `bytes` zeros, streamed (1 GiB of zeros deflates to about 1 MB). */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const z = zlib.createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length)
    if (!z.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(z, 'drain');
  z.end();
  await once(z, 'end');
  return Buffer.concat(out);
}

/**
 * An xlsx-shaped zip whose sheet declares 1 KiB but inflates to `bytes` zeros: a bomb that lies
 * about its size (its directory alone looks harmless).
 */
export async function writeLyingZip(dir: string, name: string, bytes: number): Promise<string> {
  return writeZip(dir, name, [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/worksheets/sheet1.xml', deflated: await deflatedZeros(bytes), declared: 1024 },
  ]);
}
