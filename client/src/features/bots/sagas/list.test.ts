import { call, put, select } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { navigate } from '../../../app/navigation';
import { saveBlob } from '../../../ui/uploads';
import { selectBotList } from '../slice';
import { initialListState, listActions as L, listReducer } from '../slice/list';
import { createBotSaga, deleteSaga, editorPath, exportSaga, loadBotsSaga, quiet } from './list';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

describe('bot list sagas', () => {
  it('loads a page with the filters', () => {
    const g = loadBotsSaga();
    expect(g.next().value).toEqual(select(selectBotList));
    expect(
      g.next({ ...initialListState, filters: { name: ' 贷款 ', status: 'online' }, page: 2 }).value,
    ).toEqual(
      call(api.get, '/api/bots', { query: { name: '贷款', status: 'online', page: 2, pageSize: 20 } }),
    );
    expect(g.next({ items: [], total: 0 }).value).toEqual(put(L.listLoaded({ items: [], total: 0 })));
  });

  it('creates a bot and opens its editor; a refusal stays in the dialog', () => {
    const body = { name: '机器人', industry: '', industrySubtype: '', description: '' };
    const g = createBotSaga(L.createRequested(body));
    expect(g.next().value).toEqual(call(api.post, '/api/bots', body, quiet));
    expect(g.next({ id: 5 }).value).toEqual(put(L.opDone()));
    expect(g.next().value).toEqual(call(navigate, editorPath(5)));
    expect(editorPath(5)).toBe('/rootmain/bot/botview/5');
    const bad = createBotSaga(L.createRequested(body));
    bad.next();
    expect(bad.throw(new ApiError('名称已存在', 400, 'envelope')).value).toEqual(
      put(L.opFailed('名称已存在')),
    );
  });

  it('deletes with the typed word in the body', () => {
    const g = deleteSaga(L.deleteRequested(5));
    expect(g.next().value).toEqual(
      call(api.delete, '/api/bots/5', { ...quiet, body: { confirm: 'delete' } }),
    );
    expect(g.next().value).toEqual(put(L.opDone()));
    expect(g.next().value).toEqual(put(L.rowRemoved(5)));
  });

  it('exports the bot file behind the password and saves it', () => {
    const g = exportSaga(L.exportRequested({ id: 5, name: 'b', password: 'pw' }));
    expect(g.next().value).toEqual(
      call(api.post, '/api/bots/5/export', { password: 'pw' }, { ...quiet, successToast: false }),
    );
    const effect = g.next({ format: 'bot' }).value as ReturnType<typeof call>;
    expect(effect.payload.fn).toBe(saveBlob);
    expect(effect.payload.args[1]).toBe('b.bot.json');
    const wrong = exportSaga(L.exportRequested({ id: 5, name: 'b', password: 'x' }));
    wrong.next();
    expect(wrong.throw(new ApiError('密码错误', 40008, 'envelope')).value).toEqual(
      put(L.opFailed('密码错误')),
    );
  });

  it('keeps one dialog with its pending and error state', () => {
    let s = listReducer(initialListState, L.dialogOpened({ kind: 'create' }));
    s = listReducer(s, L.createRequested({ name: 'x', industry: '', industrySubtype: '', description: '' }));
    expect(s.pending).toBe(true);
    s = listReducer(s, L.opFailed('bad'));
    expect(s).toMatchObject({ pending: false, error: 'bad', dialog: { kind: 'create' } });
    s = listReducer(s, L.opDone());
    expect(s.dialog).toBeNull();
  });
});
