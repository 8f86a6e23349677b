import { createI18n } from '../app/i18n';
import { createApiClient, type ApiDeps } from './client';
import { ApiError, MAPPED_STATUSES } from './errors';

const en = createI18n('en', false);
const zh = createI18n('zh-CN', false);

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function setup(
  reply: (url: string, init: RequestInit) => Promise<Response> | Response,
  over: Partial<ApiDeps> = {},
) {
  const calls: { url: string; init: RequestInit }[] = [];
  const deps = {
    base: 'http://api.test',
    fetch: jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return reply(String(url), init ?? {});
    }) as unknown as typeof fetch,
    getToken: () => 'tok123',
    getLanguage: () => 'en',
    t: (key: string, options?: Record<string, unknown>) => en.t(key, options ?? {}),
    notifyError: jest.fn(),
    notifySuccess: jest.fn(),
    onLoginRequired: jest.fn(),
    ...over,
  };
  return { api: createApiClient(deps), deps, calls };
}

const rejection = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
};

describe('api client: requests', () => {
  it('sends base + path + query, bearer token, language, cookies and returns data', async () => {
    const { api, calls, deps } = setup(() => json({ code: 200, message: 'OK', data: { a: 1 } }));
    await expect(api.get('/api/notices', { query: { limit: 20, skip: undefined } })).resolves.toEqual({
      a: 1,
    });
    const { url, init } = calls[0]!;
    expect(url).toBe('http://api.test/api/notices?limit=20');
    const h = new Headers(init.headers);
    expect(h.get('Authorization')).toBe('Bearer tok123');
    expect(h.get('Accept-Language')).toBe('en');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(deps.notifySuccess).not.toHaveBeenCalled();
  });

  it('posts JSON and shows the success message unless suppressed', async () => {
    const { api, calls, deps } = setup(() => json({ code: 200, message: 'Saved', data: null }));
    await api.post('/api/x', { b: 2 });
    expect(calls[0]!.init.body).toBe('{"b":2}');
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBe('application/json');
    expect(deps.notifySuccess).toHaveBeenCalledWith('Saved');
    await api.put('/api/x', { b: 3 }, { successToast: false });
    expect(calls[1]!.init.method).toBe('PUT');
    expect(deps.notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('treats errorCode 0 and 103 as success (SPEC §8)', async () => {
    const { api } = setup(() => json({ errorCode: 103, message: '', data: 7 }));
    await expect(api.delete('/api/x')).resolves.toBe(7);
  });

  it('sends no Authorization header without a token, and FormData untouched for uploads', async () => {
    const { api, calls } = setup(() => json({ code: 200, message: '', data: 1 }), { getToken: () => null });
    const form = new FormData();
    form.append('f', 'x');
    await api.upload('/api/up', form);
    const h = new Headers(calls[0]!.init.headers);
    expect(h.has('Authorization')).toBe(false);
    expect(h.has('Content-Type')).toBe(false);
    expect(calls[0]!.init.body).toBe(form);
  });
});

describe('api client: SPEC §8 error catalogue', () => {
  it.each([10003, 10004, 102])('code %i shows the error and hands over to login', async (code) => {
    const { api, deps } = setup(() => json({ code, message: 'Please log in', data: null }, 401));
    const e = await rejection(api.get('/api/auth/me', { onError: jest.fn() }));
    expect(e.code).toBe(code);
    expect(deps.notifyError).toHaveBeenCalledWith('Please log in');
    expect(deps.onLoginRequired).toHaveBeenCalledTimes(1);
  });

  it('other codes toast the message, or call the callback instead', async () => {
    const { api, deps } = setup(() => json({ code: 40001, message: 'Wrong password', data: null }, 400));
    const e = await rejection(api.post('/api/auth/login', {}));
    expect(e).toMatchObject({ code: 40001, kind: 'envelope', message: 'Wrong password' });
    expect(deps.notifyError).toHaveBeenCalledWith('Wrong password');
    const onError = jest.fn();
    await rejection(api.post('/api/auth/login', {}, { onError }));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 40001 }));
    expect(deps.notifyError).toHaveBeenCalledTimes(1);
    expect(deps.onLoginRequired).not.toHaveBeenCalled();
  });

  it('exposes field errors of a 400 reply', async () => {
    const errors = [{ path: 'email', message: 'Bad e-mail' }];
    const { api } = setup(() => json({ code: 400, message: 'Invalid', data: { errors } }, 400));
    expect((await rejection(api.post('/api/x', {}, { onError: () => undefined }))).fieldErrors).toEqual(
      errors,
    );
  });

  it.each(MAPPED_STATUSES)('maps a bare HTTP %i to its translated message', async (status) => {
    const { api, deps } = setup(() => new Response('<html>oops</html>', { status }));
    const e = await rejection(api.get('/api/x'));
    expect(e).toMatchObject({ code: status, kind: 'http' });
    expect(e.message).toBe(en.t(`errors:http.${status}`));
    expect(e.message).toContain(String(status));
    expect(deps.notifyError).toHaveBeenCalledWith(e.message);
  });

  it('shows "Error (<status>)" for other statuses, in both languages', async () => {
    const { api } = setup(() => new Response('', { status: 418 }));
    expect((await rejection(api.get('/api/x'))).message).toBe('Error (418)');
    const zhApi = setup(() => new Response('', { status: 418 }), { t: (k, o) => zh.t(k, o ?? {}) }).api;
    expect((await rejection(zhApi.get('/api/x'))).message).toBe('错误(418)');
    const zh502 = setup(() => new Response('', { status: 502 }), { t: (k, o) => zh.t(k, o ?? {}) }).api;
    expect((await rejection(zh502.get('/api/x'))).message).toBe('网络错误(502)');
  });

  it('returns a non-envelope success body as it is', async () => {
    const { api } = setup(() => json({ plain: true }));
    await expect(api.get('/api/x')).resolves.toEqual({ plain: true });
  });

  it('reports a connection failure when there is no response', async () => {
    const { api, deps } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const e = await rejection(api.get('/api/x'));
    expect(e).toMatchObject({ kind: 'network', code: 0, message: en.t('errors:network') });
    expect(deps.notifyError).toHaveBeenCalledWith(e.message);
  });

  it('aborts after the timeout with a 408 Request Timeout message', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const { api } = setup(hang, { timeoutMs: 20 });
    const e = await rejection(api.get('/api/slow'));
    expect(e).toMatchObject({ kind: 'timeout', code: 408, message: '408 Request Timeout' });
  });
});

