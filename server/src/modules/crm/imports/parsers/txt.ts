// txt: one number per line, optionally followed by a name (tab, comma or spaces between). No header.
import readline from 'node:readline';
import type { ParsedRow } from './types';
import { openText } from './text';

/**
 * A tab, comma or semicolon separates number and name; without one, a line of only phone characters
 * is the number ("+86 138 0000 0001"), otherwise the first space separates.
 */
function splitLine(s: string): { phone: string; name: string } {
  const sep = /[\t,，;]/.exec(s) ?? (/^[+\d][\d\s\-()]*$/.test(s) ? null : /\s/.exec(s));
  if (!sep) return { phone: s, name: '' };
  return { phone: s.slice(0, sep.index).trim(), name: s.slice(sep.index + 1).trim() };
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
