// The import guide: previews the chosen file through the server's import parsers (the latest choice
// wins) and downloads a template in the current language.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  templatePath,
  type ImportKind,
  type ImportPreviewDto,
  type TemplateFormat,
} from '../../../../../domain/importPreview';
import { api } from '../../../api';
import { currentLanguage } from '../../../app/i18n';
import { saveBlob, takeFile } from '../../../ui/uploads';
import { importGuideActions as G } from '../slice/importGuide';
import { failureOf } from '../validation';
import { quiet } from './customers';

export function* previewSaga(
  action: PayloadAction<{ kind: ImportKind; fileKey: string; fileName: string }>,
): SagaIterator {
  const { kind, fileKey } = action.payload;
  const file = (yield call(takeFile, fileKey)) as File | undefined;
  if (!file) return;
  const form = new FormData();
  form.append('file', file);
  try {
    const preview = (yield call(api.upload, `/api/imports/preview?kind=${kind}`, form, {
      ...quiet,
      successToast: false,
    })) as ImportPreviewDto;
    yield put(G.previewLoaded({ kind, preview }));
  } catch (e) {
    const f = failureOf(e);
    yield put(G.previewFailed({ kind, error: Object.values(f.fieldErrors)[0] ?? f.message }));
  }
}

export function* templateSaga(
  action: PayloadAction<{ kind: ImportKind; format: TemplateFormat }>,
): SagaIterator {
  const { kind, format } = action.payload;
  try {
    const r = (yield call(api.download, templatePath(kind, format, currentLanguage()))) as {
      blob: Blob;
      filename: string | null;
    };
    yield call(saveBlob, r.blob, r.filename ?? `${kind}-template.${format}`);
  } catch {
    // Shown by the client.
  }
}

export function* importGuideSaga(): SagaIterator {
  yield takeLatest(G.previewRequested, previewSaga);
  yield takeEvery(G.templateRequested, templateSaga);
}