describe('api client: downloads', () => {
  it('returns the blob and the file name', async () => {
    const { api } = setup(
      () =>
        new Response('RIFF', {
          status: 200,
          headers: { 'Content-Type': 'audio/wav', 'Content-Disposition': 'attachment; filename="a%20b.wav"' },
        }),
    );
    const { blob, filename } = await api.download('/api/rec/1');
    expect(filename).toBe('a b.wav');
    expect(await blob.text()).toBe('RIFF');
  });

  it('names a Chinese export by filename*, not by the ASCII filename before it (as the server sends it)', async () => {
    const name = '通话记录-2026-11-27.xlsx';
    const { api } = setup(
      () =>
        new Response('PK', {
          status: 200,
          headers: {
            'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          },
        }),
    );
    expect((await api.download('/api/callrecords/exports/1/file')).filename).toBe(name);
  });

  it('turns an error envelope into an error', async () => {
    const { api, deps } = setup(() => json({ code: 404, message: 'No such recording', data: null }, 404));
    const e = await rejection(api.download('/api/rec/2'));
    expect(e).toMatchObject({ code: 404, kind: 'envelope' });
    expect(deps.notifyError).toHaveBeenCalledWith('No such recording');
  });

  it('posts a JSON body when one is given (a TTS preview)', async () => {
    const { api, calls } = setup(
      () => new Response('RIFF', { status: 200, headers: { 'Content-Type': 'audio/wav' } }),
    );
    const { blob } = await api.download('/api/bots/tts/preview', {}, { text: '你好' });
    expect(await blob.text()).toBe('RIFF');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ text: '你好' }));
  });
});

describe('api client: delete with a body', () => {
  it('sends the typed confirmation as JSON', async () => {
    const { api, calls } = setup(() => json({ code: 200, message: 'Deleted', data: null }));
    await api.delete('/api/bots/5', { body: { confirm: 'delete' } });
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"confirm":"delete"}');
  });
});
