// Issue 23, the shared table and pickers: at 1440×900 and 1920×1080 in zh-CN and en, every row action
// of call records, AI tasks, lines and bots is on screen (the action column is pinned) and the filter
// bars keep search and reset on one line; no page uses a native date/time input; the call records
// selection bar acts on the ticked rows or, only when chosen, on "all N filtered" (删除 disabled with
// nothing chosen); a live call shows its live state, not a grade; a click on a row opens it; the task
// dialog's 24-hour pickers keep what is typed.
import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { phoneHash } from '../platform/secrets';
import { maskPhone } from '../domain/format';
import { useE2eEnv } from './support/platform';
import { check, click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { setTime } from './support/tasks';

const env = useE2eEnv(240_000);

type Lang = 'zh-CN' | 'en';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

let m1 = 0;
const ids: Record<string, number> = {};

async function insertCall(phone: string, over: Record<string, unknown>) {
  const p = env.platform;
  const [row] = await p.db
    .knex('calls')
    .insert({
      call_uuid: randomUUID(),
      account_id: m1,
      bot_id: 1,
      bot_version: 1,
      phone_masked: maskPhone(phone),
      phone_hash: phoneHash(p.config.secretKey, phone),
      status: 'ended',
      ...over,
    })
    .returning('id');
  return Number(row.id);
}

beforeAll(async () => {
  const knex = env.platform.db.knex;
  m1 = Number((await knex('accounts').where({ account: 'merchant01' }).first('id')).id);
  ids.graded = await insertCall('13600000001', { grade: 21, result_level: 21, talk_ms: 30_000 });
  ids.missed = await insertCall('13600000002', { result_level: 68 });
  ids.live = await insertCall('13600000003', { status: 'answered', result_level: 69 });
  for (let i = 0; i < 5; i++) await insertCall(`1360000010${i}`, { result_level: 63 });
  const [task] = await knex('tasks')
    .insert({ account_id: m1, name: '表格检查任务', robots: 1, start_date: '2026-01-01' })
    .returning('id');
  ids.task = Number(task.id);
});

async function shellIn(lang: Lang, viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(env.b, true);
  await page.setViewport(viewport);
  await page.evaluateOnNewDocument((l) => localStorage.setItem('lang', l), lang);
  await login(page, env.platform.url, 'merchant01');
  return page;
}

/** A GET of our API from inside the page, with the session's token (as the app's client sends it). */
const apiGet = <T>(page: Page, url: string): Promise<T> =>
  page.evaluate(async (u) => {
    const token = (JSON.parse(localStorage.getItem('user') ?? 'null') as { token?: string } | null)?.token;
    const r = await fetch(u, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return ((await r.json()) as { data: unknown }).data;
  }, url) as Promise<T>;

/** Every button of the first row's last cell: inside the viewport and the element a click there hits. */
async function actionsOnScreen(page: Page, tableId: string): Promise<{ text: string; ok: boolean }[]> {
  const sel = `${tid(tableId)} tbody tr:first-child > td:last-child button`;
  await page.waitForSelector(sel);
  return page.$$eval(sel, (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const hit = document.elementFromPoint(cx, cy);
      const ok =
        r.width > 0 &&
        r.left >= 0 &&
        r.right <= window.innerWidth &&
        r.bottom <= window.innerHeight &&
        !!hit &&
        el.contains(hit);
      return { text: (el as HTMLElement).innerText.trim(), ok };
    }),
  );
}

const PAGES: [menu: string, table: string][] = [
  ['crm/dialrecord', 'record-table'],
  ['dialcenter/singletask', 'tasks-table'],
  ['system/dockset', 'lines-table'],
  ['bot/botview', 'bot-table'],
];

describe.each(['zh-CN', 'en'] as const)('row actions in %s', (lang) => {
  it.each(VIEWPORTS)('stay on screen on records, tasks, lines and bots ($width×$height)', async (vp) => {
    const page = await shellIn(lang, vp);
    for (const [menu, table] of PAGES) {
      await page.goto(`${env.platform.url}/rootmain/${menu}`);
      const actions = await actionsOnScreen(page, table);
      expect(actions.length).toBeGreaterThan(0);
      expect({ menu, actions }).toEqual({ menu, actions: actions.map((a) => ({ ...a, ok: true })) });
      await shot(page, `table-${menu.replace('/', '-')}-${lang}-${vp.width}`);
    }
    await page.browserContext().close();
  });
});

/** Where the filter bar's search and reset buttons are: reset must never wrap onto a line alone. */
const filterButtons = (page: Page) =>
  page.$$eval([tid('filter-search'), tid('filter-reset')].join(', '), (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: Math.round(r.top), right: Math.round(r.right), width: innerWidth };
    }),
  );

const FILTER_PAGES = ['crm/dialrecord', 'dialcenter/singletask', 'dialcenter/multtask', 'crm/mycustomer'];

describe.each(['zh-CN', 'en'] as const)('filter bars in %s', (lang) => {
  it.each(VIEWPORTS)('keep search and reset together and on screen ($width×$height)', async (vp) => {
    const page = await shellIn(lang, vp);
    for (const menu of FILTER_PAGES) {
      await page.goto(`${env.platform.url}/rootmain/${menu}`);
      await page.waitForSelector(tid('filter-reset'));
      const [search, reset] = await filterButtons(page);
      expect({ menu, sameLine: search!.top === reset!.top, onScreen: reset!.right <= reset!.width }).toEqual({
        menu,
        sameLine: true,
        onScreen: true,
      });
    }
    await page.browserContext().close();
  });
});

