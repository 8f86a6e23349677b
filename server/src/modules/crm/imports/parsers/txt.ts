// txt: one number per line, optionally followed by a name (tab, comma or spaces between). No header.
import readline from 'node:readline';
import { toHalfWidth } from '../../../../../../domain/phone';
import { stripControls } from '../../../../../../domain/spreadsheet';
import type { ParsedRow } from './types';
import { openText } from '../../../../files/sheets/text';

/**
 * A tab, comma or semicolon separates number and name; without one, the leading run of phone
 * characters is the number ("+86 138 0000 0001 张三", full-width forms too), else the first space.
 */
function splitLine(s: string): { phone: string; name: string } {
  const sep = /[\t,，;；]/.exec(s);
  // The name loses its control characters (NUL…); the phone keeps them, to be reported (rows.ts).
  if (sep) return { phone: s.slice(0, sep.index).trim(), name: stripControls(s.slice(sep.index + 1)).trim() };
  // toHalfWidth maps one character to one, so the match's length indexes the line as it is.
  const lead = /^\+?[\d(][\d\s\-()]*\d\)?(?=$|\s)/.exec(toHalfWidth(s));
  const at = lead ? lead[0].length : (/[\s\u3000]/.exec(s)?.index ?? s.length);
  return { phone: s.slice(0, at).trim(), name: stripControls(s.slice(at)).trim() };
}

export async function* parseTxt(file: string): AsyncGenerator<ParsedRow> {
  const lines = readline.createInterface({ input: await openText(file), crlfDelay: Infinity });
  let rowNo = 0;
  for await (const line of lines) {
    rowNo++;
    const s = line.trim();
    if (!s) continue;
    yield { rowNo, fields: splitLine(s) };
  }
}
