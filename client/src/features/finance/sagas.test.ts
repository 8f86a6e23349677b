import { call, put, select } from 'redux-saga/effects';
import type { RechargeReply } from '../../../../domain/finance';
import { api, ApiError } from '../../api';
import { saveBlob } from '../../ui/uploads';
import {
  ACCOUNTS_PAGE,
  exportSaga,
  formFailure,
  LEDGER_PAGE,
  loadAccountsSaga,
  loadLedgerSaga,
  rateSaga,
  rechargeSaga,
  reloadAll,
} from './sagas';
import {
  financeActions as F,
  financeReducer,
  initialFinanceState,
  selectFinance,
  type FinanceState,
} from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const quiet = { onError: expect.any(Function) };
const state = (...actions: { type: string }[]): FinanceState =>
  actions.reduce((s, a) => financeReducer(s, a as never), initialFinanceState);

describe('loadAccountsSaga', () => {
  it('loads the first page, then the next one after the last id', () => {
    let g = loadAccountsSaga(F.accountsRequested());
    expect(g.next().value).toEqual(select(selectFinance));
    expect(g.next(initialFinanceState).value).toEqual(
      call(api.get, '/api/finance/rates', { query: { limit: ACCOUNTS_PAGE }, ...quiet }),
    );
    expect(g.next({ items: [], nextAfterId: null }).value).toEqual(
      put(F.accountsLoaded({ items: [], nextAfterId: null, append: false })),
    );
    const s = { ...initialFinanceState, accounts: { ...initialFinanceState.accounts, nextAfterId: 40 } };
    g = loadAccountsSaga(F.accountsRequested({ more: true }));
    g.next();
    expect(g.next(s).value).toEqual(
      call(api.get, '/api/finance/rates', { query: { limit: ACCOUNTS_PAGE, afterId: 40 }, ...quiet }),
    );
  });

  it('records the error', () => {
    const g = loadAccountsSaga(F.accountsRequested());
    g.next();
    g.next(initialFinanceState);
    expect(g.throw(new ApiError('Forbidden', 403, 'http')).value).toEqual(put(F.accountsFailed('Forbidden')));
  });
});

describe('loadLedgerSaga', () => {
  it('asks with the view filter (records: recharges only) and pages by the last id', () => {
    const filter = { accountId: 5, kind: '' as const, from: '', to: '' };
    const s = state(
      F.ledgerRequested({ tab: 'records', filter }),
      F.ledgerLoaded({ tab: 'records', items: [], nextBeforeId: 77, append: false }),
    );
    const g = loadLedgerSaga(F.ledgerRequested({ tab: 'records', more: true }));
    expect(g.next().value).toEqual(select(selectFinance));
    expect(g.next(s).value).toEqual(
      call(api.get, '/api/finance/ledger', {
        query: { accountId: 5, kind: 'recharge', limit: LEDGER_PAGE, beforeId: 77 },
        ...quiet,
      }),
    );
    expect(g.next({ items: [], nextBeforeId: null }).value).toEqual(
      put(F.ledgerLoaded({ tab: 'records', items: [], nextBeforeId: null, append: true })),
    );
  });

  it('records the error on its own view', () => {
    const g = loadLedgerSaga(F.ledgerRequested({ tab: 'ledger' }));
    g.next();
    g.next(initialFinanceState);
    expect(g.throw(new Error('offline')).value).toEqual(
      put(F.ledgerFailed({ tab: 'ledger', error: 'offline' })),
    );
  });
});

