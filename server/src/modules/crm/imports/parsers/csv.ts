// csv: a header row mapped to fields (columns.ts), then data rows. Read by files/sheets/csv.ts.
import { readCsv } from '../../../../files/sheets/csv';
import { byHeader } from './byHeader';
import type { OnHeader, ParsedRow } from './types';

export const parseCsv = (file: string, onHeader?: OnHeader): AsyncGenerator<ParsedRow> =>
  byHeader(readCsv(file), { skipBlankBeforeHeader: false, skipBlankRows: false }, onHeader);
