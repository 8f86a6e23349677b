// 批量任务 (/dialcenter/multtask) in Chromium, in Chinese and in English: merchant01 opens the page
// from the side bar, ticks two tasks (one queued, one not started) and pauses them in one batch: the
// result lists the queued one as paused and the not-started one as refused with its reason; new call
// periods and one number file for two tasks; then, in English, "all filtered" pauses every task the
// name filter matches.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { TaskDto } from '../domain/tasks';
import { loggedIn } from '../test/fixtures';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { setTime } from './support/tasks';

const env = useE2eEnv(120_000);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Tasks of merchant01 made through the API: queued ones have a number and were started. */
async function makeTasks(names: { name: string; start: boolean }[]): Promise<Map<string, number>> {
  const knex = env.platform.db.knex;
  const m1 = await knex('accounts').where({ account: 'merchant01' }).first('id');
  const bot = await knex('bots')
    .where({ account_id: m1.id, status: 'online' })
    .whereNull('deleted_at')
    .orderBy('id')
    .first('id');
  const line = await knex('sip_lines').where({ account_id: m1.id, name: 'sim-line-1' }).first('id');
  await knex('billing_rates')
    .insert({ account_id: m1.id, rate_per_min_fen: 10, accuracy_s: 60 })
    .onConflict('account_id')
    .ignore();
  const api = await loggedIn(env.platform, 'merchant01');
  const ids = new Map<string, number>();
  for (const [i, n] of names.entries()) {
    const r = await api.post<TaskDto>('/api/tasks', {
      name: n.name,
      kind: i % 2 ? 'multi' : 'single',
      botId: Number(bot.id),
      robots: 1,
      startDate: '2099-01-05',
      callPeriods: ['09:00-12:00'],
      lineId: Number(line.id),
    });
    const id = r.body.data!.id;
    ids.set(n.name, id);
    if (n.start) {
      await api.post(`/api/tasks/${id}/numbers`, { source: 'text', text: '13800001111' });
      const s = await api.post<TaskDto>(`/api/tasks/${id}/start`);
      expect(s.body.data!.status).toBe(4);
    }
  }
  return ids;
}

