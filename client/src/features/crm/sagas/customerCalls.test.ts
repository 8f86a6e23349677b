import { call, put, select } from 'redux-saga/effects';
import type { CallRecordDetail, CallRecordRow } from '../../../../../domain/callRecords';
import { api, ApiError } from '../../../api';
import { selectCustomerCalls } from '../slice';
import { CALLS_PAGE, customerCallsActions as K, initialCustomerCallsState } from '../slice/customerCalls';
import { followUpsActions as F } from '../slice/followUps';
import { loadCallsSaga, openCallSaga, quiet } from './customerCalls';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const row = (id: number) => ({ id, callUuid: `u${id}` }) as CallRecordRow;

describe('customer calls sagas', () => {
  it("loads the open customer's calls, then the next page", () => {
    const g = loadCallsSaga(F.drawerOpened(4));
    expect(g.next().value).toEqual(select(selectCustomerCalls));
    expect(g.next({ ...initialCustomerCallsState, customerId: 4 }).value).toEqual(
      call(api.get, '/api/crm/customers/4/calls', { ...quiet, query: { limit: CALLS_PAGE } }),
    );
    expect(g.next({ items: [row(9)], next: 'c9' }).value).toEqual(
      put(K.listLoaded({ customerId: 4, items: [row(9)], next: 'c9', append: false })),
    );
    const more = loadCallsSaga(K.moreRequested());
    more.next();
    expect(more.next({ ...initialCustomerCallsState, customerId: 4, next: 'c9' }).value).toEqual(
      call(api.get, '/api/crm/customers/4/calls', { ...quiet, query: { limit: CALLS_PAGE, after: 'c9' } }),
    );
    expect(more.throw(new ApiError('boom', 500, 'http')).value).toEqual(put(K.listFailed('boom')));
    // Nothing more to load: no request.
    const none = loadCallsSaga(K.moreRequested());
    none.next();
    expect(none.next({ ...initialCustomerCallsState, customerId: 4, next: null }).done).toBe(true);
  });

  it('opens a call: its detail, then its audio files', () => {
    const g = openCallSaga(K.callToggled('u1'));
    expect(g.next().value).toEqual(select(selectCustomerCalls));
    expect(g.next({ ...initialCustomerCallsState, customerId: 4, openUuid: 'u1' }).value).toEqual(
      call(api.get, '/api/crm/customers/4/calls/u1', quiet),
    );
    const d = {
      callUuid: 'u1',
      recording: { url: '/r', fragment: null, exists: true },
      lines: [{ voices: [{ url: '/r', fragment: 't=1', exists: true }] }],
    } as unknown as CallRecordDetail;
    expect(g.next(d).value).toEqual(put(K.detailLoaded(d)));
    const fetches = g.next().value as { payload: unknown[] };
    expect(fetches.payload).toHaveLength(1); // one file, fetched once
    // Closing (toggled off) loads nothing.
    const closed = openCallSaga(K.callToggled('u1'));
    closed.next();
    expect(closed.next({ ...initialCustomerCallsState, customerId: 4, openUuid: null }).done).toBe(true);
  });
});
