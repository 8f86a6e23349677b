// Sessions: restore on reload, logout ends the server session, live notices reach only their
// account, and a session revoked elsewhere sends the page to /login.
import { LOGIN_REQUIRED_CODES } from '../domain/api';
import { ApiClient } from '../test/apiClient';
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForPath, waitForText } from './support/browser';
import type { Page } from 'puppeteer-core';

const env = useE2eEnv(60_000);

const storedToken = (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? '');

const unreadCount = async (page: Page): Promise<number> =>
  Number((await page.$eval(tid('notice-count'), (e) => e.textContent).catch(() => '0')) || 0);

it('restores the session on reload, and logout ends it on the server too', async () => {
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'merchant01');
  const token = await storedToken(page);
  expect(token).not.toBe('');

  await page.reload();
  await page.waitForSelector(tid('sidebar'));

  await click(page, 'user-menu');
  await click(page, 'menu-logout');
  await waitForPath(page, '/login');
  await page.waitForSelector(tid('login-page'));
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await shot(page, 'logged-out');

  // The old token is dead, and the shell sends us back to login.
  const res = await fetch(`${env.platform.url}/api/auth/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(LOGIN_REQUIRED_CODES).toContain(((await res.json()) as { code: number }).code);
  await page.goto(`${env.platform.url}/rootmain/dashboards/rootdashboard`);
  await page.waitForSelector(tid('login-page'));
  await page.browserContext().close();
});

it('a live notice shows in the header of its account only, and can be marked read', async () => {
  const [merchant, operator] = await Promise.all([newPage(env.b, true), newPage(env.b, true)]);
  await Promise.all([
    login(merchant, env.platform.url, 'merchant01'),
    login(operator, env.platform.url, 'operator01'),
  ]);
  const before = await unreadCount(merchant);
  const operatorBefore = await unreadCount(operator);

  const target = await env.platform.db.knex('accounts').where({ account: 'merchant01' }).first('id');
  const admin = new ApiClient(env.platform.url);
  await admin.login('superadmin');
  const title = `Live notice ${Date.now()}`;
  const sent = await admin.post<{ id: number }>('/api/notices', {
    accountId: Number(target.id),
    type: 60,
    title,
    content: 'Sent during the e2e test',
  });
  expect(sent.body.code).toBe(200);

  await waitForText(merchant, tid('notice-count'), String(before + 1));
  await click(merchant, 'notice-bell');
  const id = sent.body.data!.id;
  expect(await textOf(merchant, tid(`notice-${id}`))).toContain(title);
  await shot(merchant, 'notice-live');
  await click(merchant, `notice-read-${id}`);
  await merchant.waitForSelector(`${tid(`notice-${id}`)}[data-read="yes"]`);
  expect(await unreadCount(merchant)).toBe(before);

  // The operator's page got nothing (its socket is in another account's room).
  await click(operator, 'notice-bell');
  await operator.waitForSelector(tid('notice-list'));
  expect(await operator.$(tid(`notice-${id}`))).toBeNull();
  expect(await unreadCount(operator)).toBe(operatorBefore);
  await Promise.all([merchant.browserContext().close(), operator.browserContext().close()]);
});

it('a login-password change elsewhere revokes this session live and shows the login page', async () => {
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  const other = new ApiClient(env.platform.url);
  await other.login('operator01');
  const r = await other.post('/api/auth/password', {
    kind: 'login',
    oldPassword: 'demo1234',
    password: 'changed1',
    confirm: 'changed1',
  });
  expect(r.body.code).toBe(200);
  await waitForPath(page, '/login');
  await page.waitForSelector(tid('login-page'));
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await page.browserContext().close();
});
