// The two requests the shared API client cannot make: a POST that answers with audio (TTS
// preview) and a DELETE with a JSON body (the typed `delete` confirmation). Both send what the
// client sends (token, language, cookies) and fail the SPEC §8 way: the envelope's message or the
// mapped HTTP status, shown as an error toast unless the caller handles it.
import { isSuccess, type Envelope } from '../../../../domain/api';
import { ApiError, httpStatusMessage } from '../../api/errors';
import { loadToken } from '../../api/sessionStore';
import { API_BASE } from '../../app/env';
import { currentLanguage, i18n } from '../../app/i18n';
import { showToast } from '../../ui/toaster';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});

async function send(
  method: 'POST' | 'DELETE',
  path: string,
  body: unknown,
  accept: string,
): Promise<Response> {
  const headers = new Headers({
    Accept: accept,
    'Accept-Language': currentLanguage(),
    'Content-Type': 'application/json',
  });
  const token = loadToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(t('errors:network'), 0, 'network');
  }
}

async function failure(res: Response): Promise<ApiError> {
  const env = (await res.json().catch(() => null)) as Envelope | null;
  return env && typeof env.code === 'number' && !isSuccess(env)
    ? new ApiError(env.message || t('errors:unknown'), env.code, 'envelope', env.data)
    : new ApiError(httpStatusMessage(res.status, t), res.status, 'http');
}

const toast = (e: unknown): never => {
  void showToast('error', e instanceof Error ? e.message : String(e));
  throw e;
};

/** POST JSON, expect audio back. */
export async function postForBlob(path: string, body: unknown): Promise<Blob> {
  try {
    const res = await send('POST', path, body, 'audio/wav, application/json');
    if (res.ok && !(res.headers.get('Content-Type') ?? '').includes('application/json'))
      return await res.blob();
    throw await failure(res);
  } catch (e) {
    return toast(e);
  }
}

/** DELETE with a JSON body; the error is thrown (not shown) so a dialog can show it. */
export async function deleteWithBody(path: string, body: unknown): Promise<void> {
  const res = await send('DELETE', path, body, 'application/json');
  const clone = res.clone();
  if (res.ok) {
    const env = (await res.json().catch(() => null)) as Envelope | null;
    if (!env || isSuccess(env)) return;
  }
  throw await failure(clone);
}
