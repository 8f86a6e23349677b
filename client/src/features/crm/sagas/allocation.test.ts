import { call, put } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { allocationActions as A, allocationReducer, initialAllocationState } from '../slice/allocation';
import { customersActions as C } from '../slice/customers';
import { validateAllocation } from '../validation';
import { ACCOUNT_LIMIT, allocateSaga, loadAccountsSaga } from './allocation';
import { quiet } from './customers';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

describe('allocation', () => {
  it('loads the subordinate accounts', () => {
    const g = loadAccountsSaga();
    expect(g.next().value).toEqual(call(api.get, '/api/accounts', { query: { limit: ACCOUNT_LIMIT } }));
    expect(g.next({ items: [] }).value).toEqual(put(A.accountsLoaded([])));
  });

  it('allocates, toasts the total, and reloads the list', () => {
    const req = { mode: 1 as const, customerIds: [1, 2, 3], targets: [7, 8] };
    const g = allocateSaga(A.allocateRequested(req));
    expect(g.next().value).toEqual(
      call(api.post, '/api/crm/customers/allocate', req, { ...quiet, successToast: false }),
    );
    const r = {
      allocated: [
        { accountId: 7, count: 2 },
        { accountId: 8, count: 1 },
      ],
    };
    expect(g.next(r).value).toEqual(put(A.allocated()));
    expect(g.next().value).toEqual(
      call(showToast, 'success', i18n.t('crm:allocate.done', { count: 3, accounts: 2 })),
    );
    expect(g.next().value).toEqual(put(C.listRequested()));
  });

  it('keeps the dialog open with the error', () => {
    const g = allocateSaga(A.allocateRequested({ mode: 0, customerIds: [1] }));
    g.next();
    expect(g.throw(new ApiError('Not found', 404, 'envelope')).value).toEqual(
      put(A.allocateFailed({ message: 'Not found', fieldErrors: {} })),
    );
  });

  it('opens with loading accounts, closes when done', () => {
    let s = allocationReducer(initialAllocationState, A.opened());
    expect(s).toMatchObject({ open: true, loading: true });
    s = allocationReducer(s, A.allocateRequested({ mode: 0, customerIds: [1] }));
    expect(s.saving).toBe(true);
    s = allocationReducer(s, A.allocateFailed({ message: 'x', fieldErrors: {} }));
    expect(s).toMatchObject({ open: true, saving: false, formError: 'x' });
    expect(allocationReducer(s, A.allocated()).open).toBe(false);
  });

  it('checks targets and quantities like the server', () => {
    expect(validateAllocation({ mode: 0, targets: [], quantities: {} }, 3)).toEqual({});
    expect(validateAllocation({ mode: 1, targets: [], quantities: {} }, 3)).toEqual({
      targets: 'crm:validation.targets',
    });
    expect(validateAllocation({ mode: 2, targets: [7], quantities: { 7: 'x' } }, 3).quantities).toBe(
      'crm:validation.invalid',
    );
    expect(
      validateAllocation({ mode: 2, targets: [7, 8], quantities: { 7: '2', 8: '2' } }, 3).quantities,
    ).toBe('crm:validation.quantities');
    expect(validateAllocation({ mode: 2, targets: [7, 8], quantities: { 7: '2', 8: '1' } }, 3)).toEqual({});
  });
});
