import type { NoticeDto } from '../../../../domain/api';
import { idParam, noticeLink, taskPage } from './links';

const TASKS = ['dialcenter/singletask'];
const n = (over: Partial<NoticeDto>) =>
  ({ titleKey: null, bodyKey: null, params: null, ...over }) as Pick<
    NoticeDto,
    'titleKey' | 'bodyKey' | 'params'
  >;

describe('notice links', () => {
  it('a task notice opens the task on the task page the viewer holds', () => {
    for (const key of ['taskCompleted', 'taskSuspended', 'taskNoRecognizer'])
      expect(
        noticeLink(n({ titleKey: `${key}.title` as never, params: { taskId: 42, name: 'x' } }), TASKS),
      ).toEqual({
        kind: 'route',
        to: '/rootmain/dialcenter/singletask',
        labelKey: 'task',
        taskId: 42,
      });
    expect(taskPage(['dialcenter/multtask'])).toBe('/rootmain/dialcenter/multtask');
    // Without a task menu there is nowhere to go.
    expect(
      noticeLink(n({ titleKey: 'taskCompleted.title', params: { taskId: 42 } }), ['crm/mycustomer']),
    ).toBeNull();
  });

  it('an export notice downloads its file, by the kind of export', () => {
    expect(
      noticeLink(
        n({
          titleKey: 'exportReady.title',
          bodyKey: 'exportReady.customersBody',
          params: { exportId: 7, file: 'c.xlsx', rows: 3 },
        }),
        [],
      ),
    ).toEqual({ kind: 'file', path: '/api/crm/exports/7/file', labelKey: 'file', fileName: 'c.xlsx' });
    expect(
      noticeLink(
        n({ titleKey: 'exportReady.title', bodyKey: 'exportReady.callsBody', params: { exportId: '8' } }),
        [],
      ),
    ).toEqual({ kind: 'file', path: '/api/callrecords/exports/8/file', labelKey: 'file', fileName: null });
    // An export notice from before the id was kept leads nowhere.
    expect(
      noticeLink(
        n({ titleKey: 'exportReady.title', bodyKey: 'exportReady.callsBody', params: { rows: 1 } }),
        [],
      ),
    ).toBeNull();
  });

  it('a finished import downloads its report; a failed one opens the customer page', () => {
    expect(
      noticeLink(n({ titleKey: 'importDone.title', params: { importJobId: 5, file: 'a.csv' } }), []),
    ).toEqual({
      kind: 'file',
      path: '/api/crm/imports/5/report',
      labelKey: 'report',
      fileName: 'import-5-report.csv',
    });
    expect(
      noticeLink(n({ titleKey: 'importFailed.title', params: { importJobId: 5 } }), ['crm/mycustomer']),
    ).toEqual({
      kind: 'route',
      to: '/rootmain/crm/mycustomer',
      labelKey: 'imports',
    });
  });

  it('never builds a path from anything but a whole positive id, and a person’s notice has no link', () => {
    for (const bad of [
      '../../x',
      '5/../../auth',
      '<b>1</b>',
      '1e3',
      '-3',
      '0',
      '',
      ' 7',
      1.5,
      -1,
      0,
      Number.MAX_VALUE,
    ])
      expect(idParam({ taskId: bad as never }, 'taskId')).toBeNull();
    expect(idParam({ taskId: '12' }, 'taskId')).toBe(12);
    expect(
      noticeLink(n({ titleKey: 'taskCompleted.title', params: { taskId: 'javascript:alert(1)' } }), TASKS),
    ).toBeNull();
    // A person's notice: no key, whatever it carries.
    expect(noticeLink(n({ params: { taskId: 3 } }), TASKS)).toBeNull();
    expect(noticeLink(n({ titleKey: 'no.such' as never, params: { taskId: 3 } }), TASKS)).toBeNull();
    expect(noticeLink(n({ titleKey: 'recharge.title', params: { amount: '1.00' } }), TASKS)).toBeNull();
  });
});
