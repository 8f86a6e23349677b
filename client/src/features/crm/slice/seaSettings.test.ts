import { authActions } from '../../auth/slice';
import { initialSeaSettingsState, seaSettingsActions as S, seaSettingsReducer } from './seaSettings';

const settings = { ownerId: 2, autoReleaseDays: 30, dailyClaimLimit: 50 };

describe('sea settings slice', () => {
  it('opens clean, saves and closes, or keeps the refusal in the form', () => {
    let s = seaSettingsReducer({ ...initialSeaSettingsState, formError: 'x' }, S.opened());
    expect(s).toMatchObject({ open: true, formError: null, fieldErrors: {} });
    s = seaSettingsReducer(s, S.loaded(settings));
    s = seaSettingsReducer(s, S.saveRequested({ autoReleaseDays: '', dailyClaimLimit: '99999' }));
    expect(s.saving).toBe(true);
    s = seaSettingsReducer(
      s,
      S.saveFailed({ fieldErrors: { dailyClaimLimit: 'Invalid value' }, message: null }),
    );
    expect(s).toMatchObject({ open: true, saving: false, fieldErrors: { dailyClaimLimit: 'Invalid value' } });
    s = seaSettingsReducer(s, S.saveRequested({ autoReleaseDays: '', dailyClaimLimit: '10' }));
    expect(s.fieldErrors).toEqual({});
    const next = { ...settings, autoReleaseDays: null, dailyClaimLimit: 10 };
    s = seaSettingsReducer(s, S.saved(next));
    expect(s).toMatchObject({ open: false, saving: false, settings: next });
    expect(seaSettingsReducer(s, authActions.sessionCleared())).toEqual(initialSeaSettingsState);
  });
});
