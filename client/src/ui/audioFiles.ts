// The audio files of an open call (its recording, its lines' voices): fetched with the session's
// headers (the <audio> element cannot send them) and played from object urls, released when the view
// closes. Used by the call records page and the customer drawer's calls.
import type { ActionCreatorWithPayload } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { api } from '../api';

const quiet = { successToast: false, onError: () => undefined };

/** `loaded` receives each file's object url, or 'failed'; `release` frees the urls made so far. */
export function audioFiles(loaded: ActionCreatorWithPayload<{ url: string; objectUrl: string }>) {
  const objectUrls = new Set<string>();
  /** One audio file as an object url the <audio> element plays. */
  function* load(url: string): SagaIterator {
    try {
      const r = (yield call(api.download, url, quiet)) as { blob: Blob };
      const objectUrl = URL.createObjectURL(r.blob);
      objectUrls.add(objectUrl);
      yield put(loaded({ url, objectUrl }));
    } catch {
      yield put(loaded({ url, objectUrl: 'failed' }));
    }
  }
  const release = (): void => {
    for (const u of objectUrls) URL.revokeObjectURL(u);
    objectUrls.clear();
  };
  return { load, release };
}
