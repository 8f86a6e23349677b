// The import guide in Chromium as merchant01 (issue 23 item 7): the template downloads in the user's
// language, the chosen file is previewed with the detected phone column, the import closes the
// dialog and a second click cannot import twice, the toast leads back to the job's progress; a task's
// number upload has the same guide; a notice about a task opens the task, an import's notice its report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../config/demo';
import { until } from '../test/until';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, shot, textOf, tid, waitForPath, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

/** Toolbar buttons sit under the top toasts: dispatch the click on the button itself. */
async function press(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(`${tid(testId)}:not([disabled])`);
  await page.$eval(tid(testId), (e) => (e as HTMLElement).click());
}

/** A page of its own context whose downloads (the saved blobs) land in `dir`. */
async function pageDownloadingTo(dir: string): Promise<Page> {
  const ctx = await env.b.browser.createBrowserContext({
    downloadBehavior: { policy: 'allow', downloadPath: dir },
  });
  const page = await ctx.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.setDefaultTimeout(15_000);
  return page;
}

/** The downloaded file, once Chromium has finished writing it under its name. */
const downloaded = (dir: string, name: string): Promise<Buffer> =>
  until(
    () => (fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name)) : undefined),
    15_000,
  ).catch((e: Error) => {
    throw new Error(`${name} not in [${fs.readdirSync(dir).join(', ')}]: ${e.message}`);
  });

it('downloads the template, previews the file, imports once and links notices', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-guide-dl-'));
  const page = await pageDownloadingTo(dir);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-crm/mycustomer');
  await page.waitForSelector(tid('customers-empty'));

  // The template, in Chinese: the headers the import maps.
  await press(page, 'customer-import');
  await page.waitForSelector(tid('import-dialog'));
  await waitForText(page, tid('import-columns'), '必填：手机号列');
  await press(page, 'import-template-csv');
  const csv = await downloaded(dir, '客户导入模板.csv');
  expect(csv.toString('utf8')).toBe(
    '\uFEFF姓名,手机号码,联系人,性别,公司名称,地址,备注1,备注2,备注3,备注4,备注5,来源\r\n',
  );

  // The preview of a file whose phone column is the third, under another of its names.
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-guide-'));
  const file = path.join(files, '客户名单.csv');
  fs.writeFileSync(file, '编号,姓名,联系电话\n1,预览甲,13700000001\n2,预览乙,13700000002\n');
  const input = (await page.waitForSelector(tid('import-file'))) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
  await waitForText(page, tid('import-preview-phone'), '识别到的号码列：联系电话');
  expect(await textOf(page, tid('import-preview-phone-col'))).toContain('联系电话 → 手机号');
  expect(await page.$eval(tid('import-preview'), (e) => e.getAttribute('data-phone-column'))).toBe('2');
  expect(
    await page.$$eval('[data-testid="import-preview-table"] td[data-phone="yes"]', (els) =>
      els.map((e) => e.textContent),
    ),
  ).toEqual(['13700000001', '13700000002']);
  await waitForText(page, tid('import-preview-ignored'), '编号');
  await shot(page, 'import-guide-preview');

  // Start twice in the same moment: one job, and the dialog closes.
  await fill(page, 'input-import-password', DEMO_PASSWORD);
  await page.$eval(tid('import-start'), (e) => {
    (e as HTMLElement).click();
    (e as HTMLElement).click();
  });
  await page.waitForSelector(tid('import-dialog'), { hidden: true, timeout: 60_000 });
  await page.waitForSelector('[data-phone="13700000001"]', { timeout: 60_000 });
  const knex = env.platform.db.knex;
  const m1 = await knex('accounts').where({ account: 'merchant01' }).first('id');
  const jobs = await knex('import_jobs').where({ account_id: m1.id }).select('id');
  expect(jobs).toHaveLength(1);
  // The toast leads back to the job's live row (done, with its report).
  await press(page, 'import-started-view');
  await page.waitForSelector(`${tid(`import-job-${jobs[0].id}`)}[data-status="done"]`);
  // Reopened, the dialog wants a file again: the start does nothing without one.
  await press(page, 'import-start');
  await page.waitForSelector(tid('import-error'));
  expect(await knex('import_jobs').where({ account_id: m1.id }).count({ n: '*' }).first()).toEqual({
    n: '1',
  });
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('import-dialog'), { hidden: true, timeout: 60_000 });

  // The import's notice downloads its report.
  const importNotice = await knex('notices')
    .where({ account_id: m1.id, title_key: 'importDone.title' })
    .first('id');
  await click(page, 'notice-bell');
  await waitForText(page, tid(`notice-${importNotice.id}`), '导入完成');
  await click(page, `notice-link-${importNotice.id}`);
  const report = await downloaded(dir, `import-${jobs[0].id}-report.csv`);
  expect(report.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  // A task's notice opens the task: its page and its drawer.
  const [task] = await knex('tasks')
    .insert({
      account_id: m1.id,
      name: '通知任务',
      robots: 1,
      start_date: '2026-01-01',
      status: 100,
      run_state: 10,
    })
    .returning('id');
  const [notice] = await knex('notices')
    .insert({
      account_id: m1.id,
      type: 100,
      title: '',
      content: '',
      title_key: 'taskCompleted.title',
      body_key: 'taskCompleted.body',
      params: JSON.stringify({ name: '通知任务', taskId: task.id }),
    })
    .returning('id');
  // The bell loads notices when the session starts: reload to see the inserted one.
  await page.reload();
  await page.waitForSelector(tid('sidebar'));
  await click(page, 'notice-bell');
  await waitForText(page, tid(`notice-${notice.id}`), '通知任务');
  await waitForText(page, tid(`notice-link-${notice.id}`), '查看任务');
  await click(page, `notice-link-${notice.id}`);
  await waitForPath(page, '/rootmain/dialcenter/singletask');
  await page.waitForSelector(tid('task-drawer'));
  await shot(page, 'import-guide-task-notice');

  // A task's number upload has the same guide: the number template and the preview.
  await click(page, 'task-drawer-close');
  await page.waitForSelector(tid('task-drawer'), { hidden: true });
  await page.waitForSelector(tid(`task-open-通知任务`));
  await click(page, 'task-open-通知任务');
  await page.waitForSelector(tid('task-drawer'));
  await check(page, 'numbers-source-file');
  await waitForText(page, tid('import-columns'), '每行一个号码');
  await press(page, 'import-template-xlsx');
  const xlsx = await downloaded(dir, '号码导入模板.xlsx');
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  const numbers = path.join(files, 'numbers.txt');
  fs.writeFileSync(numbers, '13700000009 号码甲\n');
  const upload = (await page.waitForSelector(tid('numbers-upload'))) as ElementHandle<HTMLInputElement>;
  await upload.uploadFile(numbers);
  await waitForText(page, tid('import-preview-phone'), '无表头');
  expect(
    await page.$$eval('[data-testid="import-preview-table"] td[data-phone="yes"]', (els) =>
      els.map((e) => e.textContent),
    ),
  ).toEqual(['13700000009']);
  expect(pageErrors).toEqual([]);
});
