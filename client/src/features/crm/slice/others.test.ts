import { authActions } from '../../auth/slice';
import { followUp } from '../testData';
import { followUpsActions as F, followUpsReducer, initialFollowUpsState } from './followUps';
import { initialRemindersState, remindersActions as R, remindersReducer } from './reminders';
import { importsActions, importsReducer, initialImportsState, progressOf } from './imports';
import { initialSeaState, seaActions as S, seaReducer } from './sea';
import {
  blacklistActions as B,
  blacklistReducer,
  initialBlacklistState,
  type BlacklistEntry,
} from './blacklist';
import type { SeaCustomerDto } from '../../../../../domain/crm';

describe('follow-ups slice (the drawer)', () => {
  it('opens on a customer, loads and appends its timeline, ignores late replies for another one', () => {
    let s = followUpsReducer(initialFollowUpsState, F.drawerOpened(1));
    expect(s).toMatchObject({ customerId: 1, loading: true, items: [] });
    s = followUpsReducer(
      s,
      F.timelineLoaded({ customerId: 1, items: [followUp(9)], nextBefore: 9, append: false }),
    );
    s = followUpsReducer(
      s,
      F.timelineLoaded({ customerId: 1, items: [followUp(4)], nextBefore: null, append: true }),
    );
    expect(s.items.map((r) => r.id)).toEqual([9, 4]);
    s = followUpsReducer(s, F.timelineLoaded({ customerId: 2, items: [], nextBefore: null, append: false }));
    expect(s.items).toHaveLength(2);
  });

  it('puts a new record and its stage change on top, newest first', () => {
    let s = followUpsReducer(initialFollowUpsState, F.drawerOpened(1));
    s = followUpsReducer(
      s,
      F.timelineLoaded({ customerId: 1, items: [followUp(3)], nextBefore: null, append: false }),
    );
    s = followUpsReducer(s, F.addRequested({ customerId: 1, input: {} as never }));
    expect(s.saving).toBe(true);
    const change = followUp(10, { contactMethod: 500, details: '100->300' });
    s = followUpsReducer(s, F.followUpAdded({ record: followUp(11), stageChange: change }));
    expect(s.items.map((r) => r.id)).toEqual([11, 10, 3]);
    expect(s).toMatchObject({ saving: false, added: 1 });
  });

  it('keeps the form errors and resets on close or logout', () => {
    let s = followUpsReducer(initialFollowUpsState, F.drawerOpened(1));
    s = followUpsReducer(s, F.addFailed({ message: 'Invalid', fieldErrors: { remindAt: 'Past' } }));
    expect(s).toMatchObject({ formError: 'Invalid', fieldErrors: { remindAt: 'Past' } });
    expect(followUpsReducer(s, F.drawerClosed())).toEqual(initialFollowUpsState);
    expect(followUpsReducer(s, authActions.sessionCleared())).toEqual(initialFollowUpsState);
  });
});

describe('reminders slice', () => {
  it('lists by status and drops stale replies of the other status', () => {
    let s = remindersReducer(initialRemindersState, R.listRequested('handled'));
    s = remindersReducer(
      s,
      R.listLoaded({ status: 'pending', items: [followUp(1)], nextBefore: null, append: false }),
    );
    expect(s.items).toEqual([]);
    s = remindersReducer(
      s,
      R.listLoaded({ status: 'handled', items: [followUp(2)], nextBefore: 2, append: false }),
    );
    expect(s).toMatchObject({ status: 'handled', nextBefore: 2, loading: false });
  });

  it('adds a due reminder on top once and removes it when handled', () => {
    let s = remindersReducer(initialRemindersState, R.listRequested('pending'));
    s = remindersReducer(
      s,
      R.listLoaded({ status: 'pending', items: [followUp(1)], nextBefore: null, append: false }),
    );
    s = remindersReducer(s, R.reminderDue(followUp(5, { recordType: 0 })));
    s = remindersReducer(s, R.reminderDue(followUp(5, { recordType: 0 })));
    expect(s.items.map((r) => r.id)).toEqual([5, 1]);
    expect(s.due).toEqual([5]);
    s = remindersReducer(s, R.reminderHandled(5));
    expect(s.items.map((r) => r.id)).toEqual([1]);
    expect(s.due).toEqual([]);
  });
});

