// The import tools' service (toolRoutes.ts): previews an upload in a capped child (preview.ts,
// previewChild.ts) and deletes it after; a fault of the file or a cap is a file error (400/413).
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';
import type { ImportKind, ImportPreviewDto } from '../../../../../domain/importPreview';
import { runCappedChild } from '../../../files/cappedChild';
import { importLimits } from './limits';
import type { PreviewReply, PreviewRequest } from './preview';
import { fileError, problemError } from '../../../files/upload';
import { checkFile, receiveUpload } from './upload';

const CHILD = path.join(__dirname, 'previewChild.ts');

/** Receives, checks and previews an upload; a fault of the file or a cap is a file error (400/413). */
export async function previewUpload(ctx: Context, kind: ImportKind): Promise<ImportPreviewDto> {
  const upload = await receiveUpload(ctx);
  try {
    const type = await checkFile(upload);
    const limits = { ...importLimits };
    const caps = limits.numbersChild;
    const run = await runCappedChild<PreviewRequest, PreviewReply>(
      CHILD,
      { file: upload.path, type, kind, limits },
      caps,
    );
    if (run.reply?.ok) return run.reply.preview;
    if (run.reply) throw problemError(run.reply.problem, run.reply.status);
    if (run.capped === 'time') throw fileError('upload.slow', { s: caps.timeoutMs / 1000 }, 413);
    if (run.capped)
      throw fileError('upload.memory', { mb: run.capped === 'heap' ? caps.heapMb : caps.rssMb }, 413);
    throw new Error(`the preview reader ended without a result (${run.signal ?? `exit code ${run.code}`})`);
  } finally {
    await fs.promises.rm(upload.path, { force: true });
  }
}
