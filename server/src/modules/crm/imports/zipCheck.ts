// Zip-bomb and corruption check of an xlsx before any parsing. A zip's sizes are the writer's word, so
// nothing is trusted that is not counted:
//  1. the central directory: entry count, zip64 and encryption refused, declared sizes summed and
//     each entry's declared ratio (inflated : compressed) bounded;
//  2. the layout: entries sorted by offset must tile the file from byte 0 to the directory with no
//     gap and no overlap, so a streaming reader (exceljs reads local headers in order) meets exactly
//     these entries, and overlapping entries (the "quine" bombs that reuse one compressed kernel for
//     many entries) are refused;
//  3. the bytes: every entry is inflated as a stream into nothing, counting the bytes that come out;
//     the first byte beyond the entry's declared size (or beyond the caps) stops it. An entry that
//     inflates to less than it declares is refused too: a well-formed workbook's sizes are exact.
// Memory stays at a few zlib windows whatever the archive holds; time is bounded by the caps.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { importLimits } from './limits';

export class ZipCheckError extends Error {}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  compressed: number;
  declared: number;
  offset: number;
}

/** The largest an entry of `compressed` bytes may inflate to (limits.ts: ratio beyond a floor). */
export const entryCap = (compressed: number): number =>
  Math.max(importLimits.zipRatioFloorBytes, compressed * importLimits.maxZipRatio);

const bomb = (what: string) => new ZipCheckError(`${what} (zip bomb?)`);
const corrupt = (what: string) => new ZipCheckError(`not a valid xlsx file (${what})`);

async function readAt(fh: fs.promises.FileHandle, pos: number, len: number): Promise<Buffer> {
  const b = Buffer.alloc(len);
  const { bytesRead } = await fh.read(b, 0, len, pos);
  if (bytesRead < len) throw corrupt('truncated zip');
  return b;
}

/** The central directory's entries, with the declared-size checks. */
async function directory(
  fh: fs.promises.FileHandle,
  size: number,
): Promise<{ list: Entry[]; cdOffset: number }> {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  const tailLen = Math.min(size, 22 + 65535);
  if (tailLen < 22) throw corrupt('zip end record missing');
  const tail = await readAt(fh, size - tailLen, tailLen);
  let at = -1;
  for (let i = tailLen - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw corrupt('zip end record missing');
  const entries = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new ZipCheckError('zip64 archives are not accepted as xlsx');
  if (entries > importLimits.maxZipEntries)
    throw new ZipCheckError(`the xlsx has too many zip entries (${entries} > ${importLimits.maxZipEntries})`);
  if (entries === 0) throw corrupt('empty zip');
  if (cdOffset + cdSize > size) throw corrupt('truncated zip');
  const cd = await readAt(fh, cdOffset, cdSize);
  const list: Entry[] = [];
  let p = 0;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CEN) throw corrupt('bad zip directory');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const compressed = cd.readUInt32LE(p + 20);
    const declared = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const offset = cd.readUInt32LE(p + 42);
    const name = cd.toString('utf8', p + 46, Math.min(cd.length, p + 46 + nameLen));
    if (declared === 0xffffffff || compressed === 0xffffffff || offset === 0xffffffff)
      throw new ZipCheckError('zip64 archives are not accepted as xlsx');
    if (flags & 1)
      throw new ZipCheckError('encrypted zip entries are not accepted: save the workbook without a password');
    if (method !== 0 && method !== 8) throw corrupt(`entry ${name} uses compression method ${method}`);
    total += declared;
    if (total > importLimits.maxUnzippedBytes)
      throw bomb(`the xlsx would inflate to more than ${importLimits.maxUnzippedBytes} bytes`);
    if (declared > entryCap(compressed))
      throw bomb(`entry ${name} declares ${declared} bytes from ${compressed} compressed`);
    list.push({ name, method, compressed, declared, offset });
    p += 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
  }
  return { list, cdOffset };
}

/** Inflates `e` (its data at `start`) into nothing; resolves with the bytes that came out. */
function countInflated(file: string, e: Entry, start: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const src = fs.createReadStream(file, { start, end: start + e.compressed - 1, highWaterMark: 64 * 1024 });
    const inflate = zlib.createInflateRaw();
    let out = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      src.destroy();
      inflate.destroy();
      reject(err);
    };
    inflate.on('data', (chunk: Buffer) => {
      out += chunk.length;
      // Stop at the first byte beyond what the entry declared (the declared sizes passed the caps).
      if (out > e.declared)
        fail(bomb(`entry ${e.name} inflates to more than the ${e.declared} bytes it declares`));
    });
    inflate.on('end', () => {
      if (failed) return;
      if (out !== e.declared)
        fail(corrupt(`entry ${e.name} inflates to ${out} bytes, not the ${e.declared} it declares`));
      else resolve(out);
    });
    inflate.on('error', () => fail(corrupt(`entry ${e.name} cannot be inflated`)));
    src.on('error', (err) => fail(err));
    src.pipe(inflate);
  });
}

export async function checkZip(file: string): Promise<{ entries: number; unzippedBytes: number }> {
  const fh = await fs.promises.open(file, 'r');
  const located: { e: Entry; start: number }[] = [];
  try {
    const size = (await fh.stat()).size;
    const { list, cdOffset } = await directory(fh, size);
    // The layout: entries tile [0, cdOffset) in order; after each one's data may come a data
    // descriptor (12 bytes, or 16 with its signature) and nothing else.
    const sorted = [...list].sort((a, b) => a.offset - b.offset);
    let next = 0;
    for (const e of sorted) {
      const gap = e.offset - next;
      if (gap !== 0 && !(located.length && (gap === 12 || gap === 16)))
        throw bomb(gap < 0 ? 'zip entries overlap' : 'the zip hides data between its entries');
      const local = await readAt(fh, e.offset, 30);
      if (local.readUInt32LE(0) !== LOC) throw corrupt(`bad local header of ${e.name}`);
      if (local.readUInt16LE(8) !== e.method) throw corrupt(`entry ${e.name} disagrees with its directory`);
      const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      next = start + e.compressed;
      if (next > cdOffset) throw corrupt('truncated zip');
      located.push({ e, start });
    }
    const tailGap = cdOffset - next;
    if (tailGap !== 0 && tailGap !== 12 && tailGap !== 16)
      throw bomb('the zip hides data before its directory');
  } finally {
    await fh.close();
  }
  let total = 0;
  for (const { e, start } of located) {
    if (e.method === 0) {
      if (e.compressed !== e.declared) throw corrupt(`stored entry ${e.name} has two sizes`);
      total += e.declared;
    } else total += await countInflated(file, e, start);
  }
  return { entries: located.length, unzippedBytes: total };
}
