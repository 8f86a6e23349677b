import type { MerchantDto } from '../../../../domain/merchants';
import { initialMerchantsState, merchantsActions as M, merchantsReducer } from './slice';

const merchant = (over: Partial<MerchantDto> = {}): MerchantDto =>
  ({
    id: 5,
    account: 'merchant05',
    settlementMethod: 60,
    settlementLockedAt: null,
    settlementForcedBy: null,
    ...over,
  }) as MerchantDto;

it('keeps the confirmation open while the lock is pending, then shows the merchant locked', () => {
  let s = merchantsReducer(initialMerchantsState, M.listLoaded([merchant()]));
  s = merchantsReducer(s, M.lockOpened(5));
  s = merchantsReducer(s, M.lockRequested());
  expect(s.lock).toEqual({ id: 5, pending: true });
  s = merchantsReducer(s, M.lockFailed());
  expect(s.lock).toEqual({ id: 5, pending: false });
  s = merchantsReducer(s, M.locked(merchant({ settlementLockedAt: '2026-11-27T09:00:00.000Z' })));
  expect(s.lock.id).toBeNull();
  expect(s.list.items).toHaveLength(1);
  expect(s.list.items[0]!.settlementLockedAt).not.toBeNull();
});

it('keeps the editor open with the server field errors, and closes it once saved', () => {
  let s = merchantsReducer(initialMerchantsState, M.editorOpened(null));
  s = merchantsReducer(s, M.saveFailed({ message: 'bad', fieldErrors: { settlementMethod: 'locked' } }));
  expect(s.editor).toMatchObject({ kind: 'merchant', saving: false, formError: 'bad' });
  expect(s.editor.serverErrors.settlementMethod).toBe('locked');
  s = merchantsReducer(s, M.saved(merchant({ id: 9, account: 'merchant09' })));
  expect(s.editor.kind).toBeNull();
  expect(s.list.items.map((m) => m.account)).toEqual(['merchant09']);
});
