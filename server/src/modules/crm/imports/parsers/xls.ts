// xls (old binary Excel): first worksheet only, read in a capped worker (files/sheets/xls.ts), header
// row mapped like csv and xlsx.
import { readXls } from '../../../../files/sheets/xls';
import { importLimits } from '../limits';
import { byHeader } from './byHeader';
import type { OnHeader, ParsedRow } from './types';

export const parseXls = (file: string, onHeader?: OnHeader): AsyncGenerator<ParsedRow> =>
  byHeader(
    readXls(file, importLimits.maxRows),
    { skipBlankBeforeHeader: true, skipBlankRows: true },
    onHeader,
  );
