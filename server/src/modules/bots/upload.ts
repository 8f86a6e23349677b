// One multipart file held in memory (bot files, recordings, test conversations are small), with a
// size limit. Its refusals are translated field errors of `file`: { errors: [{ path: 'file', message }] }.
import multer from 'multer';
import type { Context } from 'koa';
import { Code } from '../../../../domain/api';
import type { MessageKey } from '../../../../domain/messages';
import { AppError } from '../../http/errors';

export interface MemoryUpload {
  bytes: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

/** A 400 (or 413) whose data says what is wrong with the file: { errors: [{ path: 'file', message }] }. */
export const fileError = (message: string, status = 400) =>
  new AppError(
    status === 413 ? Code.PayloadTooLarge : Code.BadRequest,
    status,
    status === 413 ? 'payloadTooLarge' : 'badRequest',
    {},
    { errors: [{ path: 'file', message }] },
  );

/**
 * fileError with a translated reason: a 400 (envelope message badRequest), or a 413 whose envelope
 * message is the reason itself; data.errors has the reason under the path 'file' either way.
 */
export const fileProblem = (key: MessageKey, vars: Record<string, string | number> = {}, status = 400) =>
  new AppError(
    status === 413 ? Code.PayloadTooLarge : Code.BadRequest,
    status,
    status === 413 ? key : 'badRequest',
    vars,
    null,
    [{ path: 'file', key, vars }],
  );

/** "2", "0.5": the limit in MB as the messages show it. */
const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

export async function receiveFile(ctx: Context, maxBytes: number): Promise<MemoryUpload> {
  if (!ctx.is('multipart')) throw fileProblem('upload.notMultipart');
  const mw = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    mw(ctx.req as never, ctx.res as never, (err?: unknown) => (err ? reject(err) : resolve())),
  ).catch((e: { code?: string; message?: string }) => {
    if (e.code === 'LIMIT_FILE_SIZE') throw fileProblem('upload.tooLarge', { mb: megabytes(maxBytes) }, 413);
    throw fileProblem('upload.unreadable', { reason: e.message ?? String(e) });
  });
  const req = ctx.req as unknown as { file?: Express.Multer.File; body?: Record<string, string> };
  if (!req.file) throw fileProblem('upload.noFile');
  return {
    bytes: req.file.buffer,
    // Browsers send the name as UTF-8 bytes that busboy reads as latin1.
    originalName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'),
    fields: req.body ?? {},
  };
}
