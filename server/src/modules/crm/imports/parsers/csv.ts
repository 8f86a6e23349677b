// csv: a header row mapped to fields (columns.ts), then data rows. Comma, semicolon or tab separated.
import { parse } from 'csv-parse';
import { hasPhone, mapHeader, pick, type Field } from '../columns';
import { ImportFileError, NoPhoneColumnError, type OnHeader, type ParsedRow } from './types';
import { openText } from './text';

export async function* parseCsv(file: string, onHeader?: OnHeader): AsyncGenerator<ParsedRow> {
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
  let header: Map<number, Field> | undefined;
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = mapHeader(rec.record);
        if (!hasPhone(header)) throw new NoPhoneColumnError(rec.record);
        onHeader?.(rec.record);
        continue;
      }
      yield { rowNo: rec.info.lines, fields: pick(rec.record, header) };
    }
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    const detail = (e as Error).message;
    throw new ImportFileError(`the csv cannot be read: ${detail}`, {
      key: 'unreadableCsv',
      params: { detail },
    });
  }
}
