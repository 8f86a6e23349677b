// The phone cells of an uploaded task-number file, read by the customer import's parsers: xlsx, xls and
// csv by their header row (手机/电话/phone…), txt one number per line; a csv without a header row is
// read like a txt. Runs in a capped child process (numbersChild.ts, files/cappedChild.ts), never
// in the API process: an honest but huge workbook, or one built to exhaust a parser, costs the child.
import path from 'node:path';
import readline from 'node:readline';
import { ADD_NUMBERS_MAX, splitPhoneLines } from '../../../../domain/tasks';
import { normalizePhone } from '../crm/blacklist/numbers';
import { runCappedChild } from '../../files/cappedChild';
import type { FileProblem } from '../../files/fileProblem';
import { FileFaultError } from '../../files/sheets/types';
import { openText } from '../../files/sheets/text';
import { fileError, problemError, type SheetFileType } from '../../files/upload';
import { problemOf } from '../crm/imports/fileProblem';
import { importLimits } from '../crm/imports/limits';
import { parseCsv } from '../crm/imports/parsers/csv';
import { parseTxt } from '../crm/imports/parsers/txt';
import type { ParsedRow } from '../crm/imports/parsers/types';
import { parseXls } from '../crm/imports/parsers/xls';
import { parseXlsx } from '../crm/imports/parsers/xlsx';

/** A pasted or uploaded line: the phone cell as written and the name beside it, if any. */
export interface RawLine {
  phone: string;
  name: string;
}

export interface NumbersFileRequest {
  file: string;
  type: SheetFileType;
  limits: typeof importLimits;
}

/**
 * The child's answer: the lines, or what is wrong with the file as a message key and its parameters
 * (the parent's file error words it in the request's language; HTTP status 400 or 413).
 */
export type NumbersFileReply =
  { ok: true; lines: RawLine[] } | { ok: false; problem: FileProblem; status: number };

const parsers: Record<SheetFileType, (file: string) => AsyncGenerator<ParsedRow>> = {
  txt: parseTxt,
  csv: parseCsv,
  xlsx: parseXlsx,
  xls: parseXls,
};

/** The first non-blank line's first cell: a csv that starts with a number has no header row. */
export async function startsWithNumber(file: string): Promise<boolean> {
  const lines = readline.createInterface({ input: await openText(file), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const first = splitPhoneLines(line)[0];
      if (first !== undefined) return normalizePhone(first) !== null;
    }
    return false;
  } finally {
    lines.close();
  }
}

/** Reads the file (in the child): its lines, or the fault a user can fix. */
export async function readNumbersFile(file: string, type: SheetFileType): Promise<NumbersFileReply> {
  const parse = type === 'csv' && (await startsWithNumber(file)) ? parseTxt : parsers[type];
  const lines: RawLine[] = [];
  try {
    for await (const r of parse(file)) {
      if (lines.length >= ADD_NUMBERS_MAX)
        return {
          ok: false,
          problem: { key: 'upload.tooManyNumbers', vars: { max: ADD_NUMBERS_MAX } },
          status: 413,
        };
      lines.push({ phone: (r.fields.phone ?? '').trim(), name: (r.fields.name ?? '').trim() });
    }
  } catch (e) {
    if (e instanceof FileFaultError) return { ok: false, problem: problemOf(e), status: 400 };
    throw e;
  }
  if (lines.length === 0) return { ok: false, problem: { key: 'upload.noNumbers' }, status: 400 };
  return { ok: true, lines };
}

const CHILD = path.join(__dirname, 'numbersChild.ts');

/** Reads a checked upload in a capped child; a fault of the file or a cap is a file error (400/413). */
export async function numbersOfFile(file: string, type: SheetFileType): Promise<RawLine[]> {
  const limits = { ...importLimits };
  const caps = limits.numbersChild;
  const run = await runCappedChild<NumbersFileRequest, NumbersFileReply>(CHILD, { file, type, limits }, caps);
  if (run.reply?.ok) return run.reply.lines;
  if (run.reply) throw problemError(run.reply.problem, run.reply.status);
  if (run.capped === 'time') throw fileError('upload.slow', { s: caps.timeoutMs / 1000 }, 413);
  if (run.capped)
    throw fileError('upload.memory', { mb: run.capped === 'heap' ? caps.heapMb : caps.rssMb }, 413);
  throw new Error(`the number file reader ended without a result (${run.signal ?? `exit code ${run.code}`})`);
}
