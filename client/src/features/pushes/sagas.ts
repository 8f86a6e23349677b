// Side effects of the API and push page. Field errors of a save stay in the form; the secret of a
// create or rotate goes to the one-time secret dialog and nowhere else (never into a list).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  DeliveryStatus,
  PushAddressDto,
  PushAddressInput,
  PushAddressWithSecret,
  PushDeliveryDto,
  PushPlatformDto,
  TaskSecretDto,
  TestPushResult,
} from '../../../../domain/pushes';
import { api, isApiError } from '../../api';
import { pushesActions as P, selectPushes, type PushesState } from './slice';

const BASE = '/api/pushes';
const quiet = { onError: () => undefined };

export function failureOf(e: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const f of e.fieldErrors) fieldErrors[f.path.split('.')[0]!] ??= f.message;
  return { message: e.message, fieldErrors };
}

function* loadAddresses(): SagaIterator {
  try {
    yield put(P.addressesLoaded((yield call(api.get, `${BASE}/addresses`)) as PushAddressDto[]));
  } catch {
    yield put(P.addressesFailed());
  }
}

function* loadSettings(): SagaIterator {
  try {
    yield put(P.taskSecretLoaded((yield call(api.get, `${BASE}/task-secret`)) as TaskSecretDto));
    yield put(P.platformLoaded((yield call(api.get, `${BASE}/platform`)) as PushPlatformDto));
  } catch {
    // Shown by the client.
  }
}

export function* pageSaga(): SagaIterator {
  yield all([call(loadAddresses), call(loadSettings), put(P.deliveriesRequested({ status: '' }))]);
}

export function* saveSaga(
  action: PayloadAction<{ id: number | null; input: PushAddressInput }>,
): SagaIterator {
  const { id, input } = action.payload;
  try {
    if (id === null) {
      const r = (yield call(api.post, `${BASE}/addresses`, input, quiet)) as PushAddressWithSecret;
      yield put(P.saved(r));
    } else {
      const a = (yield call(api.put, `${BASE}/addresses/${id}`, input, quiet)) as PushAddressDto;
      yield put(P.saved({ address: a }));
    }
  } catch (e) {
    yield put(P.saveFailed(failureOf(e)));
  }
}

export function* rotateSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const r = (yield call(api.post, `${BASE}/addresses/${action.payload}/rotate`)) as PushAddressWithSecret;
    yield put(P.saved(r));
  } catch {
    // Shown by the client.
  }
}

export function* rotateTaskSecretSaga(): SagaIterator {
  try {
    const r = (yield call(api.post, `${BASE}/task-secret/rotate`)) as { secret: string; rotatedAt: string };
    yield put(P.taskSecretLoaded({ set: true, rotatedAt: r.rotatedAt }));
    yield put(P.secretShown({ name: null, secret: r.secret }));
  } catch {
    // Shown by the client.
  }
}

export function* testSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const r = (yield call(
      api.post,
      `${BASE}/addresses/${action.payload}/test`,
      {},
      {
        successToast: false,
      },
    )) as TestPushResult;
    yield put(P.testDone(r));
  } catch (e) {
    yield put(P.testDone({ ok: false, status: null, error: failureOf(e).message }));
  }
}

export function* deleteSaga(): SagaIterator {
  const s = (yield select(selectPushes)) as PushesState;
  const id = s.deleting.id;
  if (!id) return;
  try {
    yield call(api.delete, `${BASE}/addresses/${id}`, { body: { confirm: 'delete' }, ...quiet });
    yield put(P.deleted(id));
  } catch (e) {
    yield put(P.deleteFailed(failureOf(e).message));
  }
}

export function* deliveriesSaga(
  action: PayloadAction<{ status: DeliveryStatus | ''; more?: boolean }>,
): SagaIterator {
  const s = (yield select(selectPushes)) as PushesState;
  const more = Boolean(action.payload.more);
  try {
    const r = (yield call(api.get, `${BASE}/deliveries`, {
      query: {
        status: action.payload.status || undefined,
        before: more ? (s.deliveries.nextBefore ?? undefined) : undefined,
      },
    })) as { items: PushDeliveryDto[]; nextBefore: number | null };
    yield put(P.deliveriesLoaded({ ...r, more }));
  } catch {
    yield put(P.deliveriesFailed());
  }
}

export function* retrySaga(action: PayloadAction<number>): SagaIterator {
  try {
    const d = (yield call(api.post, `${BASE}/deliveries/${action.payload}/retry`)) as PushDeliveryDto;
    yield put(P.deliveryUpdated(d));
  } catch {
    // Shown by the client.
  }
}

export function* platformSaga(action: PayloadAction<boolean>): SagaIterator {
  try {
    const r = (yield call(api.put, `${BASE}/platform`, {
      allowPrivateTargets: action.payload,
    })) as PushPlatformDto;
    yield put(P.platformLoaded(r));
  } catch {
    // Shown by the client.
  }
}

export function* pushesSaga(): SagaIterator {
  yield all([
    takeLatest(P.pageOpened.type, pageSaga),
    takeEvery(P.saveRequested.type, saveSaga),
    takeEvery(P.rotateRequested.type, rotateSaga),
    takeEvery(P.taskSecretRotateRequested.type, rotateTaskSecretSaga),
    takeLatest(P.testRequested.type, testSaga),
    takeLatest(P.deleteRequested.type, deleteSaga),
    takeLatest(P.deliveriesRequested.type, deliveriesSaga),
    takeEvery(P.retryRequested.type, retrySaga),
    takeLatest(P.platformChangeRequested.type, platformSaga),
  ]);
}
