import { call, put, select } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { selectBlacklist } from '../slice';
import {
  BLACKLIST_PAGE,
  blacklistActions as B,
  blacklistReducer,
  initialBlacklistState,
  splitPhones,
} from '../slice/blacklist';
import { addBlacklistSaga, loadBlacklistSaga, removeBlacklistSaga } from './blacklist';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const entry = (id: number, phone: string) => ({
  id,
  scope: 'account' as const,
  phone,
  reason: '',
  createdAt: '',
});

describe('blacklist', () => {
  it('loads the chosen scope with the phone prefix, then more after the last id', () => {
    const g = loadBlacklistSaga(B.listRequested());
    expect(g.next().value).toEqual(select(selectBlacklist));
    expect(g.next({ ...initialBlacklistState, scope: 'platform', phone: '139' }).value).toEqual(
      call(api.get, '/api/crm/blacklist', {
        query: { scope: 'platform', phone: '139', limit: BLACKLIST_PAGE, after: undefined },
      }),
    );
    expect(g.next({ items: [], nextAfter: null }).value).toEqual(
      put(B.listLoaded({ items: [], nextAfter: null, append: false })),
    );
    const more = loadBlacklistSaga(B.moreRequested());
    more.next();
    expect(more.next({ ...initialBlacklistState, nextAfter: 9 }).value).toEqual(
      call(api.get, '/api/crm/blacklist', {
        query: { scope: 'account', phone: undefined, limit: BLACKLIST_PAGE, after: 9 },
      }),
    );
  });

  it('adds numbers to the current scope, shows the result and reloads', () => {
    const g = addBlacklistSaga(B.addRequested({ phones: ['13800000000', 'x'], reason: 'spam' }));
    g.next();
    expect(g.next(initialBlacklistState).value).toEqual(
      call(api.post, '/api/crm/blacklist', {
        scope: 'account',
        phones: ['13800000000', 'x'],
        reason: 'spam',
      }),
    );
    const r = { added: 1, duplicates: 0, invalid: [{ index: 1, value: 'x' }] };
    expect(g.next(r).value).toEqual(put(B.addDone(r)));
    expect(g.next().value).toEqual(put(B.listRequested()));
    const bad = addBlacklistSaga(B.addRequested({ phones: ['1'], reason: '' }));
    bad.next();
    bad.next(initialBlacklistState);
    expect(bad.throw(new ApiError('Forbidden', 403, 'envelope')).value).toEqual(put(B.addFailed()));
  });

  it('removes the selected entries', () => {
    const g = removeBlacklistSaga(B.removeRequested([3]));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/blacklist/remove', { ids: [3] }));
    expect(g.next().value).toEqual(put(B.removed([3])));
  });

  it('keeps list, selection and the add result in the slice', () => {
    let s = blacklistReducer(
      initialBlacklistState,
      B.listLoaded({ items: [entry(1, 'a'), entry(2, 'b')], nextAfter: 2, append: false }),
    );
    s = blacklistReducer(s, B.selectionToggled(2));
    s = blacklistReducer(s, B.removed([2]));
    expect(s.items.map((e) => e.id)).toEqual([1]);
    expect(s.selected).toEqual([]);
    s = blacklistReducer(s, B.addOpened(true));
    s = blacklistReducer(s, B.addRequested({ phones: ['1'], reason: '' }));
    s = blacklistReducer(s, B.addDone({ added: 1, duplicates: 0, invalid: [] }));
    expect(s).toMatchObject({ addOpen: true, adding: false, result: { added: 1 } });
  });

  it('splits pasted numbers on lines, commas, spaces and semicolons', () => {
    expect(splitPhones('13800000000\n13900000000, 13700000000；13600000000  ')).toEqual([
      '13800000000',
      '13900000000',
      '13700000000',
      '13600000000',
    ]);
    expect(splitPhones('  \n ')).toEqual([]);
  });
});
