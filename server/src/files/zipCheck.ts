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
// Memory stays at a few zlib windows whatever the archive holds; time is bounded by the caps (the
// caller's: workbookZipLimits, as the import's limits hold them).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { translate, type MessageKey } from '../../../domain/messages';

/**
 * What is wrong with the zip: a message key and its parameters (the upload's refusal, in the user's
 * language) and, as the message, the English words (logs and the import job's badZip detail).
 */
export class ZipCheckError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    const en = translate('en', key, vars);
    super(en.charAt(0).toLowerCase() + en.slice(1));
  }
}

/** The caps of a zip check. */
export interface ZipLimits {
  maxZipEntries: number;
  maxUnzippedBytes: number;
  maxZipRatio: number;
  zipRatioFloorBytes: number;
}

/** The caps for an uploaded xlsx (the import's limits, crm/imports/limits.ts, start from these). */
export const workbookZipLimits: ZipLimits = {
  /** A workbook has a few dozen entries. */
  maxZipEntries: 1000,
  /**
   * Bytes the whole xlsx may inflate to, counted while inflating (declared sizes are checked first and
   * must match). 1M rows of a few columns inflate to ~100-200 MB of sheet XML; 512 MB leaves room for
   * wide sheets, and a 50 MB upload of honest XML (10:1 or less) stays far below it.
   */
  maxUnzippedBytes: 512 * 1024 * 1024,
  /**
   * Inflated : compressed ratio an entry may reach beyond the floor below. Sheet XML deflates 5-30:1;
   * zeros or a repeated string deflate ~1000:1, the mark of a bomb.
   */
  maxZipRatio: 100,
  /** Up to this many inflated bytes an entry may have any ratio (small, very regular parts). */
  zipRatioFloorBytes: 16 * 1024 * 1024,
};

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

/** The largest an entry of `compressed` bytes may inflate to (a ratio beyond a floor). */
export const entryCap = (compressed: number, limits: ZipLimits): number =>
  Math.max(limits.zipRatioFloorBytes, compressed * limits.maxZipRatio);

async function readAt(fh: fs.promises.FileHandle, pos: number, len: number): Promise<Buffer> {
  const b = Buffer.alloc(len);
  const { bytesRead } = await fh.read(b, 0, len, pos);
  if (bytesRead < len) throw new ZipCheckError('upload.zipTruncated');
  return b;
}

/** The central directory's entries, with the declared-size checks. */
async function directory(
  fh: fs.promises.FileHandle,
  size: number,
  limits: ZipLimits,
): Promise<{ list: Entry[]; cdOffset: number }> {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  const tailLen = Math.min(size, 22 + 65535);
  if (tailLen < 22) throw new ZipCheckError('upload.zipNoEnd');
  const tail = await readAt(fh, size - tailLen, tailLen);
  let at = -1;
  for (let i = tailLen - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new ZipCheckError('upload.zipNoEnd');
  const entries = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new ZipCheckError('upload.zip64');
  if (entries > limits.maxZipEntries)
    throw new ZipCheckError('upload.zipEntries', { entries, max: limits.maxZipEntries });
  if (entries === 0) throw new ZipCheckError('upload.zipEmpty');
  if (cdOffset + cdSize > size) throw new ZipCheckError('upload.zipTruncated');
  const cd = await readAt(fh, cdOffset, cdSize);
  const list: Entry[] = [];
  let p = 0;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CEN) throw new ZipCheckError('upload.zipDirectory');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const compressed = cd.readUInt32LE(p + 20);
    const declared = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const offset = cd.readUInt32LE(p + 42);
    const name = cd.toString('utf8', p + 46, Math.min(cd.length, p + 46 + nameLen));
    if (declared === 0xffffffff || compressed === 0xffffffff || offset === 0xffffffff)
      throw new ZipCheckError('upload.zip64');
    if (flags & 1) throw new ZipCheckError('upload.zipEncrypted');
    if (method !== 0 && method !== 8) throw new ZipCheckError('upload.zipMethod', { name, method });
    total += declared;
    if (total > limits.maxUnzippedBytes)
      throw new ZipCheckError('upload.zipTotal', { max: limits.maxUnzippedBytes });
    if (declared > entryCap(compressed, limits))
      throw new ZipCheckError('upload.zipRatio', { name, declared, compressed });
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
        fail(new ZipCheckError('upload.zipOverflow', { name: e.name, declared: e.declared }));
    });
    inflate.on('end', () => {
      if (failed) return;
      if (out !== e.declared)
        fail(new ZipCheckError('upload.zipShort', { name: e.name, out, declared: e.declared }));
      else resolve(out);
    });
    inflate.on('error', () => fail(new ZipCheckError('upload.zipInflate', { name: e.name })));
    src.on('error', (err) => fail(err));
    src.pipe(inflate);
  });
}

export async function checkZip(
  file: string,
  limits: ZipLimits,
): Promise<{ entries: number; unzippedBytes: number }> {
  const fh = await fs.promises.open(file, 'r');
  const located: { e: Entry; start: number }[] = [];
  try {
    const size = (await fh.stat()).size;
    const { list, cdOffset } = await directory(fh, size, limits);
    // The layout: entries tile [0, cdOffset) in order; after each one's data may come a data
    // descriptor (12 bytes, or 16 with its signature) and nothing else.
    const sorted = [...list].sort((a, b) => a.offset - b.offset);
    let next = 0;
    for (const e of sorted) {
      const gap = e.offset - next;
      if (gap !== 0 && !(located.length && (gap === 12 || gap === 16)))
        throw new ZipCheckError(gap < 0 ? 'upload.zipOverlap' : 'upload.zipHidden');
      const local = await readAt(fh, e.offset, 30);
      if (local.readUInt32LE(0) !== LOC) throw new ZipCheckError('upload.zipLocalHeader', { name: e.name });
      if (local.readUInt16LE(8) !== e.method)
        throw new ZipCheckError('upload.zipDisagrees', { name: e.name });
      const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      next = start + e.compressed;
      if (next > cdOffset) throw new ZipCheckError('upload.zipTruncated');
      located.push({ e, start });
    }
    const tailGap = cdOffset - next;
    if (tailGap !== 0 && tailGap !== 12 && tailGap !== 16) throw new ZipCheckError('upload.zipHiddenTail');
  } finally {
    await fh.close();
  }
  let total = 0;
  for (const { e, start } of located) {
    if (e.method === 0) {
      if (e.compressed !== e.declared) throw new ZipCheckError('upload.zipStoredSizes', { name: e.name });
      total += e.declared;
    } else total += await countInflated(file, e, start);
  }
  return { entries: located.length, unzippedBytes: total };
}
