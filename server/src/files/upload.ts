// Receiving an uploaded file and refusing a bad one before anything reads it. multer runs on the routes
// that receive a file only, with a size limit: to disk (receiveFileToDisk: imports, task numbers,
// shields) or in memory (receiveFile: bot files, recordings, test conversations). checkSheetFile
// refuses a spreadsheet or text file by its type, emptiness, fake or protected workbooks, zip bomb
// (zipCheck.ts) and row count. A refusal is fileError: a `file` field error with a message key and
// parameters, worded by the envelope in the request's language ({ errors: [{ path: 'file', message }] },
// a 413 for a file over a limit). Limits and folders are the caller's (crm/imports/upload.ts binds the
// import's).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import multer from 'multer';
import type { Context } from 'koa';
import { Code } from '../../../domain/api';
import type { MessageKey } from '../../../domain/messages';
import { AppError } from '../http/errors';
import type { FileProblem } from './fileProblem';
import { checkZip, ZipCheckError, type ZipLimits } from './zipCheck';

/** The file types a sheet upload may be (read by sheets/ and crm/imports/parsers/txt.ts). */
export const SHEET_FILE_TYPES = ['xlsx', 'xls', 'csv', 'txt'] as const;
export type SheetFileType = (typeof SHEET_FILE_TYPES)[number];

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

/** multer's one-file middleware (field `file`) run on the request; its refusals as file errors. */
async function takeFile(
  ctx: Context,
  storage: multer.StorageEngine,
  maxBytes: number,
): Promise<{ file: Express.Multer.File; fields: Record<string, string> }> {
  const mw = multer({
    storage,
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    mw(ctx.req as never, ctx.res as never, (err?: unknown) => (err ? reject(err) : resolve())),
  ).catch((e: { code?: string; message?: string }) => {
    if (e.code === 'LIMIT_FILE_SIZE') throw fileError('upload.tooLarge', { mb: megabytes(maxBytes) }, 413);
    throw fileError('upload.unreadable', { reason: e.message ?? String(e) });
  });
  const req = ctx.req as unknown as { file?: Express.Multer.File; body?: Record<string, string> };
  if (!req.file) throw fileError('upload.noFile');
  return { file: req.file, fields: req.body ?? {} };
}

/** Browsers send the name as UTF-8 bytes that busboy reads as latin1. */
const nameOf = (f: Express.Multer.File): string => Buffer.from(f.originalname, 'latin1').toString('utf8');

/** Receives the request's one file into `dir` under a random name, at most `maxBytes`. */
export async function receiveFileToDisk(
  ctx: Context,
  to: { dir: string; maxBytes: number },
): Promise<Upload> {
  await fs.promises.mkdir(to.dir, { recursive: true });
  const storage = multer.diskStorage({
    destination: to.dir,
    filename: (_req, _file, cb) => cb(null, crypto.randomUUID()),
  });
  const { file, fields } = await takeFile(ctx, storage, to.maxBytes);
  return { path: file.path, originalName: nameOf(file), size: file.size, fields };
}

/** One file held in memory (bot files, recordings, test conversations are small), at most `maxBytes`. */
export interface MemoryUpload {
  bytes: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

export async function receiveFile(ctx: Context, maxBytes: number): Promise<MemoryUpload> {
  if (!ctx.is('multipart')) throw fileError('upload.notMultipart');
  const { file, fields } = await takeFile(ctx, multer.memoryStorage(), maxBytes);
  return { bytes: file.buffer, originalName: nameOf(file), fields };
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

/** What checkSheetFile allows: data rows of a text file (header excluded) and the xlsx zip caps. */
export interface SheetFileLimits extends ZipLimits {
  maxRows: number;
}

/** Checks an uploaded sheet file and returns its type; throws a 400/413 with the reason. */
export async function checkSheetFile(u: Upload, limits: SheetFileLimits): Promise<SheetFileType> {
  const ext = path.extname(u.originalName).slice(1).toLowerCase() as SheetFileType;
  if (!SHEET_FILE_TYPES.includes(ext)) throw fileError('upload.fileType');
  if (u.size === 0) throw fileError('upload.empty');
  const magic = await head(u.path, 8);
  const isZip = magic.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const isOle = magic.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  // Old binary Excel (an OLE compound file): read by SheetJS in an isolated worker (sheets/xls.ts).
  if (ext === 'xls') {
    if (!isOle) throw fileError('upload.notXls');
    return ext;
  }
  // An xlsx/csv/txt that is an OLE file: a password-protected workbook or a renamed .xls.
  if (isOle) throw fileError('upload.protected');
  if (ext === 'xlsx') {
    if (!isZip) throw fileError('upload.notXlsx');
    await checkZip(u.path, limits).catch((e: Error) => {
      throw e instanceof ZipCheckError ? fileError(e.key, e.vars) : e;
    });
    return ext;
  }
  if (isZip || magic.includes(0)) throw fileError('upload.notText', { ext });
  // Rows of a text file: checked here so an oversized file never becomes a job (xlsx: while parsing).
  const lines = await countLines(u.path);
  if (lines - (ext === 'csv' ? 1 : 0) > limits.maxRows)
    throw fileError('upload.tooManyRows', { max: limits.maxRows }, 413);
  return ext;
}
