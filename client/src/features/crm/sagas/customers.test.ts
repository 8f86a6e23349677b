import { call, put, select } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { selectCustomers } from '../slice';
import { customersActions as C, initialCustomersState, PAGE_SIZE } from '../slice/customers';
import { customer } from '../testData';
import {
  assignTagsSaga,
  createTagSaga,
  deleteSaga,
  focusSaga,
  loadCustomersSaga,
  quiet,
  releaseSaga,
  saveCustomerSaga,
} from './customers';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const input = {
  name: 'Li',
  phone: '13812345678',
  contact: '',
  sex: null,
  company: '',
  address: '',
  remarks: ['a', '', ''],
  source: '',
  stage: 100,
};

describe('customer list sagas', () => {
  it('loads the first page with the filters', () => {
    const g = loadCustomersSaga(C.listRequested());
    expect(g.next().value).toEqual(select(selectCustomers));
    const s = {
      ...initialCustomersState,
      filters: { ...initialCustomersState.filters, name: 'Li' },
      next: 'x',
    };
    expect(g.next(s).value).toEqual(
      call(api.get, '/api/crm/customers', { query: { sort: 'id', limit: PAGE_SIZE, name: 'Li' } }),
    );
    expect(g.next({ items: [customer(1)], next: 'n1' }).value).toEqual(
      put(C.listLoaded({ items: [customer(1)], next: 'n1', append: false })),
    );
  });

  it('loads more with the cursor, and does nothing without one', () => {
    const g = loadCustomersSaga(C.moreRequested());
    g.next();
    expect(g.next({ ...initialCustomersState, next: 'n1' }).value).toEqual(
      call(api.get, '/api/crm/customers', { query: { sort: 'id', limit: PAGE_SIZE, after: 'n1' } }),
    );
    expect(g.next({ items: [], next: null }).value).toEqual(
      put(C.listLoaded({ items: [], next: null, append: true })),
    );
    const none = loadCustomersSaga(C.moreRequested());
    none.next();
    expect(none.next(initialCustomersState).done).toBe(true);
  });

  it('records a failure', () => {
    const g = loadCustomersSaga(C.listRequested());
    g.next();
    g.next(initialCustomersState);
    expect(g.throw(new ApiError('Forbidden', 403, 'envelope')).value).toEqual(put(C.listFailed('Forbidden')));
  });
});

describe('customer write sagas', () => {
  it('creates without empty remarks, quietly, and puts the saved customer', () => {
    const g = saveCustomerSaga(C.saveRequested({ id: null, input }));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/customers', { ...input, remarks: ['a'] }, quiet));
    expect(g.next(customer(5)).value).toEqual(put(C.customerSaved({ customer: customer(5), created: true })));
  });

  it('updates without a hidden phone and hands field errors to the dialog', () => {
    const g = saveCustomerSaga(C.saveRequested({ id: 7, input: { ...input, phone: undefined } }));
    const { phone: _phone, ...rest } = input;
    expect(g.next().value).toEqual(call(api.put, '/api/crm/customers/7', { ...rest, remarks: ['a'] }, quiet));
    const e = new ApiError('Invalid', 400, 'envelope', { errors: [{ path: 'name', message: 'Required' }] });
    expect(g.throw(e).value).toEqual(
      put(C.requestFailed({ message: 'Invalid', fieldErrors: { name: 'Required' } })),
    );
  });

  it('toggles focus silently', () => {
    const g = focusSaga(C.focusRequested({ id: 3, focus: true }));
    expect(g.next().value).toEqual(
      call(api.post, '/api/crm/customers/3/focus', { focus: true }, { successToast: false }),
    );
    expect(g.next().value).toEqual(put(C.focusChanged({ id: 3, focus: true })));
    const failed = focusSaga(C.focusRequested({ id: 3, focus: true }));
    failed.next();
    expect(failed.throw(new ApiError('x', 500, 'http')).done).toBe(true);
  });

  it('deletes with the typed word and toasts the count', () => {
    const g = deleteSaga(C.deleteRequested({ ids: [1, 2], confirm: 'delete' }));
    expect(g.next().value).toEqual(
      call(api.post, '/api/crm/customers/delete', { ids: [1, 2], confirm: 'delete' }, quiet),
    );
    expect(g.next({ deleted: 2 }).value).toEqual(put(C.customersRemoved([1, 2])));
    expect(g.next().value).toEqual(call(showToast, 'success', i18n.t('crm:customers.deleted', { count: 2 })));
  });

  it('assigns tags and patches the rows', () => {
    const body = { customerIds: [1], add: [4], remove: [] };
    const g = assignTagsSaga(C.tagAssignRequested(body));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/customers/tags', body, quiet));
    expect(g.next({ added: 1, removed: 0 }).value).toEqual(put(C.tagsAssigned(body)));
  });

  it('creates a tag', () => {
    const g = createTagSaga(C.tagCreateRequested('vip'));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/tags', { name: 'vip' }, { successToast: false }));
    const tag = { id: 1, name: 'vip', color: '', groupId: null };
    expect(g.next(tag).value).toEqual(put(C.tagCreated(tag)));
  });

  it('releases to the sea and removes only the released rows', () => {
    const g = releaseSaga(C.releaseRequested([1, 2]));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/sea/release', { customerIds: [1, 2] }));
    expect(g.next({ released: 1, skipped: 1, ids: [2] }).value).toEqual(put(C.customersRemoved([2])));
    expect(g.next().value).toEqual(
      call(showToast, 'success', i18n.t('crm:sea.released', { released: 1, skipped: 1 })),
    );
  });
});
