import { call, put } from 'redux-saga/effects';
import { api, ApiError } from '../../../api';
import { seaSettingsActions as S } from '../slice/seaSettings';
import { quiet } from './customers';
import { loadSeaSettingsSaga, saveSeaSettingsSaga } from './seaSettings';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const settings = { ownerId: 2, autoReleaseDays: null, dailyClaimLimit: 20 };

describe('sea settings sagas', () => {
  it('reads the settings', () => {
    const g = loadSeaSettingsSaga();
    expect(g.next().value).toEqual(call(api.get, '/api/crm/sea/settings'));
    expect(g.next(settings).value).toEqual(put(S.loaded(settings)));
  });

  it('saves numbers, an empty auto release as never', () => {
    const g = saveSeaSettingsSaga(S.saveRequested({ autoReleaseDays: ' ', dailyClaimLimit: '20' }));
    expect(g.next().value).toEqual(
      call(api.put, '/api/crm/sea/settings', { autoReleaseDays: null, dailyClaimLimit: 20 }, quiet),
    );
    expect(g.next(settings).value).toEqual(put(S.saved(settings)));
    const d = saveSeaSettingsSaga(S.saveRequested({ autoReleaseDays: '30', dailyClaimLimit: '0' }));
    expect(d.next().value).toEqual(
      call(api.put, '/api/crm/sea/settings', { autoReleaseDays: 30, dailyClaimLimit: 0 }, quiet),
    );
  });

  it('keeps the server refusals in the form', () => {
    const g = saveSeaSettingsSaga(S.saveRequested({ autoReleaseDays: '30', dailyClaimLimit: '1' }));
    g.next();
    const e = new ApiError('Invalid', 400, 'envelope', {
      errors: [{ path: 'autoReleaseDays', message: '无效' }],
    });
    expect(g.throw(e).value).toEqual(
      put(S.saveFailed({ fieldErrors: { autoReleaseDays: '无效' }, message: null })),
    );
    const f = saveSeaSettingsSaga(S.saveRequested({ autoReleaseDays: '30', dailyClaimLimit: '1' }));
    f.next();
    expect(f.throw(new ApiError('Forbidden', 403, 'envelope')).value).toEqual(
      put(S.saveFailed({ fieldErrors: {}, message: 'Forbidden' })),
    );
  });
});
