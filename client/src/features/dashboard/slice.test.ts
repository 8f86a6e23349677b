import { authActions } from '../auth/slice';
import { dashboardActions as D, dashboardReducer, initialDashboardState } from './slice';

describe('dashboard slice', () => {
  it('loads, fails and resets on logout', () => {
    let s = dashboardReducer(initialDashboardState, D.summaryRequested());
    expect(s).toEqual({ summary: null, loading: true, error: null });
    s = dashboardReducer(s, D.summaryLoaded({ balanceFen: 12345, lineCount: 2 }));
    expect(s).toEqual({ summary: { balanceFen: 12345, lineCount: 2 }, loading: false, error: null });
    s = dashboardReducer(s, D.summaryRequested());
    s = dashboardReducer(s, D.summaryFailed('offline'));
    expect(s).toMatchObject({
      summary: { balanceFen: 12345, lineCount: 2 },
      loading: false,
      error: 'offline',
    });
    expect(dashboardReducer(s, authActions.sessionCleared())).toEqual(initialDashboardState);
  });
});
