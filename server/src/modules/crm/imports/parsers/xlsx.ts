// xlsx: first worksheet only (files/sheets/xlsx.ts), header row mapped like csv. Run checkZip first.
import { readXlsx } from '../../../../files/sheets/xlsx';
import { byHeader } from './byHeader';
import type { OnHeader, ParsedRow } from './types';

export const parseXlsx = (file: string, onHeader?: OnHeader): AsyncGenerator<ParsedRow> =>
  byHeader(readXlsx(file), { skipBlankBeforeHeader: false, skipBlankRows: true }, onHeader);
