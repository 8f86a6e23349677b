// Text files arrive as UTF-8 (with or without BOM) or, from Excel on Chinese Windows, as GBK/GB18030.
// Sniff the first 64 KB, then decode the stream with the chosen encoding.
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';

async function sniff(file: string): Promise<string> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    try {
      // stream: true tolerates a character cut at the end of the sample.
      new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, bytesRead), { stream: true });
      return 'utf-8';
    } catch {
      return 'gb18030';
    }
  } finally {
    await fh.close();
  }
}

/** The file as a stream of decoded strings (a UTF-8 BOM is dropped). */
export async function openText(file: string): Promise<Readable> {
  const dec = new TextDecoder(await sniff(file));
  return fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(
    new Transform({
      decodeStrings: false,
      readableObjectMode: false,
      transform(chunk: Buffer, _enc, cb) {
        cb(null, dec.decode(chunk, { stream: true }));
      },
      flush(cb) {
        cb(null, dec.decode());
      },
    }),
  );
}
