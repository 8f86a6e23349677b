import type { NoticeDto } from '../../../../domain/api';
import { authActions } from '../auth/slice';
import { NOTICE_LIMIT, initialNoticesState, noticesActions as N, noticesReducer } from './slice';

const notice = (id: number, readAt: string | null = null): NoticeDto => ({
  id,
  accountId: 1,
  type: 100,
  title: `n${id}`,
  content: '',
  readAt,
  createdAt: '2026-01-01T00:00:00Z',
  titleKey: null,
  bodyKey: null,
  params: null,
});

describe('notices slice', () => {
  it('loads a list with its unread count', () => {
    let s = noticesReducer(initialNoticesState, N.noticesRequested());
    expect(s.loading).toBe(true);
    s = noticesReducer(s, N.noticesLoaded({ items: [notice(2), notice(1, 'x')], unread: 1 }));
    expect(s).toEqual({ items: [notice(2), notice(1, 'x')], unread: 1, loading: false });
  });

  it('adds live notices on top, once, within the limit', () => {
    const items = Array.from({ length: NOTICE_LIMIT }, (_, i) => notice(i + 1));
    let s = noticesReducer(initialNoticesState, N.noticesLoaded({ items, unread: 3 }));
    s = noticesReducer(s, N.noticeReceived(notice(100)));
    s = noticesReducer(s, N.noticeReceived(notice(100)));
    expect(s.items[0]!.id).toBe(100);
    expect(s.items).toHaveLength(NOTICE_LIMIT);
    expect(s.unread).toBe(4);
  });

  it('marks read once and clears on logout', () => {
    let s = noticesReducer(initialNoticesState, N.noticesLoaded({ items: [notice(1)], unread: 1 }));
    s = noticesReducer(s, N.noticeMarkedRead({ id: 1, readAt: 'now' }));
    s = noticesReducer(s, N.noticeMarkedRead({ id: 1, readAt: 'later' }));
    expect(s.items[0]!.readAt).toBe('now');
    expect(s.unread).toBe(0);
    expect(noticesReducer(s, authActions.sessionCleared())).toEqual(initialNoticesState);
  });
});
