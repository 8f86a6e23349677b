import { call, put } from 'redux-saga/effects';
import type { GradeRow } from '../../../../../domain/bot/gradeSet';
import { api, ApiError } from '../../../api';
import { stashFile, takeFile } from '../../../ui/uploads';
import { BATCH_FILE_MAX_BYTES } from '../model/batch';
import { batchActions as B, batchReducer, initialBatchState, type GradeSetReply } from '../slice/batch';
import { gradeSetSaga } from './batch';
import { quiet } from './list';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const line = JSON.stringify({ turns: ['可以'], expect: 'A' });
const row = (over: Partial<GradeRow>): GradeRow => ({
  line: 1,
  bot: '7',
  grade: 'B',
  result: 22,
  reason: '规则',
  replies: ['您好'],
  ...over,
});
const reply: GradeSetReply = {
  rows: [
    row({ expect: 'A', exact: false }),
    row({ line: 2, grade: null, result: null, replies: [], error: '第2行不是合法的JSON', reason: 'x' }),
  ],
  summary: { total: 2, exact: 0, accuracy: 0 },
};
const requested = (fileKey: string, fileName = 'cases.jsonl') =>
  B.uploadRequested({ botId: 7, fileKey, fileName });

describe('batch test', () => {
  it('uploads the stashed file to grade-set and keeps the table', () => {
    const key = stashFile(new File([line], 'cases.jsonl'));
    const g = gradeSetSaga(requested(key));
    expect(g.next().value).toEqual(call(takeFile, key));
    const effect = g.next(takeFile(key)).value as ReturnType<typeof call>;
    expect(effect.payload.fn).toBe(api.upload);
    const [path, form, opts] = effect.payload.args as [string, FormData, object];
    expect(path).toBe('/api/bots/7/grade-set');
    expect((form.get('file') as File).name).toBe('cases.jsonl');
    expect(opts).toEqual({ ...quiet, successToast: false });
    expect(g.next(reply).value).toEqual(put(B.graded(reply)));
    expect(g.next().done).toBe(true);

    let s = batchReducer(initialBatchState, requested(key));
    expect(s).toMatchObject({ botId: 7, fileName: 'cases.jsonl', uploading: true, error: null });
    s = batchReducer(s, B.graded(reply));
    expect(s).toMatchObject({ uploading: false, reply });
    // Another bot's editor does not show this table.
    expect(
      batchReducer(s, B.uploadRequested({ botId: 8, fileKey: 'k', fileName: 'b.txt' })).reply,
    ).toBeNull();
  });

  it("checks the file's type and size before sending it", () => {
    const wrong = gradeSetSaga(requested('k'));
    wrong.next();
    expect(wrong.next(new File(['x'], 'cases.csv')).value).toEqual(put(B.failed({ key: 'batch.badType' })));
    expect(wrong.next().done).toBe(true);
    const big = gradeSetSaga(requested('k'));
    big.next();
    const huge = new File([new Uint8Array(BATCH_FILE_MAX_BYTES + 1)], 'big.jsonl');
    expect(big.next(huge).value).toEqual(put(B.failed({ key: 'batch.tooLarge', vars: { mb: 2 } })));
    const gone = gradeSetSaga(requested('gone'));
    gone.next();
    expect(gone.next(undefined).value).toEqual(put(B.failed({ key: 'validation.file' })));
  });

  it("shows the server's reason for a refused file", () => {
    const g = gradeSetSaga(requested('k'));
    g.next();
    g.next(new File([line], 'cases.jsonl'));
    const e = new ApiError('请求内容过大', 413, 'envelope', {
      errors: [{ path: 'file', message: '文件超过 2 MB' }],
    });
    expect(g.throw(e).value).toEqual(put(B.failed({ text: '文件超过 2 MB' })));
    const other = gradeSetSaga(requested('k'));
    other.next();
    other.next(new File([line], 'cases.jsonl'));
    expect(other.throw(new ApiError('资源不存在', 404, 'envelope')).value).toEqual(
      put(B.failed({ text: '资源不存在' })),
    );
    const s = batchReducer(
      batchReducer(initialBatchState, requested('k')),
      B.failed({ text: '文件超过 2 MB' }),
    );
    expect(s).toMatchObject({ uploading: false, error: { text: '文件超过 2 MB' }, reply: null });
  });
});
