// Receiving an import file: the upload machinery of server/src/files/upload.ts under the import's
// limits and folder (limits.ts). The task-number and shield uploads come in the same way.
import path from 'node:path';
import type { Context } from 'koa';
import { checkSheetFile, receiveFileToDisk, type SheetFileType, type Upload } from '../../../files/upload';
import { importDir, importLimits } from './limits';

/** The request's file, into the imports' incoming folder, at most importLimits.maxBytes. */
export const receiveUpload = (ctx: Context): Promise<Upload> =>
  receiveFileToDisk(ctx, { dir: path.join(importDir(), 'incoming'), maxBytes: importLimits.maxBytes });

/** Checks the uploaded file against the import's limits and returns its type; throws a 400/413. */
export const checkFile = (u: Upload): Promise<SheetFileType> => checkSheetFile(u, importLimits);
