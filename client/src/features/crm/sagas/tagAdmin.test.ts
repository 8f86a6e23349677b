import { call, put } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { customersActions as C } from '../slice/customers';
import { tagAdminActions as T } from '../slice/tagAdmin';
import { quiet } from './customers';
import { deleteTagSaga, loadGroupsSaga, saveTagSaga } from './tagAdmin';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

describe('tag manager sagas', () => {
  it('loads the groups', () => {
    const g = loadGroupsSaga();
    expect(g.next().value).toEqual(call(api.get, '/api/crm/tag-groups'));
    expect(g.next([{ id: 1, name: 'a' }]).value).toEqual(put(T.groupsLoaded([{ id: 1, name: 'a' }])));
  });

  it('creates a group and updates a tag, then reloads groups and tags', () => {
    const g = saveTagSaga(T.saveRequested({ entity: 'group', id: null, body: { name: 'Sources' } }));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/tag-groups', { name: 'Sources' }, quiet));
    expect(g.next().value).toEqual(put(T.saved()));
    g.next(); // reload
    expect(g.next().done).toBe(true);

    const body = { name: 'VIP', color: '#f00', groupId: 1 };
    const u = saveTagSaga(T.saveRequested({ entity: 'tag', id: 7, body }));
    expect(u.next().value).toEqual(call(api.put, '/api/crm/tags/7', body, quiet));
    expect(u.next().value).toEqual(put(T.saved()));
  });

  it('shows a duplicate name (409) under the field of its form', () => {
    const g = saveTagSaga(T.saveRequested({ entity: 'tag', id: null, body: { name: 'VIP' } }));
    g.next();
    const e = new ApiError('Conflict', 409, 'envelope', {
      errors: [{ path: 'name', message: '名称已存在' }],
    });
    expect(g.throw(e).value).toEqual(
      put(T.saveFailed({ entity: 'tag', fields: { name: '名称已存在' }, message: null })),
    );
    const h = saveTagSaga(T.saveRequested({ entity: 'group', id: 3, body: { name: 'x' } }));
    h.next();
    expect(h.throw(new ApiError('Not found', 404, 'envelope')).value).toEqual(
      put(T.saveFailed({ entity: 'group', fields: {}, message: 'Not found' })),
    );
  });

  it('deletes, then reloads the groups and the tags every page shows', () => {
    const g = deleteTagSaga(T.deleteRequested({ entity: 'group', id: 3, name: 'x' }));
    expect(g.next().value).toEqual(call(api.delete, '/api/crm/tag-groups/3'));
    expect(g.next().value).toEqual(put(T.deleted()));
    const reload = g.next().value as ReturnType<typeof call>;
    const inner = (reload.payload.fn as () => Generator)();
    expect(inner.next().value).toEqual(call(loadGroupsSaga));
    expect(inner.next().value).toEqual(put(C.tagsRequested()));
  });
});
