// A test-side HTTP client that behaves like the browser: keeps the Auth cookie and sends the
// session's header token. Real HTTP against the real server.
import type { Envelope, LoginResponse } from '../domain/api';

export interface Reply<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export class ApiClient {
  cookie: string | undefined;
  token: string | undefined;
  lang = 'zh-CN';

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'accept-language': this.lang, ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = `Auth=${this.cookie}`;
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('Auth='));
    if (setCookie) this.cookie = /^Auth=([^;]*)/.exec(setCookie)?.[1] || undefined;
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  get = <T = unknown>(path: string) => this.request<T>('GET', path);
  post = <T = unknown>(path: string, body: unknown = {}) => this.request<T>('POST', path, body);
  put = <T = unknown>(path: string, body: unknown = {}) => this.request<T>('PUT', path, body);

  async login(account: string, password = 'demo1234', remember = false): Promise<Reply<LoginResponse>> {
    const r = await this.post<LoginResponse>('/api/auth/login', {
      account,
      password,
      remember,
      pledge: true,
    });
    if (r.body.code === 200) this.token = r.body.data!.user.token;
    return r;
  }
}
