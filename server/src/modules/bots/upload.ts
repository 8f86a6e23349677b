// One multipart file held in memory (bot files and recordings are small), with a size limit.
import multer from 'multer';
import type { Context } from 'koa';
import { Code } from '../../../../domain/api';
import { AppError } from '../../http/errors';

export interface MemoryUpload {
  bytes: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

/** A 400 whose data says what is wrong with the file: { errors: [{ path: 'file', message }] }. */
export const fileError = (message: string, status = 400) =>
  new AppError(
    status === 413 ? Code.PayloadTooLarge : Code.BadRequest,
    status,
    status === 413 ? 'payloadTooLarge' : 'badRequest',
    {},
    { errors: [{ path: 'file', message }] },
  );

export async function receiveFile(ctx: Context, maxBytes: number): Promise<MemoryUpload> {
  if (!ctx.is('multipart')) throw fileError('send the file as multipart/form-data in the field "file"');
  const mw = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    mw(ctx.req as never, ctx.res as never, (err?: unknown) => (err ? reject(err) : resolve())),
  ).catch((e: { code?: string; message?: string }) => {
    if (e.code === 'LIMIT_FILE_SIZE')
      throw fileError(`the file is larger than ${maxBytes / 1024 / 1024} MB`, 413);
    throw fileError(`the upload cannot be read: ${e.message ?? e}`);
  });
  const req = ctx.req as unknown as { file?: Express.Multer.File; body?: Record<string, string> };
  if (!req.file) throw fileError('no file: send it in the multipart field "file"');
  return {
    bytes: req.file.buffer,
    // Browsers send the name as UTF-8 bytes that busboy reads as latin1.
    originalName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'),
    fields: req.body ?? {},
  };
}
