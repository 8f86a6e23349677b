// What is wrong with an uploaded file, as a message key and its parameters (domain/messages.ts): the
// envelope words it in the request's language. Used by the upload checks (upload.ts) and by the
// children that read a file (previewChild.ts, tasks/numbersChild.ts), which reply with it.
import type { MessageKey } from '../../../../../domain/messages';
import { PHONE_HEADERS } from './columns';
import { ImportFileError, NoPhoneColumnError, ReaderCapError, type FileFault } from './parsers/types';

export interface FileProblem {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

/** The upload's words for each file fault of an import (parsers/types.ts FileFault). */
const FAULT_KEYS: Record<FileFault['key'], MessageKey> = {
  fileGone: 'upload.fileGone',
  tooManyRows: 'upload.tooManyRows',
  noDataRows: 'upload.noDataRows',
  noRows: 'upload.noRows',
  unreadableCsv: 'upload.unreadableCsv',
  unreadableWorkbook: 'upload.unreadableWorkbook',
  badZip: 'upload.badZip',
};

/** The header cells found, as the no-phone-column message lists them. */
export const foundHeaders = (found: string[]): string =>
  found
    .map((h) => h.trim())
    .filter(Boolean)
    .join(', ') || '—';

/** A parser's file fault as a problem of the upload; its `said` (when set) gives the key. */
export function problemOf(e: ImportFileError): FileProblem {
  if (e instanceof NoPhoneColumnError)
    return {
      key: 'upload.noPhoneColumn',
      vars: { found: foundHeaders(e.found), names: PHONE_HEADERS.join(', ') },
    };
  if (e instanceof ReaderCapError)
    return e.cap === 'memory'
      ? { key: 'upload.memory', vars: { mb: e.limit } }
      : { key: 'upload.slow', vars: { s: e.limit } };
  if (e.said) return { key: FAULT_KEYS[e.said.key], vars: e.said.params ?? {} };
  return { key: 'upload.unreadable', vars: { reason: e.message } };
}
