import { call, put } from 'redux-saga/effects';
import type { NoticeDto } from '../../../../domain/api';
import { api, ApiError } from '../../api';
import { i18n } from '../../app/i18n';
import { showToast } from '../../ui/toaster';
import { saveBlob } from '../../ui/uploads';
import { fileSaga, loadNoticesSaga, markReadSaga, noticeToastSaga } from './sagas';
import { NOTICE_LIMIT, noticesActions as N } from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

describe('notices sagas', () => {
  it('loads the latest notices', () => {
    const g = loadNoticesSaga();
    expect(g.next().value).toEqual(put(N.noticesRequested()));
    expect(g.next().value).toEqual(call(api.get, '/api/notices', { query: { limit: NOTICE_LIMIT } }));
    const data = { items: [], unread: 0 };
    expect(g.next(data).value).toEqual(put(N.noticesLoaded(data)));
  });

  it('marks a notice read, silently', () => {
    const g = markReadSaga(N.markReadRequested(5));
    expect(g.next().value).toEqual(call(api.post, '/api/notices/5/read', undefined, { successToast: false }));
    const next = g.next({ updated: 1 }).value as ReturnType<typeof put>;
    expect(next.payload.action).toMatchObject({ type: N.noticeMarkedRead.type, payload: { id: 5 } });
    const failed = markReadSaga(N.markReadRequested(6));
    failed.next();
    expect(failed.throw(new ApiError('x', 500, 'http')).done).toBe(true);
  });

  it("downloads a notice's file with the session, under the server's name or the notice's", () => {
    const g = fileSaga(
      N.fileRequested({ path: '/api/crm/imports/5/report', fileName: 'import-5-report.csv' }),
    );
    expect(g.next().value).toEqual(call(api.download, '/api/crm/imports/5/report'));
    const blob = new Blob(['x']);
    expect(g.next({ blob, filename: null }).value).toEqual(call(saveBlob, blob, 'import-5-report.csv'));
    const gone = fileSaga(N.fileRequested({ path: '/api/crm/exports/9/file', fileName: null }));
    gone.next();
    expect(gone.throw(new ApiError('404', 404, 'http')).done).toBe(true);
  });

  it('toasts a live notice', () => {
    const g = noticeToastSaga(N.noticeReceived({ id: 1, title: 'Low balance' } as NoticeDto));
    expect(g.next().value).toEqual(
      call(showToast, 'info', i18n.t('notices:newNotice', { title: 'Low balance' })),
    );
  });

  it('toasts a notice of background work with its title in the current language', () => {
    const n: NoticeDto = {
      id: 2,
      accountId: 1,
      type: 98,
      title: '',
      content: '',
      readAt: null,
      createdAt: '2026-01-01T00:00:00Z',
      titleKey: 'recharge.title',
      bodyKey: 'recharge.body',
      params: { amount: '1.00', balance: '2.00' },
    };
    const g = noticeToastSaga(N.noticeReceived(n));
    expect(g.next().value).toEqual(
      call(
        showToast,
        'info',
        i18n.t('notices:newNotice', { title: i18n.t('notices:messages.recharge.title') }),
      ),
    );
    expect(i18n.t('notices:messages.recharge.title')).not.toContain('messages.');
  });
});
