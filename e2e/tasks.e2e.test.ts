// AI tasks in Chromium: merchant01 creates a task with the seeded demo bot and the simulator line,
// pastes numbers (an invalid and a duplicate one are reported), starts it (queued), copies it, and a
// bulk pause applies to the queued task and explains why the not-started copy was skipped.
import type { Page } from 'puppeteer-core';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { closeTaskDrawer, createTask, openTaskDrawer, startTask } from './support/tasks';

const env = useE2eEnv(120_000);
const TASK = 'E2E任务';
const COPY = `${TASK}-copy`;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

it('merchant01 creates, fills, starts and bulk-pauses a task', async () => {
  const knex = env.platform.db.knex;
  const m1 = await knex('accounts').where({ account: 'merchant01' }).first('id');
  const bot = await knex('bots')
    .where({ account_id: m1.id, status: 'online' })
    .whereNull('deleted_at')
    .orderBy('id')
    .first('id');
  const line = await knex('sip_lines').where({ account_id: m1.id, name: 'sim-line-1' }).first('id');

  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/singletask');
  await page.waitForSelector(tid('tasks-page-single'));

  // New task: the demo bot and line; the default periods and weekdays stay.
  await createTask(page, { name: TASK, botId: bot.id, lineId: line.id, shotName: 'tasks-new-dialog' });

  // Numbers: pasted, with one invalid and one duplicate reported.
  await openTaskDrawer(page, TASK);
  await fill(page, 'numbers-paste', '13800001111\n13800001111\n12345\n021-87654321');
  await click(page, 'numbers-paste-add');
  await page.waitForSelector(tid('numbers-add-result'));
  expect(await textOf(page, tid('numbers-added'))).toBe('新增 2 个号码');
  expect(await textOf(page, tid('numbers-skipped-invalid'))).toBe('无效号码 1 个');
  expect(await textOf(page, tid('numbers-skipped-duplicate'))).toBe('重复号码 1 个');
  await waitForText(page, tid('count-total'), '2');
  await shot(page, 'tasks-numbers-added');
  await closeTaskDrawer(page);
  await waitForText(page, tid(`task-counts-${TASK}`), '2/2');

  // Start: queued (the dial scheduler is off in this test platform, so it stays queued).
  await startTask(page, TASK);
  await waitForText(page, tid(`task-status-${TASK}`), '排队中');

  // A not-started copy; bulk pause applies to the queued task only and says why.
  await click(page, `task-copy-${TASK}`);
  await waitForText(page, tid(`task-status-${COPY}`), '未开始');
  await check(page, `task-check-${TASK}`);
  await check(page, `task-check-${COPY}`);
  await click(page, 'bulk-pause');
  await page.waitForSelector(tid('bulk-result'));
  expect(await textOf(page, tid('bulk-applied'))).toBe('已处理 1 个任务');
  expect(await textOf(page, tid('bulk-skipped'))).toBe(`${COPY}：当前状态不适用`);
  await waitForText(page, tid(`task-status-${TASK}`), '用户暂停');
  expect(await textOf(page, tid(`task-status-${COPY}`))).toBe('未开始');
  await shot(page, 'tasks-bulk-pause');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
