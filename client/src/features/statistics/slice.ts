// Statistics pages (number, line, expense and business reports): per report its query (day range,
// grouping, drill-down filters), the answer, loading and error; and the export dialog's state.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BusinessReport, ExpenseReport, LineReport, NumberReport } from '../../../../domain/reports/api';

export type ReportKind = 'numbers' | 'lines' | 'expense' | 'business';
export type ReportQuery = Record<string, string | number>;

export interface ReportData {
  numbers: NumberReport;
  lines: LineReport;
  expense: ExpenseReport;
  business: BusinessReport;
}

interface One<K extends ReportKind> {
  query: ReportQuery | null;
  data: ReportData[K] | null;
  loading: boolean;
  error: string | null;
}

export interface StatisticsState {
  reports: { [K in ReportKind]: One<K> };
  exporting: boolean;
  exportError: string | null;
  /** Bumped when an export finished, so the dialog closes. */
  exported: number;
}

const one = () => ({ query: null, data: null, loading: false, error: null });

const initialState: StatisticsState = {
  reports: { numbers: one(), lines: one(), expense: one(), business: one() },
  exporting: false,
  exportError: null,
  exported: 0,
};

const slice = createSlice({
  name: 'statistics',
  initialState,
  reducers: {
    requested(s, a: PayloadAction<{ kind: ReportKind; query: ReportQuery }>) {
      const r = s.reports[a.payload.kind];
      r.query = a.payload.query;
      r.loading = true;
      r.error = null;
    },
    loaded(s, a: PayloadAction<{ kind: ReportKind; data: ReportData[ReportKind] }>) {
      const r = s.reports[a.payload.kind] as One<ReportKind>;
      r.data = a.payload.data;
      r.loading = false;
    },
    failed(s, a: PayloadAction<{ kind: ReportKind; error: string }>) {
      const r = s.reports[a.payload.kind];
      r.loading = false;
      r.error = a.payload.error;
    },
    exportRequested(
      s,
      _a: PayloadAction<{ kind: ReportKind; format: 'xlsx' | 'csv'; password: string; query: ReportQuery }>,
    ) {
      s.exporting = true;
      s.exportError = null;
    },
    exportDone(s) {
      s.exporting = false;
      s.exported += 1;
    },
    exportFailed(s, a: PayloadAction<string>) {
      s.exporting = false;
      s.exportError = a.payload;
    },
  },
});

export const statisticsActions = slice.actions;
export const statisticsReducer = slice.reducer;
type WithStatistics = { statistics: StatisticsState };
export const selectStatistics = (s: WithStatistics): StatisticsState => s.statistics;
export const selectReport =
  <K extends ReportKind>(kind: K) =>
  (s: WithStatistics): One<K> =>
    s.statistics.reports[kind] as One<K>;
