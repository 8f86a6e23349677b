// What is wrong with an uploaded file, as a message key and its parameters (domain/messages.ts): the
// envelope words it in the request's language (upload.ts problemError). The children that read a file
// (crm/imports/previewChild.ts, tasks/numbersChild.ts) reply with it; crm/imports/fileProblem.ts adds
// the import's own fault (no phone column).
import type { MessageKey } from '../../../domain/messages';
import { ReaderCapError, type FileFault, type FileFaultError } from './sheets/types';

export interface FileProblem {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

/** The upload's words for each file fault (sheets/types.ts FileFault). */
const FAULT_KEYS: Record<FileFault['key'], MessageKey> = {
  fileGone: 'upload.fileGone',
  tooManyRows: 'upload.tooManyRows',
  noDataRows: 'upload.noDataRows',
  noRows: 'upload.noRows',
  unreadableCsv: 'upload.unreadableCsv',
  unreadableWorkbook: 'upload.unreadableWorkbook',
  badZip: 'upload.badZip',
};

/** A reader's file fault as a problem of the upload; its `said` (when set) gives the key. */
export function faultProblem(e: FileFaultError): FileProblem {
  if (e instanceof ReaderCapError)
    return e.cap === 'memory'
      ? { key: 'upload.memory', vars: { mb: e.limit } }
      : { key: 'upload.slow', vars: { s: e.limit } };
  if (e.said) return { key: FAULT_KEYS[e.said.key], vars: e.said.params ?? {} };
  return { key: 'upload.unreadable', vars: { reason: e.message } };
}
