import { call, put, select } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { selectCustomers, selectExports } from '../slice';
import { initialCustomersState } from '../slice/customers';
import { exportsActions as X, initialExportsState } from '../slice/exports';
import { exportJob } from '../testData';
import { saveBlob } from '../../../ui/uploads';
import { quiet } from './customers';
import { createExportSaga, downloadExportSaga, EXPORTS_PAGE, loadExportsSaga, noticeSaga } from './exports';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

describe('export sagas', () => {
  it('loads the download list, then the next page by beforeId', () => {
    const g = loadExportsSaga(X.listRequested());
    expect(g.next().value).toEqual(select(selectExports));
    expect(g.next(initialExportsState).value).toEqual(
      call(api.get, '/api/crm/exports', { query: { limit: EXPORTS_PAGE, beforeId: null } }),
    );
    const page = { items: [exportJob(9)], nextBeforeId: 9 };
    expect(g.next(page).value).toEqual(put(X.listLoaded({ ...page, append: false })));
    const more = loadExportsSaga(X.listRequested({ more: true }));
    more.next();
    expect(more.next({ ...initialExportsState, nextBeforeId: 9 }).value).toEqual(
      call(api.get, '/api/crm/exports', { query: { limit: EXPORTS_PAGE, beforeId: 9 } }),
    );
    expect(more.throw(new Error('down')).value).toEqual(put(X.listFailed()));
  });

  it('exports the selected rows, else the list filter without paging or sort', () => {
    const ids = exportJob(1);
    const g = createExportSaga(X.createRequested({ format: 'csv', password: 'pw', customerIds: [3, 4] }));
    expect(g.next().value).toEqual(select(selectCustomers));
    expect(g.next(initialCustomersState).value).toEqual(
      call(api.post, '/api/crm/exports', { format: 'csv', customerIds: [3, 4], password: 'pw' }, quiet),
    );
    expect(g.next(ids).value).toEqual(put(X.created(ids)));

    const f = createExportSaga(X.createRequested({ format: 'xlsx', password: 'pw' }));
    f.next();
    const filters = { ...initialCustomersState.filters, name: ' Ann ', stage: 2 };
    expect(f.next({ ...initialCustomersState, filters }).value).toEqual(
      call(
        api.post,
        '/api/crm/exports',
        { format: 'xlsx', filter: { name: 'Ann', stage: 2 }, password: 'pw' },
        quiet,
      ),
    );
  });

  it('shows a wrong export password under the field, other refusals in the dialog', () => {
    const g = createExportSaga(X.createRequested({ format: 'csv', password: 'bad' }));
    g.next();
    g.next(initialCustomersState);
    expect(g.throw(new ApiError('Wrong password', 40008, 'envelope')).value).toEqual(
      put(X.createFailed({ password: 'Wrong password' })),
    );
    const h = createExportSaga(X.createRequested({ format: 'csv', password: 'pw' }));
    h.next();
    h.next(initialCustomersState);
    expect(h.throw(new ApiError('No data can be exported', 400, 'envelope')).value).toEqual(
      put(X.createFailed({ message: 'No data can be exported' })),
    );
    const r = createExportSaga(X.createRequested({ format: 'csv', password: 'pw' }));
    r.next();
    r.next(initialCustomersState);
    expect(r.throw(new ApiError('Too many attempts', 429, 'http')).value).toEqual(
      put(X.createFailed({ message: 'Too many attempts' })),
    );
  });

  it('downloads a finished file and saves it under its name', () => {
    const job = exportJob(7, 'done');
    const g = downloadExportSaga(X.downloadRequested(job));
    expect(g.next().value).toEqual(call(api.download, '/api/crm/exports/7/file'));
    const blob = new Blob(['a,b']);
    expect(g.next({ blob, filename: null }).value).toEqual(call(saveBlob, blob, 'customers-7.csv'));
  });

  it('refreshes the download list on a notice only while the dialog is open', () => {
    const g = noticeSaga();
    expect(g.next().value).toEqual(select(selectExports));
    expect(g.next({ ...initialExportsState, open: true }).value).toEqual(put(X.listRequested()));
    const closed = noticeSaga();
    closed.next();
    expect(closed.next(initialExportsState).done).toBe(true);
  });
});
