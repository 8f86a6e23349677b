// Finance side effects: the subordinates with their rates, each ledger view's pages (the latest
// request per view wins), a recharge (takeLeading, with the dialog's one request id, so a double
// submit is one recharge even before the server's replay), a rate, and the export (the export
// password checked by the server; the file saved by the browser). A recharge reloads the balances
// and both views, so every figure on the page is the ledger's.
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { BillingRateDto, LedgerEntryDto, RechargeReply } from '../../../../domain/finance';
import { api, isApiError } from '../../api';
import { saveBlob } from '../../ui/uploads';
import { serverProblems, type FormProblems } from './form';
import { ledgerQuery } from './query';
import { financeActions as F, selectFinance, type FinanceState } from './slice';
import type { LedgerTab, SubordinateRate } from './types';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const quiet = { onError: () => undefined };

/**
 * An API error as the form's field problems (only the fields the form shows); anything else (no
 * field, or a field the form has no input for, like the request id) as one message above the form.
 */
export function formFailure(
  e: unknown,
  fields: readonly string[],
): { error: string | null; problems: FormProblems } {
  const all = isApiError(e) ? serverProblems(e.fieldErrors) : {};
  const problems: FormProblems = {};
  const other: string[] = [];
  for (const [k, v] of Object.entries(all)) {
    if (fields.includes(k)) problems[k] = v;
    else if (v) other.push(v);
  }
  if (!Object.keys(problems).length && !other.length) return { error: message(e), problems };
  return { error: other.length ? other.join('; ') : null, problems };
}

const RECHARGE_FIELDS = ['accountId', 'amount', 'description', 'confirm'];
const RATE_FIELDS = ['rate', 'accuracyS'];

export const ACCOUNTS_PAGE = 200;
export const LEDGER_PAGE = 50;

export function* loadAccountsSaga(a: ReturnType<typeof F.accountsRequested>): SagaIterator {
  const more = !!a.payload?.more;
  const s = (yield select(selectFinance)) as FinanceState;
  const afterId = more ? s.accounts.nextAfterId : null;
  try {
    const r = (yield call(api.get, '/api/finance/rates', {
      query: { limit: ACCOUNTS_PAGE, ...(afterId ? { afterId } : {}) },
      ...quiet,
    })) as { items: SubordinateRate[]; nextAfterId: number | null };
    yield put(F.accountsLoaded({ items: r.items, nextAfterId: r.nextAfterId, append: more }));
  } catch (e) {
    yield put(F.accountsFailed(message(e)));
  }
}

export function* loadLedgerSaga(a: ReturnType<typeof F.ledgerRequested>): SagaIterator {
  const { tab, more } = a.payload;
  const s = (yield select(selectFinance)) as FinanceState;
  const v = s.views[tab];
  const beforeId = more ? v.nextBeforeId : null;
  try {
    const r = (yield call(api.get, '/api/finance/ledger', {
      query: { ...ledgerQuery(tab, v.filter), limit: LEDGER_PAGE, ...(beforeId ? { beforeId } : {}) },
      ...quiet,
    })) as { items: LedgerEntryDto[]; nextBeforeId: number | null };
    yield put(F.ledgerLoaded({ tab, items: r.items, nextBeforeId: r.nextBeforeId, append: !!more }));
  } catch (e) {
    yield put(F.ledgerFailed({ tab, error: message(e) }));
  }
}

export function* rechargeSaga(a: ReturnType<typeof F.rechargeSubmitted>): SagaIterator {
  const s = (yield select(selectFinance)) as FinanceState;
  // The reducer refused it (one already landed for this opening of the dialog): nothing to send.
  if (!s.recharge.saving) return;
  const { accountId, amount, description, confirm } = a.payload;
  try {
    const reply = (yield call(
      api.post,
      '/api/finance/recharges',
      {
        accountId,
        amount,
        description: description.trim() || undefined,
        confirm,
        requestId: s.recharge.requestId,
      },
      quiet,
    )) as RechargeReply;
    yield put(F.rechargeDone(reply));
    yield call(reloadAll);
  } catch (e) {
    yield put(F.rechargeFailed(formFailure(e, RECHARGE_FIELDS)));
  }
}

/** Balances and both ledger views again, as the ledger now holds them. */
export function* reloadAll(): SagaIterator {
  yield put(F.accountsRequested());
  for (const tab of ['records', 'ledger'] as LedgerTab[]) yield put(F.ledgerRequested({ tab }));
}

export function* rateSaga(a: ReturnType<typeof F.rateSubmitted>): SagaIterator {
  const { accountId, ratePerMinFen, accuracyS } = a.payload;
  try {
    const r = (yield call(
      api.put,
      `/api/finance/rates/${accountId}`,
      { ratePerMinFen, accuracyS },
      quiet,
    )) as BillingRateDto;
    yield put(F.rateSaved(r));
  } catch (e) {
    yield put(F.rateFailed(formFailure(e, RATE_FIELDS)));
  }
}

export function* exportSaga(a: ReturnType<typeof F.exportRequested>): SagaIterator {
  const { tab, format, password } = a.payload;
  const s = (yield select(selectFinance)) as FinanceState;
  try {
    const r = (yield call(api.download, '/api/finance/ledger/export', quiet, {
      format,
      password,
      query: ledgerQuery(tab, s.views[tab].filter),
    })) as { blob: Blob; filename: string | null };
    yield call(saveBlob, r.blob, r.filename ?? `ledger.${format}`);
    yield put(F.exportDone());
  } catch (e) {
    yield put(F.exportFailed(message(e)));
  }
}

function* watchView(tab: LedgerTab): SagaIterator {
  yield takeLatest(
    (x: { type: string; payload?: { tab?: string } }) =>
      x.type === F.ledgerRequested.type && x.payload?.tab === tab,
    loadLedgerSaga,
  );
}

export function* financeSaga(): SagaIterator {
  yield takeLatest(F.accountsRequested, loadAccountsSaga);
  for (const tab of ['records', 'ledger'] as const) yield fork(watchView, tab);
  yield takeLeading(F.rechargeSubmitted, rechargeSaga);
  yield takeLeading(F.rateSubmitted, rateSaga);
  yield takeEvery(F.exportRequested, exportSaga);
}
