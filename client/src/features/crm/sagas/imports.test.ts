import { call, put, select } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { selectImports } from '../slice';
import { customersActions as C } from '../slice/customers';
import { importsActions as I, initialImportsState } from '../slice/imports';
import { saveBlob, stashFile, takeFile } from '../../../ui/uploads';
import { quiet } from './customers';
import {
  loadAesKeySaga,
  loadJobsSaga,
  progressSaga,
  RECENT_IMPORTS,
  reportSaga,
  uploadSaga,
} from './imports';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const progress = (status: 'running' | 'done', importJobId = 4) =>
  ({ importJobId, status, rowsDone: 1, rowsTotal: 1 }) as never;

describe('import sagas', () => {
  it('loads the recent jobs', () => {
    const g = loadJobsSaga();
    expect(g.next().value).toEqual(call(api.get, '/api/crm/imports', { query: { limit: RECENT_IMPORTS } }));
    expect(g.next({ items: [] }).value).toEqual(put(I.jobsLoaded([])));
  });

  it('uploads the stashed file with the option and params as multipart fields', () => {
    const key = stashFile(new File(['13800000000\n'], 'a.txt'));
    const g = uploadSaga(
      I.uploadRequested({ fileKey: key, option: 3, params: { calledWithinDays: 7 }, password: 'pw' }),
    );
    expect(g.next().value).toEqual(call(takeFile, key));
    const file = new File(['13800000000\n'], 'a.txt');
    const effect = g.next(file).value as ReturnType<typeof call>;
    expect(effect.payload.fn).toBe(api.upload);
    const [path, form, opts] = effect.payload.args as [string, FormData, object];
    expect(path).toBe('/api/crm/imports');
    expect(form.get('option')).toBe('3');
    expect(form.get('params')).toBe('{"calledWithinDays":7}');
    expect(form.get('password')).toBe('pw');
    expect((form.get('file') as File).name).toBe('a.txt');
    expect(opts).toEqual({ ...quiet, successToast: false });
    const job = { importJobId: 4, status: 'queued' } as never;
    expect(g.next(job).value).toEqual(put(I.jobStarted(job)));
  });

  it('reads whether a supplier key is set', () => {
    const g = loadAesKeySaga();
    expect(g.next().value).toEqual(call(api.get, '/api/crm/imports/aes-key', quiet));
    expect(g.next({ configured: true }).value).toEqual(put(I.aesKeyLoaded(true)));
  });

  it('stores a new supplier key before an option 4 upload, and stops when it is refused', () => {
    const key = stashFile(new File(['x\n'], 'c.txt'));
    const action = I.uploadRequested({
      fileKey: key,
      option: 4,
      params: {},
      password: 'pw',
      aesKey: 'k'.repeat(16),
    });
    let g = uploadSaga(action);
    g.next();
    const file = new File(['x\n'], 'c.txt');
    expect(g.next(file).value).toEqual(
      call(api.put, '/api/crm/imports/aes-key', { key: 'k'.repeat(16) }, { ...quiet, successToast: false }),
    );
    expect(g.next({ configured: true }).value).toEqual(put(I.aesKeyLoaded(true)));
    expect((g.next().value as ReturnType<typeof call>).payload.fn).toBe(api.upload);
    g = uploadSaga(action);
    g.next();
    g.next(file);
    const refused = new ApiError('Invalid', 400, 'envelope', {
      errors: [{ path: 'key', message: 'bad key' }],
    });
    expect(g.throw(refused).value).toEqual(put(I.uploadFailed('bad key')));
    expect(g.next().done).toBe(true);
  });

  it('hands a stashed file out once', () => {
    const file = new File(['1'], 'b.txt');
    const key = stashFile(file);
    expect(takeFile(key)).toBe(file);
    expect(takeFile(key)).toBeUndefined();
  });

  it('shows the refusal of a bad file', () => {
    const g = uploadSaga(I.uploadRequested({ fileKey: 'k', option: 1, params: {}, password: 'pw' }));
    g.next();
    g.next(new File(['x'], 'x.pdf'));
    const e = new ApiError('Invalid', 400, 'envelope', {
      errors: [{ path: 'file', message: 'unsupported' }],
    });
    expect(g.throw(e).value).toEqual(put(I.uploadFailed('unsupported')));
    const none = uploadSaga(I.uploadRequested({ fileKey: 'gone', option: 1, params: {}, password: 'pw' }));
    none.next();
    expect(none.next(undefined).done).toBe(true);
  });

  it('reloads my customers when the followed job is done', () => {
    const g = progressSaga(I.importProgress(progress('done')));
    expect(g.next().value).toEqual(select(selectImports));
    expect(g.next({ ...initialImportsState, current: 4 }).value).toEqual(put(C.listRequested()));
    const other = progressSaga(I.importProgress(progress('done', 5)));
    other.next();
    expect(other.next({ ...initialImportsState, current: 4 }).done).toBe(true);
    const running = progressSaga(I.importProgress(progress('running')));
    running.next();
    expect(running.next({ ...initialImportsState, current: 4 }).done).toBe(true);
  });

  it('downloads the report', () => {
    const g = reportSaga(I.reportRequested(4));
    expect(g.next().value).toEqual(call(api.download, '/api/crm/imports/4/report'));
    const blob = new Blob(['a,b']);
    expect(g.next({ blob, filename: null }).value).toEqual(call(saveBlob, blob, 'import-4-report.csv'));
  });
});
