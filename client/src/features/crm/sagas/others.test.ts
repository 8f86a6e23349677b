import { call, put, select } from 'redux-saga/effects';
import { formatDateTime } from '../../../../../domain/format';
import { api, ApiError } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { selectFollowUps, selectReminders, selectSea } from '../slice';
import { customersActions as C } from '../slice/customers';
import { followUpsActions as F, initialFollowUpsState, TIMELINE_PAGE } from '../slice/followUps';
import { initialRemindersState, REMINDER_PAGE, remindersActions as R } from '../slice/reminders';
import { initialSeaState, SEA_PAGE, seaActions as S } from '../slice/sea';
import { followUp } from '../testData';
import { quiet } from './customers';
import { addFollowUpSaga, loadTimelineSaga, markReadSaga } from './followUps';
import { handleReminderSaga, loadRemindersSaga, reminderDueToastSaga } from './reminders';
import { claimSaga, loadSeaSaga } from './sea';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

describe('follow-up sagas', () => {
  it('loads the open customer’s timeline, then older records', () => {
    const g = loadTimelineSaga(F.drawerOpened(4));
    expect(g.next().value).toEqual(select(selectFollowUps));
    expect(g.next({ ...initialFollowUpsState, customerId: 4 }).value).toEqual(
      call(api.get, '/api/crm/customers/4/follow-ups', {
        query: { limit: TIMELINE_PAGE, before: undefined },
      }),
    );
    expect(g.next({ items: [followUp(2)], nextBefore: 2 }).value).toEqual(
      put(F.timelineLoaded({ customerId: 4, items: [followUp(2)], nextBefore: 2, append: false })),
    );
    const more = loadTimelineSaga(F.moreRequested());
    more.next();
    expect(more.next({ ...initialFollowUpsState, customerId: 4, nextBefore: 2 }).value).toEqual(
      call(api.get, '/api/crm/customers/4/follow-ups', { query: { limit: TIMELINE_PAGE, before: 2 } }),
    );
    expect(more.throw(new ApiError('x', 500, 'http')).value).toEqual(put(F.timelineFailed()));
  });

  it('marks the customer read without any toast', () => {
    const g = markReadSaga(F.drawerOpened(4));
    const effect = g.next().value as ReturnType<typeof call>;
    expect(effect.payload.args.slice(0, 2)).toEqual(['/api/crm/customers/4/read', undefined]);
    expect(g.throw(new ApiError('x', 404, 'envelope')).done).toBe(true);
  });

  it('adds a follow-up and updates the row; errors go to the form', () => {
    const input = { recordType: 1 as const, stage: 300, contactMethod: 301, details: 'hi' };
    const g = addFollowUpSaga(F.addRequested({ customerId: 4, input }));
    expect(g.next().value).toEqual(call(api.post, '/api/crm/customers/4/follow-ups', input, quiet));
    const r = { record: followUp(8, { customerId: 4 }), stageChange: null };
    expect(g.next(r).value).toEqual(put(F.followUpAdded(r)));
    expect(g.next().value).toEqual(put(C.followUpWritten(r.record)));
    const bad = addFollowUpSaga(F.addRequested({ customerId: 4, input }));
    bad.next();
    const e = new ApiError('Invalid', 400, 'envelope', { errors: [{ path: 'remindAt', message: 'Past' }] });
    expect(bad.throw(e).value).toEqual(
      put(F.addFailed({ message: 'Invalid', fieldErrors: { remindAt: 'Past' } })),
    );
  });
});

describe('reminder sagas', () => {
  it('loads the chosen status', () => {
    const g = loadRemindersSaga(R.listRequested('handled'));
    expect(g.next().value).toEqual(select(selectReminders));
    expect(g.next({ ...initialRemindersState, status: 'handled' }).value).toEqual(
      call(api.get, '/api/crm/reminders', {
        query: { status: 'handled', limit: REMINDER_PAGE, before: undefined },
      }),
    );
    expect(g.next({ items: [], nextBefore: null }).value).toEqual(
      put(R.listLoaded({ status: 'handled', items: [], nextBefore: null, append: false })),
    );
  });

  it('marks a reminder handled', () => {
    const g = handleReminderSaga(R.handleRequested(6));
    expect(g.next().value).toEqual(
      call(api.post, '/api/crm/reminders/6/handle', undefined, { successToast: false }),
    );
    expect(g.next().value).toEqual(put(R.reminderHandled(6)));
  });

  it('toasts a reminder that falls due', () => {
    const r = followUp(3, { recordType: 0, remindAt: '2026-11-22T02:00:00Z', details: 'call back' });
    const g = reminderDueToastSaga(R.reminderDue(r));
    expect(g.next().value).toEqual(
      call(
        showToast,
        'info',
        i18n.t('crm:reminders.dueToast', {
          time: formatDateTime('2026-11-22T02:00:00Z'),
          details: 'call back',
        }),
      ),
    );
  });
});

describe('sea sagas', () => {
  it('loads the sea with its filters', () => {
    const g = loadSeaSaga(S.listRequested());
    expect(g.next().value).toEqual(select(selectSea));
    const s = { ...initialSeaState, filters: { name: '', phone: '139', stage: null } };
    expect(g.next(s).value).toEqual(
      call(api.get, '/api/crm/sea', { query: { limit: SEA_PAGE, phone: '139' } }),
    );
    expect(g.next({ items: [], nextBefore: null }).value).toEqual(
      put(S.listLoaded({ items: [], nextBefore: null, append: false })),
    );
  });

  it('claims, reports the result, and stops on a refusal (toasted by the client)', () => {
    const g = claimSaga(S.claimRequested([1, 2]));
    expect(g.next().value).toEqual(
      call(api.post, '/api/crm/sea/claim', { customerIds: [1, 2] }, { successToast: false }),
    );
    const r = { claimed: [1], missed: [2], remaining: 9 };
    expect(g.next(r).value).toEqual(put(S.claimDone(r)));
    expect(g.next().value).toEqual(
      call(showToast, 'success', i18n.t('crm:sea.claimed', { claimed: 1, missed: 1, remaining: 9 })),
    );
    const refused = claimSaga(S.claimRequested([1]));
    refused.next();
    expect(refused.throw(new ApiError('Over the daily limit', 400, 'envelope')).value).toEqual(
      put(S.claimFailed()),
    );
  });
});
