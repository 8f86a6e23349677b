// What is wrong with an uploaded phone file (an import, a preview, task numbers, a shield list), as a
// message key and its parameters: a header row without a phone column, else the file's fault as every
// upload words it (server/src/files/fileProblem.ts). The children that read a file reply with it.
import { faultProblem, type FileProblem } from '../../../files/fileProblem';
import type { FileFaultError } from '../../../files/sheets/types';
import { PHONE_HEADERS } from './columns';
import { NoPhoneColumnError } from './parsers/types';

/** The header cells found, as the no-phone-column message lists them. */
export const foundHeaders = (found: string[]): string =>
  found
    .map((h) => h.trim())
    .filter(Boolean)
    .join(', ') || '—';

/** A parser's file fault as a problem of the upload. */
export function problemOf(e: FileFaultError): FileProblem {
  if (e instanceof NoPhoneColumnError)
    return {
      key: 'upload.noPhoneColumn',
      vars: { found: foundHeaders(e.found), names: PHONE_HEADERS.join(', ') },
    };
  return faultProblem(e);
}