describe('rechargeSaga', () => {
  const form = { accountId: 3, amount: '12.50', description: '  ', confirm: true };
  const opened = F.rechargeOpened(3);

  it('posts with the dialog request id, shows the reply and reloads every figure', () => {
    const s = state(opened, F.rechargeSubmitted(form));
    const g = rechargeSaga(F.rechargeSubmitted(form));
    expect(g.next().value).toEqual(select(selectFinance));
    expect(g.next(s).value).toEqual(
      call(
        api.post,
        '/api/finance/recharges',
        {
          accountId: 3,
          amount: '12.50',
          description: undefined,
          confirm: true,
          requestId: opened.payload.requestId,
        },
        quiet,
      ),
    );
    const reply = { applied: true } as RechargeReply;
    expect(g.next(reply).value).toEqual(put(F.rechargeDone(reply)));
    expect(g.next().value).toEqual(call(reloadAll));
    expect(g.next().done).toBe(true);
  });

  it('sends nothing when the reducer refused the submit (the recharge already landed)', () => {
    const landed = state(
      opened,
      F.rechargeSubmitted(form),
      F.rechargeDone({ applied: true } as RechargeReply),
    );
    const again = financeReducer(landed, F.rechargeSubmitted(form));
    expect(again.recharge.saving).toBe(false);
    const g = rechargeSaga(F.rechargeSubmitted(form));
    g.next();
    expect(g.next(again).done).toBe(true);
  });

  it('shows field errors by field and other errors as one message', () => {
    const s = state(opened, F.rechargeSubmitted(form));
    const g = rechargeSaga(F.rechargeSubmitted(form));
    g.next();
    g.next(s);
    const invalid = new ApiError('Invalid', 400, 'envelope', {
      errors: [{ path: 'amount', message: '金额最多两位小数' }],
    });
    expect(g.throw(invalid).value).toEqual(
      put(F.rechargeFailed({ error: null, problems: { amount: '金额最多两位小数' } })),
    );
    expect(formFailure(new ApiError('余额不足', 409, 'envelope'), ['amount'])).toEqual({
      error: '余额不足',
      problems: {},
    });
    const noInput = new ApiError('Invalid', 400, 'envelope', {
      errors: [{ path: 'requestId', message: '缺少请求编号' }],
    });
    expect(formFailure(noInput, ['amount'])).toEqual({ error: '缺少请求编号', problems: {} });
  });

  it('reloads the balances and both views', () => {
    const g = reloadAll();
    expect(g.next().value).toEqual(put(F.accountsRequested()));
    expect(g.next().value).toEqual(put(F.ledgerRequested({ tab: 'records' })));
    expect(g.next().value).toEqual(put(F.ledgerRequested({ tab: 'ledger' })));
    expect(g.next().done).toBe(true);
  });
});

describe('rateSaga', () => {
  it('puts the rate and writes the saved one back', () => {
    const g = rateSaga(F.rateSubmitted({ accountId: 4, ratePerMinFen: 15, accuracyS: 6 }));
    expect(g.next().value).toEqual(
      call(api.put, '/api/finance/rates/4', { ratePerMinFen: 15, accuracyS: 6 }, quiet),
    );
    const saved = { accountId: 4, ratePerMinFen: 15, accuracyS: 6 as const, setBy: 2, updatedAt: 'x' };
    expect(g.next(saved).value).toEqual(put(F.rateSaved(saved)));
  });

  it('shows a refusal', () => {
    const g = rateSaga(F.rateSubmitted({ accountId: 4, ratePerMinFen: 15, accuracyS: 6 }));
    g.next();
    expect(g.throw(new ApiError('不能给自己设置费率', 403, 'envelope')).value).toEqual(
      put(F.rateFailed({ error: '不能给自己设置费率', problems: {} })),
    );
  });
});

describe('exportSaga', () => {
  it('posts the view filter with the password and saves the file', () => {
    const a = F.exportRequested({ tab: 'ledger', format: 'csv', password: 'pw' });
    const g = exportSaga(a);
    expect(g.next().value).toEqual(select(selectFinance));
    expect(g.next(initialFinanceState).value).toEqual(
      call(api.download, '/api/finance/ledger/export', quiet, { format: 'csv', password: 'pw', query: {} }),
    );
    const blob = new Blob(['x']);
    expect(g.next({ blob, filename: null }).value).toEqual(call(saveBlob, blob, 'ledger.csv'));
    expect(g.next().value).toEqual(put(F.exportDone()));
  });

  it('shows a wrong password', () => {
    const g = exportSaga(F.exportRequested({ tab: 'records', format: 'xlsx', password: 'x' }));
    g.next();
    g.next(initialFinanceState);
    expect(g.throw(new ApiError('密码错误', 400, 'envelope')).value).toEqual(put(F.exportFailed('密码错误')));
  });
});
