// The one HTTP client (SPEC §7, §8): base address + path, bearer token, cookies, Accept-Language,
// JSON envelope { code, message, data }, and the error catalogue. Sagas call it; components never do.
import { LOGIN_REQUIRED_CODES, isSuccess, type Envelope } from '../../../domain/api';
import { filenameOf } from './contentDisposition';
import { ApiError, httpStatusMessage, type Translate } from './errors';

export interface ApiDeps {
  base: string;
  fetch: typeof fetch;
  getToken(): string | null;
  getLanguage(): string;
  t: Translate;
  notifyError(message: string): void;
  notifySuccess(message: string): void;
  /** Codes 10003/10004/102: forget the stored session and go to /login. */
  onLoginRequired(error: ApiError): void;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** SPEC §8 "optional callback": called instead of the error toast. The promise still rejects. */
  onError?: (error: ApiError) => void;
  /** Show the server's message as a success toast (default: yes for writes, no for reads). */
  successToast?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

export const DEFAULT_TIMEOUT_MS = 30_000;

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' &&
  v !== null &&
  (typeof (v as Envelope).code === 'number' || typeof (v as Envelope).errorCode === 'number');

const parseJson = (text: string): unknown => {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function createApiClient(deps: ApiDeps) {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const url = (path: string, query?: RequestOptions['query']): string => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const q = qs.toString();
    return `${deps.base}${path}${q ? `?${q}` : ''}`;
  };

  const headers = (body: Body): Headers => {
    const h = new Headers({ Accept: 'application/json', 'Accept-Language': deps.getLanguage() });
    const token = deps.getToken();
    if (token) h.set('Authorization', `Bearer ${token}`);
    if (body.kind === 'json') h.set('Content-Type', 'application/json');
    return h;
  };

  /** Applies SPEC §8 to a failure, then returns the error for the caller to throw. */
  const fail = (error: ApiError, opts: RequestOptions): ApiError => {
    if (error.kind === 'envelope' && LOGIN_REQUIRED_CODES.includes(error.code)) {
      deps.notifyError(error.message || deps.t('errors:loginRequired'));
      deps.onLoginRequired(error);
    } else if (opts.onError) {
      opts.onError(error);
    } else {
      deps.notifyError(error.message);
    }
    return error;
  };

  const fromEnvelope = <T>(env: Envelope, method: Method, opts: RequestOptions): T => {
    if (isSuccess(env)) {
      if ((opts.successToast ?? method !== 'GET') && env.message) deps.notifySuccess(env.message);
      return env.data as T;
    }
    const message = env.message || deps.t('errors:unknown');
    throw fail(new ApiError(message, env.code, 'envelope', env.data ?? null), opts);
  };

  async function send(method: Method, path: string, body: Body, opts: RequestOptions): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await deps.fetch(url(path, opts.query), {
        method,
        headers: headers(body),
        credentials: 'include',
        body:
          body.kind === 'none' ? undefined : body.kind === 'json' ? JSON.stringify(body.value) : body.value,
        signal: controller.signal,
      });
    } catch {
      throw fail(
        timedOut
          ? new ApiError(deps.t('errors:timeout'), 408, 'timeout')
          : new ApiError(deps.t('errors:network'), 0, 'network'),
        opts,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(method: Method, path: string, body: Body, opts: RequestOptions = {}): Promise<T> {
    const res = await send(method, path, body, opts);
    const parsed = parseJson(await res.text());
    if (isEnvelope(parsed)) return fromEnvelope<T>(parsed, method, opts);
    if (res.ok) return parsed as T;
    throw fail(new ApiError(httpStatusMessage(res.status, deps.t), res.status, 'http', parsed ?? null), opts);
  }

  /**
   * Binary download (audio, exports): a GET, or a POST of `body` when one is given (e.g. a TTS
   * preview). A failure still arrives as a JSON envelope or a bare status.
   */
  async function download(
    path: string,
    opts: RequestOptions = {},
    body?: unknown,
  ): Promise<{ blob: Blob; filename: string | null }> {
    const method = body === undefined ? 'GET' : 'POST';
    const res = await send(
      method,
      path,
      body === undefined ? { kind: 'none' } : { kind: 'json', value: body },
      opts,
    );
    if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('application/json')) {
      const parsed = parseJson(await res.text());
      if (isEnvelope(parsed) && !isSuccess(parsed)) fromEnvelope<never>(parsed, method, opts);
      throw fail(
        new ApiError(httpStatusMessage(res.status, deps.t), res.status, 'http', parsed ?? null),
        opts,
      );
    }
    // filename* (UTF-8, e.g. a Chinese export name) before the ASCII filename (contentDisposition.ts).
    return { blob: await res.blob(), filename: filenameOf(res.headers.get('Content-Disposition')) };
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, { kind: 'none' }, opts),
    post: <T>(path: string, value?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, value === undefined ? { kind: 'none' } : { kind: 'json', value }, opts),
    put: <T>(path: string, value?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, value === undefined ? { kind: 'none' } : { kind: 'json', value }, opts),
    /** `opts.body`: a JSON body, e.g. the typed `delete` confirmation. */
    delete: <T>(path: string, opts?: RequestOptions & { body?: unknown }) =>
      request<T>(
        'DELETE',
        path,
        opts?.body === undefined ? { kind: 'none' } : { kind: 'json', value: opts.body },
        opts,
      ),
    upload: <T>(path: string, form: FormData, opts?: RequestOptions) =>
      request<T>('POST', path, { kind: 'form', value: form }, opts),
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
