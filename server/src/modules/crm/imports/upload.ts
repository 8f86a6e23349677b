// Receiving an import file: multer on this route only (disk storage, size limit), then checks that
// refuse a bad file before any job exists: type, emptiness, fake or protected workbooks, zip bomb, row count.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import multer from 'multer';
import type { Context } from 'koa';
import { Code } from '../../../../../domain/api';
import type { MessageKey } from '../../../../../domain/messages';
import { AppError } from '../../../http/errors';
import type { FileProblem } from './fileProblem';
import { IMPORT_FILE_TYPES, importDir, importLimits, type ImportFileType } from './limits';
import { checkZip, ZipCheckError } from './zipCheck';

export interface Upload {
  path: string;
  originalName: string;
  size: number;
  fields: Record<string, string>;
}

/**
 * A 400 (or 413) whose data says what is wrong with the file: { errors: [{ path: 'file', message }] },
 * the message being `key` with `vars`, translated by the envelope into the request's language.
 */
export const fileError = (key: MessageKey, vars: Record<string, string | number> = {}, status = 400) =>
  new AppError(
    status === 413 ? Code.PayloadTooLarge : Code.BadRequest,
    status,
    status === 413 ? 'payloadTooLarge' : 'badRequest',
    {},
    {},
    [{ path: 'file', key, vars }],
  );

/** fileError of a problem a reader found (fileProblem.ts; a child's reply). */
export const problemError = (p: FileProblem, status = 400) => fileError(p.key, p.vars, status);

/** "50", "0.5", "0.000977": a limit in MB as the messages show it (3 significant digits). */
export const megabytes = (bytes: number): string => String(Number((bytes / 1024 / 1024).toPrecision(3)));

export async function receiveUpload(ctx: Context): Promise<Upload> {
  const dir = path.join(importDir(), 'incoming');
  await fs.promises.mkdir(dir, { recursive: true });
  const mw = multer({
    storage: multer.diskStorage({
      destination: dir,
      filename: (_req, _file, cb) => cb(null, crypto.randomUUID()),
    }),
    limits: { fileSize: importLimits.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    mw(ctx.req as never, ctx.res as never, (err?: unknown) => (err ? reject(err) : resolve())),
  ).catch((e: { code?: string; message?: string }) => {
    if (e.code === 'LIMIT_FILE_SIZE')
      throw fileError('upload.tooLarge', { mb: megabytes(importLimits.maxBytes) }, 413);
    throw fileError('upload.unreadable', { reason: e.message ?? String(e) });
  });
  const req = ctx.req as unknown as { file?: Express.Multer.File; body?: Record<string, string> };
  if (!req.file) throw fileError('upload.noFile');
  return {
    path: req.file.path,
    // Browsers send the name as UTF-8 bytes that busboy reads as latin1.
    originalName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'),
    size: req.file.size,
    fields: req.body ?? {},
  };
}

/** Newlines in a file (streamed): an upper bound of its rows. */
export async function countLines(file: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of fs.createReadStream(file, {
    highWaterMark: 1024 * 1024,
  }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
    last = chunk[chunk.length - 1]!;
  }
  return last === 10 ? n : n + 1;
}

async function head(file: string, n: number): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const b = Buffer.alloc(n);
    const { bytesRead } = await fh.read(b, 0, n, 0);
    return b.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Checks the uploaded file and returns its type; throws a 400/413 with the reason. */
export async function checkFile(u: Upload): Promise<ImportFileType> {
  const ext = path.extname(u.originalName).slice(1).toLowerCase() as ImportFileType;
  if (!IMPORT_FILE_TYPES.includes(ext)) throw fileError('upload.fileType');
  if (u.size === 0) throw fileError('upload.empty');
  const magic = await head(u.path, 8);
  const isZip = magic.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const isOle = magic.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  // Old binary Excel (an OLE compound file): read by SheetJS in an isolated worker (parsers/xls.ts).
  if (ext === 'xls') {
    if (!isOle) throw fileError('upload.notXls');
    return ext;
  }
  // An xlsx/csv/txt that is an OLE file: a password-protected workbook or a renamed .xls.
  if (isOle) throw fileError('upload.protected');
  if (ext === 'xlsx') {
    if (!isZip) throw fileError('upload.notXlsx');
    await checkZip(u.path).catch((e: Error) => {
      throw e instanceof ZipCheckError ? fileError(e.key, e.vars) : e;
    });
    return ext;
  }
  if (isZip || magic.includes(0)) throw fileError('upload.notText', { ext });
  // Rows of a text file: checked here so an oversized file never becomes a job (xlsx: while parsing).
  const lines = await countLines(u.path);
  if (lines - (ext === 'csv' ? 1 : 0) > importLimits.maxRows)
    throw fileError('upload.tooManyRows', { max: importLimits.maxRows }, 413);
  return ext;
}
