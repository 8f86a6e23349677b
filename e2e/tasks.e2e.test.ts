// AI tasks in Chromium: merchant01 creates a task with its numbers pasted in the dialog (the count
// preview, then what was added, with the invalid and the duplicate number reported) and a start date
// ahead (the dialog and the list say when dialling begins), adds numbers in the drawer with the same
// picker, starts it (queued), copies it (a copy without numbers is refused at start, with the reason),
// and a bulk pause applies to the queued task and explains why the not-started copy was skipped.
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

  // New task: the demo bot and line, a start date ahead (a Monday), the numbers pasted in the dialog.
  await createTask(page, {
    name: TASK,
    botId: bot.id,
    lineId: line.id,
    startDate: '2099-01-05',
    paste: '13800001111\n13800001111\n12345\n021-87654321',
    shotName: 'tasks-new-dialog',
    keepOpen: true,
  });
  await waitForText(
    page,
    tid('task-dial-start'),
    '开始日期未到：将于 2099-01-05 09:00（Asia/Shanghai）开始拨打',
  );
  expect(await textOf(page, tid('numbers-preview-add'))).toBe('将新增 2 个号码');
  expect(await textOf(page, tid('numbers-preview-invalid'))).toBe('无效号码 1 个');
  expect(await textOf(page, tid('numbers-preview-duplicate'))).toBe('重复号码 1 个');
  await click(page, 'task-save');
  await page.waitForSelector(tid('task-dialog'), { hidden: true });
  const created = tid('created-numbers');
  await waitForText(page, created, `任务「${TASK}」已创建`);
  expect(await textOf(page, `${created} ${tid('numbers-added')}`)).toBe('新增 2 个号码');
  expect(await textOf(page, `${created} ${tid('numbers-skipped-invalid')}`)).toBe('无效号码 1 个');
  expect(await textOf(page, `${created} ${tid('numbers-skipped-duplicate')}`)).toBe('重复号码 1 个');
  await waitForText(page, tid(`task-counts-${TASK}`), '2/2');
  await shot(page, 'tasks-created-with-numbers');

  // More numbers in the drawer, with the same picker: the preview counts the one already there.
  await openTaskDrawer(page, TASK);
  await fill(page, 'numbers-paste', '13800001111\n13800002222');
  await click(page, 'numbers-preview-button');
  await waitForText(page, tid('numbers-preview-add'), '将新增 1 个号码');
  expect(await textOf(page, tid('numbers-preview-exists'))).toBe('任务中已有 1 个');
  await click(page, 'numbers-add');
  await page.waitForSelector(tid('numbers-add-result'));
  expect(await textOf(page, `${tid('task-drawer')} ${tid('numbers-added')}`)).toBe('新增 1 个号码');
  await waitForText(page, tid('count-total'), '3');
  await shot(page, 'tasks-numbers-added');
  await closeTaskDrawer(page);
  await waitForText(page, tid(`task-counts-${TASK}`), '3/3');

  // Start: queued (the dial scheduler is off in this test platform, so it stays queued); the list says
  // when it will dial.
  await startTask(page, TASK);
  await waitForText(page, tid(`task-status-${TASK}`), '排队中');
  await waitForText(page, tid(`task-wait-${TASK}`), '2099-01-05 09:00（Asia/Shanghai）开始拨打');

  // A not-started copy; bulk pause applies to the queued task only and says why.
  await click(page, `task-copy-${TASK}`);
  await waitForText(page, tid(`task-status-${COPY}`), '未开始');
  // The copy has no numbers: its start is refused with the reason.
  await click(page, `task-start-${COPY}`);
  await waitForText(page, '.bp6-toast-container', '任务还没有号码：请先添加号码');
  expect(await textOf(page, tid(`task-status-${COPY}`))).toBe('未开始');
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