describe('sea slice', () => {
  const row = (id: number) => ({ id, name: `s${id}` }) as SeaCustomerDto;

  it('loads, selects and removes claimed and missed customers', () => {
    let s = seaReducer(
      initialSeaState,
      S.listLoaded({ items: [row(3), row(2)], nextBefore: 2, append: false }),
    );
    s = seaReducer(s, S.listLoaded({ items: [row(1)], nextBefore: null, append: true }));
    s = seaReducer(s, S.allSelected(true));
    s = seaReducer(s, S.claimRequested([3, 2, 1]));
    expect(s.claiming).toBe(true);
    s = seaReducer(s, S.claimDone({ claimed: [3], missed: [2], remaining: 4 }));
    expect(s.items.map((c) => c.id)).toEqual([1]);
    expect(s).toMatchObject({ selected: [1], remaining: 4, claiming: false });
    s = seaReducer(s, S.selectionToggled(1));
    expect(s.selected).toEqual([]);
    expect(seaReducer(s, S.claimFailed()).claiming).toBe(false);
  });
});

describe('imports slice', () => {
  const job = (id: number) => ({ importJobId: id, status: 'queued', rowsDone: 0, rowsTotal: 0 }) as never;

  it('follows the started job and merges live progress, even when it came first', () => {
    const early = { importJobId: 2, status: 'running', rowsDone: 1, rowsTotal: 4 } as never;
    let s = importsReducer(initialImportsState, importsActions.importProgress(early));
    s = importsReducer(
      s,
      importsActions.uploadRequested({ fileKey: 'f1', option: 1, params: {}, password: 'pw' }),
    );
    expect(s.uploading).toBe(true);
    s = importsReducer(s, importsActions.jobStarted(job(2)));
    expect(s).toMatchObject({ uploading: false, current: 2 });
    expect(progressOf(s, 2)).toBe(early);
    const done = { importJobId: 2, status: 'done', rowsDone: 4, rowsTotal: 4 } as never;
    s = importsReducer(s, importsActions.importProgress(done));
    expect(s.jobs[0]).toMatchObject({ status: 'done', rowsDone: 4 });
    expect(progressOf(s, 3)).toBeNull();
  });

  it('closes the dialog once the job is started, and keeps it for the toast until shown', () => {
    let s = importsReducer(initialImportsState, importsActions.opened());
    s = importsReducer(
      s,
      importsActions.uploadRequested({ fileKey: 'f1', option: 1, params: {}, password: 'pw' }),
    );
    expect(s).toMatchObject({ open: true, uploading: true });
    s = importsReducer(s, importsActions.jobStarted(job(9)));
    expect(s).toMatchObject({ open: false, uploading: false, current: 9, started: { importJobId: 9 } });
    s = importsReducer(s, importsActions.startedShown());
    expect(s.started).toBeNull();
    // The toast's way back opens the dialog on the job's live row.
    s = importsReducer(s, importsActions.opened());
    expect(s).toMatchObject({ open: true, current: 9 });
    expect(s.jobs[0]).toMatchObject({ importJobId: 9 });
  });

  it('shows an upload refusal', () => {
    let s = importsReducer(initialImportsState, importsActions.opened());
    s = importsReducer(s, importsActions.uploadFailed('bad file'));
    expect(s).toMatchObject({ open: true, uploading: false, formError: 'bad file' });
  });
});

describe('blacklist slice', () => {
  const entry = (id: number) => ({ id, phone: `1390000000${id}` }) as BlacklistEntry;

  it('selects every loaded row or none, and drops removed rows from the selection', () => {
    let s = blacklistReducer(
      initialBlacklistState,
      B.listLoaded({ items: [entry(1), entry(2), entry(3)], nextAfter: null, append: false }),
    );
    s = blacklistReducer(s, B.allSelected(true));
    expect(s.selected).toEqual([1, 2, 3]);
    s = blacklistReducer(s, B.removed([2]));
    expect(s).toMatchObject({ selected: [1, 3] });
    expect(s.items.map((e) => e.id)).toEqual([1, 3]);
    expect(blacklistReducer(s, B.allSelected(false)).selected).toEqual([]);
  });
});
