import { call, put } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { saveBlob, stashFile, takeFile } from '../../../ui/uploads';
import { importGuideActions as G, importGuideReducer, initialImportGuideState } from '../slice/importGuide';
import { quiet } from './customers';
import { previewSaga, templateSaga } from './importGuide';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const preview = {
  kind: 'customers',
  fileType: 'csv',
  hasHeader: true,
  columns: [{ index: 2, header: '联系电话', field: 'phone' }],
  ignored: [],
  phoneColumn: 0,
  rows: [{ rowNo: 2, cells: ['13800000000'] }],
  more: false,
} as const;

describe('import guide', () => {
  it('previews the chosen file through the server parser, by kind', () => {
    const key = stashFile(new File(['手机\n13800000000\n'], 'a.csv'));
    const g = previewSaga(G.previewRequested({ kind: 'numbers', fileKey: key, fileName: 'a.csv' }));
    expect(g.next().value).toEqual(call(takeFile, key));
    const file = new File(['x'], 'a.csv');
    const effect = g.next(file).value as ReturnType<typeof call>;
    expect(effect.payload.fn).toBe(api.upload);
    const [path, form, opts] = effect.payload.args as [string, FormData, object];
    expect(path).toBe('/api/imports/preview?kind=numbers');
    expect((form.get('file') as File).name).toBe('a.csv');
    expect(opts).toEqual({ ...quiet, successToast: false });
    expect(g.next(preview).value).toEqual(
      put(G.previewLoaded({ kind: 'numbers', preview: preview as never })),
    );
  });

  it('says why a file cannot be previewed: the reason the server gives for the file', () => {
    const key = stashFile(new File(['x'], 'b.csv'));
    const g = previewSaga(G.previewRequested({ kind: 'customers', fileKey: key, fileName: 'b.csv' }));
    g.next();
    g.next(new File(['x'], 'b.csv'));
    const e = new ApiError('请求错误', 400, 'envelope', {
      errors: [{ path: 'file', message: '表头中没有号码列' }],
    });
    expect(g.throw(e).value).toEqual(put(G.previewFailed({ kind: 'customers', error: '表头中没有号码列' })));
  });

  it('keeps one preview per kind, cleared with the file', () => {
    let s = importGuideReducer(
      initialImportGuideState,
      G.previewRequested({ kind: 'customers', fileKey: 'f1', fileName: 'a.csv' }),
    );
    expect(s.customers).toMatchObject({ fileName: 'a.csv', pending: true, preview: null });
    expect(s.numbers.pending).toBe(false);
    s = importGuideReducer(s, G.previewLoaded({ kind: 'customers', preview: preview as never }));
    expect(s.customers).toMatchObject({ pending: false, preview: { phoneColumn: 0 }, error: null });
    s = importGuideReducer(s, G.previewCleared('customers'));
    expect(s.customers).toEqual(initialImportGuideState.customers);
  });

  it('downloads the template in the current language', () => {
    const g = templateSaga(G.templateRequested({ kind: 'customers', format: 'xlsx' }));
    expect(g.next().value).toEqual(
      call(api.download, '/api/imports/template?kind=customers&format=xlsx&lang=zh-CN'),
    );
    const blob = new Blob(['x']);
    expect(g.next({ blob, filename: '客户导入模板.xlsx' }).value).toEqual(
      call(saveBlob, blob, '客户导入模板.xlsx'),
    );
  });
});
