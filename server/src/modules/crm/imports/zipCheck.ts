// Zip-bomb and corruption check of an xlsx before any parsing: reads only the zip's central directory
// (end record + one header per entry) and sums the declared uncompressed sizes, inflating nothing.
import fs from 'node:fs/promises';
import { importLimits } from './limits';

export class ZipCheckError extends Error {}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;

export async function checkZip(file: string): Promise<{ entries: number; unzippedBytes: number }> {
  const fh = await fs.open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    // The end record is 22 bytes plus a comment of at most 65,535 bytes.
    const tailLen = Math.min(size, 22 + 65535);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    let at = -1;
    for (let i = tailLen - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at < 0) throw new ZipCheckError('not a valid xlsx file (zip end record missing)');
    const entries = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
      throw new ZipCheckError('zip64 archives are not accepted as xlsx');
    if (entries > importLimits.maxZipEntries)
      throw new ZipCheckError(
        `the xlsx has too many zip entries (${entries} > ${importLimits.maxZipEntries})`,
      );
    if (cdOffset + cdSize > size) throw new ZipCheckError('not a valid xlsx file (truncated zip)');
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    let p = 0;
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CEN)
        throw new ZipCheckError('not a valid xlsx file (bad zip directory)');
      const unzipped = cd.readUInt32LE(p + 24);
      if (unzipped === 0xffffffff) throw new ZipCheckError('zip64 archives are not accepted as xlsx');
      total += unzipped;
      if (total > importLimits.maxUnzippedBytes)
        throw new ZipCheckError(
          `the xlsx would inflate to more than ${importLimits.maxUnzippedBytes} bytes (zip bomb?)`,
        );
      p += 46 + cd.readUInt16LE(p + 28) + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    return { entries, unzippedBytes: total };
  } finally {
    await fh.close();
  }
}
