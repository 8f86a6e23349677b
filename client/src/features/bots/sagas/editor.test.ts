import { call, put, select } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { sampleDef } from '../model/testData';
import { selectEditor } from '../slice';
import { editorActions as E, editorReducer, initialEditorState } from '../slice/editor';
import { checkSaga, saveDraft, submitEditorSaga, versionsSaga } from './editor';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const row = {
  id: 7,
  accountId: 1,
  name: 'b',
  industry: '',
  industrySubtype: '',
  description: '',
  status: 'draft' as const,
  enabled: true,
  publishedVersion: null,
  rejectReason: null,
  isTemplate: false,
  updatedAt: '',
};
const detail = (rev: number) => ({ ...row, definition: sampleDef(), draftRev: rev });
const editing = { ...initialEditorState, id: 7, bot: row, definition: sampleDef(), draftRev: 3, dirty: true };

describe('editor sagas', () => {
  it('saves the draft with its revision', () => {
    const g = saveDraft();
    expect(g.next().value).toEqual(select(selectEditor));
    const effect = g.next(editing).value as ReturnType<typeof call>;
    expect(effect.payload.fn).toBe(api.put);
    expect(effect.payload.args.slice(0, 2)).toEqual([
      '/api/bots/7/draft',
      { definition: sampleDef(), draftRev: 3 },
    ]);
    expect(g.next(detail(4)).value).toEqual(put(E.saved(detail(4))));
    expect(g.next().value).toBe(true);
  });

  it('turns a 409 into the conflict dialog', () => {
    const g = saveDraft();
    g.next();
    g.next(editing);
    expect(g.throw(new ApiError('stale', 409, 'envelope')).value).toEqual(put(E.conflicted()));
    expect(g.next().value).toBe(false);
    const s = editorReducer({ ...editing, saving: true }, E.conflicted());
    expect(s).toMatchObject({ conflict: true, saving: false, dirty: true });
  });

  it('saves unsaved edits before checking, then shows the problems', () => {
    const g = checkSaga();
    g.next();
    expect(g.next(editing).value).toEqual(call(saveDraft));
    expect(g.next(true).value).toEqual(
      call(api.post, '/api/bots/7/check', undefined, { successToast: false }),
    );
    expect(g.next({ problems: [] }).value).toEqual(put(E.checked([])));
  });

  it('submits and shows the problems a refusal carries', () => {
    const g = submitEditorSaga();
    g.next();
    expect(g.next({ ...editing, dirty: false }).value).toEqual(call(api.post, '/api/bots/7/submit'));
    const problems = [{ severity: 'error' as const, code: 'emptyKeywords', path: 'flows.0', params: {} }];
    expect(g.throw(new ApiError('no', 400, 'envelope', { problems })).value).toEqual(
      put(E.checked(problems)),
    );
    expect(g.next().value).toEqual(put(E.submitFailed()));
  });

  it('keeps the selection when reloading and picks the main flow first', () => {
    let s = editorReducer(initialEditorState, E.opened(7));
    s = editorReducer(s, E.loaded(detail(1)));
    expect(s).toMatchObject({ flowId: 'main1', dirty: false, draftRev: 1, bot: { id: 7 } });
    s = editorReducer(s, E.selected({ flowId: 'main1', nodeId: 'n2', branch: 0 }));
    s = editorReducer(s, E.loaded(detail(2)));
    expect(s).toMatchObject({ nodeId: 'n2', branch: 0 });
  });

  it('loads the published versions for their dialog', () => {
    const g = versionsSaga();
    expect(g.next().value).toEqual(select(selectEditor));
    expect(g.next({ ...initialEditorState, id: 7 }).value).toEqual(call(api.get, '/api/bots/7/versions'));
    const rows = [
      {
        version: 1,
        createdAt: '2026-11-22T10:00:00Z',
        createdBy: 'merchant01',
        promptsRendered: 3,
        promptsTotal: 4,
      },
    ];
    expect(g.next(rows).value).toEqual(put(E.versionsLoaded(rows)));
    expect(g.next().done).toBe(true);
  });
});
