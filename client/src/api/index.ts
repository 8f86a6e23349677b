// The app's API client instance, wired to the browser: storage, language, toasts, login redirect.
import { createApiClient, type ApiClient } from './client';
import type { ApiError } from './errors';
import { clearSession, loadToken } from './sessionStore';
import { API_BASE } from '../app/env';
import { currentLanguage, i18n } from '../app/i18n';
import { showToast } from '../ui/toaster';

let loginRequiredHandler: (error: ApiError) => void = () => undefined;

/** The store registers this, so a 10003/10004/102 reply also clears the session state and navigates. */
export function setLoginRequiredHandler(handler: (error: ApiError) => void): void {
  loginRequiredHandler = handler;
}

export const api: ApiClient = createApiClient({
  base: API_BASE,
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => loadToken(),
  getLanguage: currentLanguage,
  t: (key, options) => i18n.t(key, options ?? {}),
  notifyError: (message) => void showToast('error', message),
  notifySuccess: (message) => void showToast('success', message),
  onLoginRequired: (error) => {
    clearSession();
    loginRequiredHandler(error);
  },
});

export { ApiError, isApiError } from './errors';
export type { RequestOptions } from './client';