it('no page uses a native date or time input (every menu of the superadmin)', async () => {
  const page = await newPage(env.b, true);
  await page.setViewport(VIEWPORTS[0]);
  await login(page, env.platform.url, 'superadmin');
  const { menus } = await apiGet<{ menus: string[] }>(page, '/api/auth/me');
  expect(menus.length).toBeGreaterThan(15);
  const native = 'input[type="date"], input[type="datetime-local"], input[type="time"], input[type="month"]';
  const found: string[] = [];
  for (const key of menus) {
    // In-app navigation (the router follows popstate): no reload per page.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/rootmain/${key}`);
    // The page's own header, or the shell's answer for a page that is not there.
    await page
      .waitForSelector(
        `${tid('page-header')}[data-menu="${key}"], ${tid('not-available')}, ${tid('forbidden')}`,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    if ((await page.$$(native)).length > 0) found.push(key);
  }
  expect(found).toEqual([]);
  await page.browserContext().close();
}, 600_000);

it('the 24-hour pickers keep what is typed (task dialog), with no AM/PM', async () => {
  const page = await shellIn('en', VIEWPORTS[0]);
  await page.goto(`${env.platform.url}/rootmain/dialcenter/singletask`);
  await click(page, 'task-new');
  await page.waitForSelector(tid('task-dialog'));
  // The dialog's dates and periods are pickers, not native inputs.
  expect(await page.$$('input[type="date"], input[type="datetime-local"], input[type="time"]')).toHaveLength(
    0,
  );
  await setTime(page, 'task-periods-start-0', '18:30');
  expect(await page.$eval(tid('task-periods-start-0-hour'), (e) => (e as HTMLInputElement).value)).toBe('18');
  expect(await page.$$('.bp6-timepicker-ampm-select')).toHaveLength(0);
  await shot(page, 'task-dialog-pickers-en');
  await page.browserContext().close();
});

describe('call records', () => {
  it('the selection bar acts on ticked rows, or on all N filtered only when chosen', async () => {
    const page = await shellIn('zh-CN', VIEWPORTS[0]);
    await page.goto(`${env.platform.url}/rootmain/crm/dialrecord`);
    await page.waitForSelector(tid(`record-row-${ids.graded}`));
    const disabled = (id: string) => page.$eval(tid(id), (e) => (e as HTMLButtonElement).disabled);
    // Nothing chosen: every bulk action, delete first of all, is disabled.
    expect(await page.$eval(tid('records-selection'), (e) => e.getAttribute('data-scope'))).toBe('none');
    for (const a of ['records-delete', 'records-export', 'records-move'])
      expect(await disabled(a)).toBe(true);
    // One row ticked: the actions act on it.
    await check(page, `select-${ids.graded}`);
    await waitForText(page, tid('records-selection-text'), '已选 1 条');
    expect(await disabled('records-delete')).toBe(false);
    await click(page, 'records-delete');
    await waitForText(page, tid('records-delete-dialog'), '已选 1 条记录');
    await page.keyboard.press('Escape');
    await page.waitForSelector(tid('records-delete-dialog'), { hidden: true });
    // Clear: disabled again.
    await click(page, 'records-selection-clear');
    await page.waitForFunction(
      (s) => document.querySelector(s)?.getAttribute('data-scope') === 'none',
      {},
      tid('records-selection'),
    );
    expect(await disabled('records-delete')).toBe(true);
    // All filtered, explicitly: the count comes from the server (at least the 8 inserted here).
    const { count: total } = await apiGet<{ count: number }>(page, '/api/callrecords/count?view=dialrecord');
    expect(total).toBeGreaterThanOrEqual(8);
    await click(page, 'records-selection-all-filtered');
    await waitForText(page, tid('records-selection-text'), `已选择全部 ${total} 条筛选结果`);
    expect(await disabled('records-delete')).toBe(false);
    await click(page, 'records-delete');
    await waitForText(page, tid('records-delete-dialog'), `已选择全部 ${total} 条筛选结果`);
    await shot(page, 'records-delete-all-filtered');
    await page.keyboard.press('Escape');
    await page.browserContext().close();
  });

  it('a live call shows its live state, and a click on a row opens it', async () => {
    const page = await shellIn('en', VIEWPORTS[1]);
    await page.goto(`${env.platform.url}/rootmain/crm/dialrecord`);
    await page.waitForSelector(tid(`record-row-${ids.live}`));
    expect(await page.$eval(tid(`grade-${ids.live}`), (e) => e.getAttribute('data-live'))).toBe('answered');
    expect(await textOf(page, tid(`grade-${ids.live}`))).toBe('Talking');
    expect(await textOf(page, tid(`grade-${ids.missed}`))).toBe('No answer');
    // A click on the row's phone cell (not a control) opens the record.
    await page.$eval(`${tid(`record-row-${ids.graded}`)} td:nth-child(4)`, (e) => (e as HTMLElement).click());
    await page.waitForSelector(tid('record-drawer'));
    await page.waitForSelector(tid('detail-fields'));
    await page.browserContext().close();
  });
});
