import { call, put } from 'redux-saga/effects';
import { api, ApiError } from '../../api';
import { loadSummarySaga } from './sagas';
import { dashboardActions as D } from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

describe('loadSummarySaga', () => {
  it('loads the summary', () => {
    const g = loadSummarySaga();
    expect(g.next().value).toEqual(call(api.get, '/api/dashboard/summary'));
    expect(g.next({ balanceFen: 100, lineCount: 1 }).value).toEqual(
      put(D.summaryLoaded({ balanceFen: 100, lineCount: 1 })),
    );
  });

  it('records the error message', () => {
    const g = loadSummarySaga();
    g.next();
    expect(g.throw(new ApiError('Forbidden', 403, 'envelope')).value).toEqual(
      put(D.summaryFailed('Forbidden')),
    );
  });
});
