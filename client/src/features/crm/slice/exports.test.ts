import { authActions } from '../../auth/slice';
import { exportJob } from '../testData';
import { exportsActions as X, exportsReducer, initialExportsState } from './exports';

describe('exports slice', () => {
  it('opens with clean errors and loads, then appends the download list', () => {
    let s = exportsReducer({ ...initialExportsState, passwordError: 'wrong', formError: 'x' }, X.opened());
    expect(s).toMatchObject({ open: true, passwordError: null, formError: null });
    s = exportsReducer(s, X.listRequested());
    expect(s.loading).toBe(true);
    s = exportsReducer(s, X.listLoaded({ items: [exportJob(5)], nextBeforeId: 5, append: false }));
    s = exportsReducer(s, X.listLoaded({ items: [exportJob(3)], nextBeforeId: null, append: true }));
    expect(s.items.map((j) => j.exportJobId)).toEqual([5, 3]);
    expect(s).toMatchObject({ loading: false, nextBeforeId: null });
  });

  it('puts a started export on top once, and shows a refusal by field', () => {
    let s = exportsReducer(
      { ...initialExportsState, items: [exportJob(3)] },
      X.createRequested({ format: 'csv', password: 'p' }),
    );
    expect(s.creating).toBe(true);
    s = exportsReducer(s, X.createFailed({ password: 'Wrong password' }));
    expect(s).toMatchObject({ creating: false, passwordError: 'Wrong password', formError: null });
    s = exportsReducer(s, X.createRequested({ format: 'csv', password: 'p2' }));
    expect(s.passwordError).toBeNull();
    s = exportsReducer(s, X.created(exportJob(4)));
    s = exportsReducer(s, X.created(exportJob(4, 'running')));
    expect(s.items.map((j) => j.exportJobId)).toEqual([4, 3]);
    s = exportsReducer(s, X.createFailed({ message: 'No data can be exported' }));
    expect(s).toMatchObject({ passwordError: null, formError: 'No data can be exported' });
  });

  it('forgets everything when the session ends', () => {
    const s = exportsReducer(
      { ...initialExportsState, open: true, items: [exportJob(1)] },
      authActions.sessionCleared(),
    );
    expect(s).toEqual(initialExportsState);
  });
});
