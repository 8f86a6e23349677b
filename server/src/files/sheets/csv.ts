// csv: every record as text cells (a header row is the caller's). Comma, semicolon or tab separated;
// UTF-8 or GBK (text.ts); empty lines skipped.
import { parse } from 'csv-parse';
import { FileFaultError, type SheetRow } from './types';
import { openText } from './text';

export async function* readCsv(file: string): AsyncGenerator<SheetRow> {
  const parser = (await openText(file)).pipe(
    parse({
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)
      yield { rowNo: rec.info.lines, cells: rec.record };
  } catch (e) {
    if (e instanceof FileFaultError) throw e;
    const detail = (e as Error).message;
    throw new FileFaultError(`the csv cannot be read: ${detail}`, {
      key: 'unreadableCsv',
      params: { detail },
    });
  }
}
