// The finance page (/bussinesscentral/financial): the subordinates with balance and rate, the two
// ledger views (recharge records and the full ledger) with their filters and keyset pages, the
// recharge dialog (one request id per opening, so a double submit recharges once), the rate dialog
// and the export. Figures are what the API returns; the page only formats them (fenToYuan).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BillingRateDto, LedgerEntryDto, RechargeReply } from '../../../../domain/finance';
import type { BillingAccuracy } from '../../../../domain/dialer/billing';
import { newRequestId } from '../../app/requestId';
import type { FormProblems, RechargeForm } from './form';
import { EMPTY_FILTER, type LedgerFilter, type LedgerTab, type SubordinateRate } from './types';

export interface LedgerView {
  filter: LedgerFilter;
  items: LedgerEntryDto[];
  nextBeforeId: number | null;
  loading: boolean;
  error: string | null;
}

export interface FinanceState {
  accounts: {
    items: SubordinateRate[];
    nextAfterId: number | null;
    loading: boolean;
    loaded: boolean;
    error: string | null;
  };
  views: Record<LedgerTab, LedgerView>;
  recharge: {
    open: boolean;
    /** The idempotency key of this opening of the dialog. */
    requestId: string;
    initialAccountId: number | null;
    saving: boolean;
    error: string | null;
    problems: FormProblems;
    result: RechargeReply | null;
  };
  rate: {
    accountId: number | null;
    saving: boolean;
    error: string | null;
    problems: FormProblems;
  };
  exporting: boolean;
  exportError: string | null;
  /** Counts finished exports (the dialog closes when it moves). */
  exported: number;
}

const view = (): LedgerView => ({
  filter: { ...EMPTY_FILTER },
  items: [],
  nextBeforeId: null,
  loading: false,
  error: null,
});

export const initialFinanceState: FinanceState = {
  accounts: { items: [], nextAfterId: null, loading: false, loaded: false, error: null },
  views: { records: view(), ledger: view() },
  recharge: {
    open: false,
    requestId: '',
    initialAccountId: null,
    saving: false,
    error: null,
    problems: {},
    result: null,
  },
  rate: { accountId: null, saving: false, error: null, problems: {} },
  exporting: false,
  exportError: null,
  exported: 0,
};

export interface RateSubmit {
  accountId: number;
  ratePerMinFen: number;
  accuracyS: BillingAccuracy;
}

const slice = createSlice({
  name: 'finance',
  initialState: initialFinanceState,
  reducers: {
    accountsRequested(s, a: PayloadAction<{ more?: boolean } | undefined>) {
      s.accounts.loading = true;
      s.accounts.error = null;
      if (!a.payload?.more) s.accounts.nextAfterId = null;
    },
    accountsLoaded(
      s,
      a: PayloadAction<{ items: SubordinateRate[]; nextAfterId: number | null; append: boolean }>,
    ) {
      s.accounts.items = a.payload.append ? [...s.accounts.items, ...a.payload.items] : a.payload.items;
      s.accounts.nextAfterId = a.payload.nextAfterId;
      s.accounts.loading = false;
      s.accounts.loaded = true;
    },
    accountsFailed(s, a: PayloadAction<string>) {
      s.accounts.loading = false;
      s.accounts.error = a.payload;
    },

    /** Loads a view's first page (with a new filter when given) or, with `more`, its next page. */
    ledgerRequested(s, a: PayloadAction<{ tab: LedgerTab; filter?: LedgerFilter; more?: boolean }>) {
      const v = s.views[a.payload.tab];
      if (a.payload.filter) v.filter = a.payload.filter;
      v.loading = true;
      v.error = null;
    },
    ledgerLoaded(
      s,
      a: PayloadAction<{
        tab: LedgerTab;
        items: LedgerEntryDto[];
        nextBeforeId: number | null;
        append: boolean;
      }>,
    ) {
      const v = s.views[a.payload.tab];
      v.items = a.payload.append ? [...v.items, ...a.payload.items] : a.payload.items;
      v.nextBeforeId = a.payload.nextBeforeId;
      v.loading = false;
    },
    ledgerFailed(s, a: PayloadAction<{ tab: LedgerTab; error: string }>) {
      const v = s.views[a.payload.tab];
      v.loading = false;
      v.error = a.payload.error;
    },

    rechargeOpened: {
      reducer(s, a: PayloadAction<{ accountId: number | null; requestId: string }>) {
        s.recharge = {
          ...initialFinanceState.recharge,
          open: true,
          requestId: a.payload.requestId,
          initialAccountId: a.payload.accountId,
        };
      },
      prepare: (accountId: number | null = null) => ({ payload: { accountId, requestId: newRequestId() } }),
    },
    /** Sent once the form's own checks pass; ignored while one is in flight or after it landed. */
    rechargeSubmitted(s, _a: PayloadAction<Omit<RechargeForm, 'accountId'> & { accountId: number }>) {
      if (s.recharge.saving || s.recharge.result) return;
      s.recharge.saving = true;
      s.recharge.error = null;
      s.recharge.problems = {};
    },
    rechargeDone(s, a: PayloadAction<RechargeReply>) {
      s.recharge.saving = false;
      s.recharge.result = a.payload;
    },
    rechargeFailed(s, a: PayloadAction<{ error: string | null; problems: FormProblems }>) {
      s.recharge.saving = false;
      s.recharge.error = a.payload.error;
      s.recharge.problems = a.payload.problems;
    },
    rechargeClosed(s) {
      s.recharge = { ...initialFinanceState.recharge };
    },

    rateOpened(s, a: PayloadAction<number>) {
      s.rate = { ...initialFinanceState.rate, accountId: a.payload };
    },
    rateSubmitted(s, _a: PayloadAction<RateSubmit>) {
      if (s.rate.saving) return;
      s.rate.saving = true;
      s.rate.error = null;
      s.rate.problems = {};
    },
    rateSaved(s, a: PayloadAction<BillingRateDto>) {
      const r = a.payload;
      const row = s.accounts.items.find((x) => x.accountId === r.accountId);
      if (row) Object.assign(row, { ...r });
      s.rate = { ...initialFinanceState.rate };
    },
    rateFailed(s, a: PayloadAction<{ error: string | null; problems: FormProblems }>) {
      s.rate.saving = false;
      s.rate.error = a.payload.error;
      s.rate.problems = a.payload.problems;
    },
    rateClosed(s) {
      s.rate = { ...initialFinanceState.rate };
    },

    exportRequested(s, _a: PayloadAction<{ tab: LedgerTab; format: 'xlsx' | 'csv'; password: string }>) {
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
    exportReset(s) {
      s.exportError = null;
    },
  },
});

export const financeActions = slice.actions;
export const financeReducer = slice.reducer;
export const selectFinance = (s: { finance: FinanceState }) => s.finance;
