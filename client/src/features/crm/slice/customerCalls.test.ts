import type { CallRecordDetail, CallRecordRow } from '../../../../../domain/callRecords';
import { customerCallsActions as K, customerCallsReducer, initialCustomerCallsState } from './customerCalls';
import { followUpsActions as F } from './followUps';

const row = (id: number) => ({ id, callUuid: `u${id}` }) as CallRecordRow;
const detail = (uuid: string) =>
  ({ callUuid: uuid, lines: [], recording: null }) as unknown as CallRecordDetail;

describe('customer calls slice', () => {
  it('starts loading when a customer opens, pages, and forgets it on close', () => {
    let s = customerCallsReducer(initialCustomerCallsState, F.drawerOpened(7));
    expect(s).toMatchObject({ customerId: 7, loading: true, items: [] });
    s = customerCallsReducer(s, K.listLoaded({ customerId: 7, items: [row(2)], next: 'n', append: false }));
    s = customerCallsReducer(s, K.listLoaded({ customerId: 7, items: [row(1)], next: null, append: true }));
    expect(s.items.map((c) => c.id)).toEqual([2, 1]);
    expect(s).toMatchObject({ next: null, loading: false });
    // A page of a customer closed meanwhile is dropped.
    expect(
      customerCallsReducer(s, K.listLoaded({ customerId: 8, items: [], next: null, append: false })),
    ).toBe(s);
    expect(customerCallsReducer(s, F.drawerClosed())).toEqual(initialCustomerCallsState);
  });

  it('opens one call at a time; the same call again closes it; a late detail of another is dropped', () => {
    let s = customerCallsReducer(initialCustomerCallsState, F.drawerOpened(7));
    s = customerCallsReducer(s, K.callToggled('u1'));
    s = customerCallsReducer(s, K.audioLoaded({ url: '/a', objectUrl: 'blob:1' }));
    s = customerCallsReducer(s, K.detailLoaded(detail('u2')));
    expect(s.detail).toBeNull();
    s = customerCallsReducer(s, K.detailLoaded(detail('u1')));
    expect(s.detail?.callUuid).toBe('u1');
    s = customerCallsReducer(s, K.callToggled('u2'));
    expect(s).toMatchObject({ openUuid: 'u2', detail: null, audio: {} });
    s = customerCallsReducer(s, K.callToggled('u2'));
    expect(s.openUuid).toBeNull();
    s = customerCallsReducer(s, K.callToggled('u3'));
    s = customerCallsReducer(s, K.detailFailed({ uuid: 'u3', message: 'gone' }));
    expect(s.detailError).toBe('gone');
  });
});
