import type { CallBlacklistEntryDto } from '../../../../domain/shields';
import { initialShieldsState, shieldsActions as A, shieldsReducer } from './slice';

const entry = (id: number) => ({ id, phone: `138****000${id}` }) as CallBlacklistEntryDto;

describe('shields slice', () => {
  it('appends pages with more, replaces otherwise, and drops selections no longer listed', () => {
    let s = shieldsReducer(initialShieldsState, A.listRequested({ list: 'blacklist', phone: '138' }));
    expect(s.blacklist).toMatchObject({ loading: true, phone: '138' });
    s = shieldsReducer(s, A.blacklistLoaded({ items: [entry(3), entry(2)], nextBefore: 2, more: false }));
    s = shieldsReducer(s, A.blacklistLoaded({ items: [entry(1)], nextBefore: null, more: true }));
    expect(s.blacklist.items.map((i) => i.id)).toEqual([3, 2, 1]);
    s = shieldsReducer(s, A.selectAll(true));
    s = shieldsReducer(s, A.selectionToggled(2));
    expect(s.blacklist.selected).toEqual([3, 1]);
    s = shieldsReducer(s, A.blacklistLoaded({ items: [entry(3)], nextBefore: null, more: false }));
    expect(s.blacklist.selected).toEqual([3]);
  });

  it('removes the confirmed ids from the list and the selection', () => {
    let s = shieldsReducer(
      initialShieldsState,
      A.blacklistLoaded({ items: [entry(1), entry(2)], nextBefore: null, more: false }),
    );
    s = shieldsReducer(s, A.selectAll(true));
    s = shieldsReducer(s, A.removeOpened({ key: 'blacklistRemove', ids: [1] }));
    s = shieldsReducer(s, A.removeRequested('blacklistRemove'));
    expect(s.blacklistRemove.pending).toBe(true);
    s = shieldsReducer(s, A.removeDone('blacklistRemove'));
    expect(s.blacklist.items.map((i) => i.id)).toEqual([2]);
    expect(s.blacklist.selected).toEqual([2]);
    expect(s.blacklistRemove).toEqual({ ids: [], pending: false, error: null });
  });

  it('keeps an add reply and clears it when the dialog opens again', () => {
    let s = shieldsReducer(initialShieldsState, A.adderOpened({ key: 'blacklistAdd', open: true }));
    s = shieldsReducer(s, A.blacklistAddRequested({ phone: '13800000001', reason: '' }));
    s = shieldsReducer(
      s,
      A.adderDone({ key: 'blacklistAdd', result: { added: 0, duplicates: 1, invalid: [], invalidCount: 0 } }),
    );
    expect(s.blacklistAdd).toMatchObject({ open: true, pending: false, result: { duplicates: 1 } });
    s = shieldsReducer(s, A.adderOpened({ key: 'blacklistAdd', open: true }));
    expect(s.blacklistAdd.result).toBeNull();
  });

  it('records the settings failure with field errors, and a new load clears them', () => {
    let s = shieldsReducer(initialShieldsState, A.defaultsSaveRequested({} as never));
    s = shieldsReducer(s, A.settingsFailed({ message: 'bad', fieldErrors: { timeZone: 'x' } }));
    expect(s.settings).toMatchObject({
      savingDefaults: false,
      error: 'bad',
      serverErrors: { timeZone: 'x' },
    });
  });
});
