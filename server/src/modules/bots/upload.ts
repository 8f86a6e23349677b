// One multipart file held in memory (bot files, recordings, test conversations are small), with a
// size limit. Its refusals are the uploads' one kind of error (crm/imports/upload.ts fileError): a
// field error of `file` with a message key and parameters that the envelope words in the request's
// language — { errors: [{ path: 'file', message }] }, a 413 for a file over the limit.
import multer from 'multer';
import type { Context } from 'koa';
import { fileError, megabytes } from '../crm/imports/upload';

export interface MemoryUpload {
  bytes: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

export async function receiveFile(ctx: Context, maxBytes: number): Promise<MemoryUpload> {
  if (!ctx.is('multipart')) throw fileError('upload.notMultipart');
  const mw = multer({
    storage: multer.memoryStorage(),
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
  return {
    bytes: req.file.buffer,
    // Browsers send the name as UTF-8 bytes that busboy reads as latin1.
    originalName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'),
    fields: req.body ?? {},
  };
}
