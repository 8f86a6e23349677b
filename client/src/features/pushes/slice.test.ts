import type { PushAddressDto, PushDeliveryDto } from '../../../../domain/pushes';
import { initialPushesState, pushesActions as P, pushesReducer as reduce } from './slice';

const address = (id: number, over: Partial<PushAddressDto> = {}): PushAddressDto => ({
  id,
  name: `a${id}`,
  url: 'https://93.184.216.34/hook',
  params: { k: 'v' },
  headers: { A: 'b' },
  grades: [],
  enabled: true,
  secretSet: true,
  secretRotatedAt: '2026-11-22T00:00:00.000Z',
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
  ...over,
});

const delivery = (id: number, over: Partial<PushDeliveryDto> = {}): PushDeliveryDto => ({
  id,
  callId: 1,
  callUuid: 'u',
  kind: 'address',
  addressId: 1,
  addressName: 'a1',
  taskId: null,
  url: 'https://93.184.216.34/hook',
  pushId: `push:1:address:${id}`,
  status: 'failed',
  attempts: 1,
  lastStatus: 400,
  lastError: 'HTTP 400',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
  ...over,
});

it('a created address joins the list and its secret is held only for the one-time dialog', () => {
  let s = reduce(initialPushesState, P.addressesLoaded([address(1)]));
  s = reduce(s, P.editorOpened(null));
  s = reduce(s, P.saveRequested({ id: null, input: {} as never }));
  expect(s.editor.saving).toBe(true);
  s = reduce(s, P.saved({ address: address(2), secret: 'pks_x' }));
  expect(s.addresses.items.map((a) => a.id)).toEqual([1, 2]);
  expect(s.editor.open).toBe(false);
  expect(s.secret).toEqual({ name: 'a2', secret: 'pks_x' });
  expect(JSON.stringify(s.addresses)).not.toContain('pks_x');
  s = reduce(s, P.secretClosed());
  expect(s.secret).toBeNull();
  expect(JSON.stringify(s)).not.toContain('pks_x');
});

it('an edit replaces the row and shows no secret; a failure keeps the form with field errors', () => {
  let s = reduce(initialPushesState, P.addressesLoaded([address(1)]));
  s = reduce(s, P.editorOpened(1));
  s = reduce(s, P.saveFailed({ message: 'bad', fieldErrors: { url: 'refused' } }));
  expect(s.editor).toMatchObject({
    open: true,
    saving: false,
    formError: 'bad',
    serverErrors: { url: 'refused' },
  });
  s = reduce(s, P.saved({ address: address(1, { name: 'renamed' }) }));
  expect(s.addresses.items.map((a) => a.name)).toEqual(['renamed']);
  expect(s.secret).toBeNull();
});

it('deletes, pages the delivery log and updates a retried row', () => {
  let s = reduce(initialPushesState, P.addressesLoaded([address(1), address(2)]));
  s = reduce(s, P.deleteOpened(1));
  s = reduce(s, P.deleteRequested());
  s = reduce(s, P.deleted(1));
  expect(s.addresses.items.map((a) => a.id)).toEqual([2]);
  expect(s.deleting.id).toBeNull();

  s = reduce(s, P.deliveriesRequested({ status: 'failed' }));
  s = reduce(s, P.deliveriesLoaded({ items: [delivery(9), delivery(8)], nextBefore: 8, more: false }));
  s = reduce(s, P.deliveriesLoaded({ items: [delivery(7)], nextBefore: null, more: true }));
  expect(s.deliveries.items.map((d) => d.id)).toEqual([9, 8, 7]);
  expect(s.deliveries).toMatchObject({ status: 'failed', nextBefore: null, loading: false });
  s = reduce(s, P.deliveryUpdated(delivery(8, { status: 'pending', attempts: 0 })));
  expect(s.deliveries.items[1]).toMatchObject({ status: 'pending', attempts: 0 });
});

it('holds a test push result until the dialog closes', () => {
  let s = reduce(initialPushesState, P.testRequested(3));
  expect(s.testing).toEqual({ id: 3, result: null });
  s = reduce(s, P.testDone({ ok: true, status: 200, error: null }));
  expect(s.testing.result?.status).toBe(200);
  expect(reduce(s, P.testClosed()).testing).toEqual({ id: null, result: null });
});
