import { authActions } from '../../auth/slice';
import { initialTagAdminState, tagAdminActions as T, tagAdminReducer } from './tagAdmin';

describe('tag manager slice', () => {
  it('keeps a refusal with the form it belongs to, and counts saves', () => {
    let s = tagAdminReducer(initialTagAdminState, T.opened());
    s = tagAdminReducer(s, T.groupsLoaded([{ id: 1, name: 'Sources' }]));
    s = tagAdminReducer(s, T.saveRequested({ entity: 'tag', id: null, body: { name: 'VIP' } }));
    expect(s.saving).toBe(true);
    s = tagAdminReducer(
      s,
      T.saveFailed({ entity: 'tag', fields: { name: 'The name is already used' }, message: null }),
    );
    expect(s).toMatchObject({
      saving: false,
      errors: { entity: 'tag', fields: { name: 'The name is already used' } },
    });
    s = tagAdminReducer(s, T.saveRequested({ entity: 'tag', id: null, body: { name: 'VIP2' } }));
    expect(s.errors).toBeNull();
    s = tagAdminReducer(s, T.saved());
    expect(s).toMatchObject({ saving: false, savedCount: 1, groups: [{ id: 1, name: 'Sources' }] });
  });

  it('asks before deleting and forgets the question once answered', () => {
    const target = { entity: 'group' as const, id: 1, name: 'Sources' };
    let s = tagAdminReducer(initialTagAdminState, T.deleteAsked(target));
    expect(s.confirm).toEqual(target);
    s = tagAdminReducer(s, T.deleteCancelled());
    expect(s.confirm).toBeNull();
    s = tagAdminReducer(tagAdminReducer(s, T.deleteAsked(target)), T.deleteRequested(target));
    expect(s).toMatchObject({ confirm: null, saving: true });
    s = tagAdminReducer(s, T.deleted());
    expect(s.saving).toBe(false);
    expect(tagAdminReducer({ ...s, open: true }, authActions.sessionCleared())).toEqual(initialTagAdminState);
  });
});