it('selects tasks and pauses them in one batch (中文)', async () => {
  const ids = await makeTasks([
    { name: '批量甲', start: true },
    { name: '批量乙', start: true },
    { name: '批量丙', start: false },
  ]);
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/multtask');
  await page.waitForSelector(tid('batch-tasks-page'));
  expect(await textOf(page, tid('page-header-title'))).toBe('批量任务');
  await waitForText(page, tid('batch-status-批量甲'), '排队中');
  await waitForText(page, tid('batch-status-批量丙'), '未开始');
  // Nothing ticked: the batch buttons wait.
  expect(await page.$eval(tid('batch-pause'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);

  await check(page, `select-${ids.get('批量甲')}`);
  await check(page, `select-${ids.get('批量丙')}`);
  await waitForText(page, tid('batch-selection-text'), '已选 2 条');
  await click(page, 'batch-pause');
  await waitForText(page, tid('batch-move-body'), '暂停已勾选的 2 个任务？');
  await shot(page, 'batch-tasks-confirm-zh');
  await click(page, 'batch-move-ok');
  await page.waitForSelector(tid('batch-result'));
  expect(await textOf(page, tid('batch-result-summary'))).toBe('完成 1 个，未处理 1 个');
  expect(await textOf(page, tid('batch-outcome-批量甲'))).toBe('已执行');
  expect(await textOf(page, tid('batch-outcome-批量丙'))).toContain('未处理');
  expect(await textOf(page, tid('batch-reason-批量丙'))).toBe('当前状态不适用');
  await shot(page, 'batch-tasks-result-zh');
  await click(page, 'batch-result-close');
  await page.waitForSelector(tid('batch-result'), { hidden: true });
  await waitForText(page, tid('batch-status-批量甲'), '用户暂停');
  expect(await textOf(page, tid('batch-status-批量乙'))).toBe('排队中');
  expect(await textOf(page, tid('batch-status-批量丙'))).toBe('未开始');
  expect(await textOf(page, tid('batch-selection-text'))).toContain('未选择');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});

it('pauses every task the filter matches (English)', async () => {
  await makeTasks([
    { name: 'Batch-EN-1', start: true },
    { name: 'Batch-EN-2', start: true },
    { name: 'Other-EN', start: true },
  ]);
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await page.goto(`${env.platform.url}/login`);
  await click(page, 'lang-en');
  await waitForText(page, tid('page-title'), 'Log in');
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/multtask');
  await page.waitForSelector(tid('batch-tasks-page'));
  expect(await textOf(page, tid('page-header-title'))).toBe('Batch tasks');
  await fill(page, 'filter-name', 'Batch-EN');
  await click(page, 'filter-search');
  await page.waitForSelector(tid('batch-row-Other-EN'), { hidden: true });
  await waitForText(page, tid('batch-status-Batch-EN-1'), 'Queued');
  await waitForText(page, tid('batch-selection-all-filtered'), 'Choose all 2 filtered');
  await click(page, 'batch-selection-all-filtered');
  await click(page, 'batch-pause');
  await waitForText(page, tid('batch-move-body'), 'Pause all 2 filtered task(s)?');
  await click(page, 'batch-move-ok');
  await page.waitForSelector(tid('batch-result'));
  expect(await textOf(page, tid('batch-result-summary'))).toBe('2 done, 0 not done');
  expect(await textOf(page, tid('batch-outcome-Batch-EN-1'))).toBe('Done');
  expect(await textOf(page, tid('batch-outcome-Batch-EN-2'))).toBe('Done');
  await shot(page, 'batch-tasks-result-en');
  await click(page, 'batch-result-close');
  await waitForText(page, tid('batch-status-Batch-EN-1'), 'User paused');
  await waitForText(page, tid('batch-status-Batch-EN-2'), 'User paused');
  // The task outside the filter was left alone.
  const other = await env.platform.db.knex('tasks').where({ name: 'Other-EN' }).first('status');
  expect(other.status).toBe(4);
  expect(errors).toEqual([]);
  await page.browserContext().close();
});

it('sets the call periods of two tasks and imports one file into both (中文)', async () => {
  const ids = await makeTasks([
    { name: '时段甲', start: false },
    { name: '时段乙', start: false },
  ]);
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await page.goto(`${env.platform.url}/rootmain/dialcenter/multtask`);
  await waitForText(page, tid('batch-periods-时段甲'), '09:00-12:00');
  for (const name of ['时段甲', '时段乙']) await check(page, `select-${ids.get(name)}`);

  await click(page, 'batch-periods-open');
  await page.waitForSelector(tid('batch-periods'));
  await setTime(page, 'batch-periods-call-start-0', '10:00');
  await setTime(page, 'batch-periods-call-end-0', '11:30');
  await setTime(page, 'batch-periods-call-start-1', '11:00');
  // Overlapping periods: refused by the task form's rule before anything is sent.
  await click(page, 'batch-periods-submit');
  await waitForText(page, tid('batch-field-callPeriods'), '时段不能重叠');
  await setTime(page, 'batch-periods-call-start-1', '14:00');
  await click(page, 'batch-periods-submit');
  await page.waitForSelector(tid('batch-result'));
  expect(await textOf(page, tid('batch-result-summary'))).toBe('完成 2 个，未处理 0 个');
  await click(page, 'batch-result-close');
  await waitForText(page, tid('batch-periods-时段甲'), '10:00-11:30, 14:00-18:00');
  await waitForText(page, tid('batch-periods-时段乙'), '10:00-11:30, 14:00-18:00');

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'batch-')), 'numbers.txt');
  fs.writeFileSync(file, '13600000001\n13600000002\nabc\n');
  for (const name of ['时段甲', '时段乙']) await check(page, `select-${ids.get(name)}`);
  await click(page, 'batch-numbers-open');
  const input = (await page.waitForSelector(tid('batch-numbers-file'))) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
  await click(page, 'batch-numbers-submit');
  await page.waitForSelector(tid('batch-result'));
  expect(await textOf(page, tid('batch-result-summary'))).toContain('完成 2 个，未处理 0 个');
  expect(await textOf(page, tid('batch-outcome-时段甲'))).toContain('新增 2 个号码');
  await shot(page, 'batch-tasks-numbers-zh');
  await click(page, 'batch-result-close');
  await waitForText(page, tid('batch-counts-时段甲'), '2/2');
  await waitForText(page, tid('batch-counts-时段乙'), '2/2');
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
