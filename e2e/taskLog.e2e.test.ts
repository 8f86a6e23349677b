// A task's status log in Chromium as merchant01: the notes the platform writes (a user's start, the
// scheduler's first slot, a line fault's pause) are codes with parameters and read in the reader's
// language; a row written before the codes shows its stored text.
import { faultMessage } from '../domain/fsProbe';
import { coded, messageOf, type CodedReason } from '../domain/reasons';
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { closeTaskDrawer, openTaskDrawer } from './support/tasks';

const env = useE2eEnv(120_000);
const TASK = 'E2E状态日志';

it("shows a task's status log in English, older rows as stored", async () => {
  const knex = env.platform.db.knex;
  const m1 = Number((await knex('accounts').where({ account: 'merchant01' }).first('id')).id);
  const bot = await knex('bots')
    .where({ account_id: m1, status: 'online' })
    .whereNull('deleted_at')
    .orderBy('id')
    .first('id');
  const line = await knex('sip_lines').where({ account_id: m1, name: 'sim-line-1' }).first('id');
  const [task] = await knex('tasks')
    .insert({
      account_id: m1,
      name: TASK,
      bot_id: bot.id,
      line_id: line.id,
      robots: 1,
      start_date: '2026-01-01',
      status: 12,
      run_state: 0,
      created_by: m1,
    })
    .returning('id');
  const taskId = Number(task.id);
  const row = (at: string, from: number | null, to: number, actor: string, reason: CodedReason | string) => ({
    task_id: taskId,
    from_status: from,
    to_status: to,
    from_run: from === null ? null : 1,
    to_run: to === 12 ? 0 : 1,
    by_account_id: actor === 'user' ? m1 : null,
    actor,
    at,
    reason: typeof reason === 'string' ? reason : reason.text,
    reason_message: typeof reason === 'string' ? null : JSON.stringify(messageOf(reason)),
  });
  const ids = (
    await knex('task_status_log')
      .insert([
        // Written before the codes: its text, in any language.
        row('2026-01-01T01:00:00Z', null, 1, 'user', '旧的创建记录'),
        row('2026-01-01T02:00:00Z', 1, 4, 'user', coded('taskUserStart')),
        row('2026-01-01T03:00:00Z', 4, 2, 'scheduler', coded('taskFirstSlot')),
        row(
          '2026-01-01T04:00:00Z',
          2,
          12,
          'system',
          coded('taskFaultPause', {
            why: faultMessage({ kind: 'line', lineId: Number(line.id), cause: 'GATEWAY_DOWN' }),
          }),
        ),
      ])
      .returning('id')
  ).map((r: { id: string }) => Number(r.id));

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'lang-en');
  await click(page, 'menu-dialcenter/singletask');
  await page.waitForSelector(tid('tasks-page-single'));
  await openTaskDrawer(page, TASK);
  await click(page, 'tab-log');
  await waitForText(
    page,
    tid(`log-reason-${ids[3]}`),
    `Platform fault, task paused: line ${line.id}: gateway unreachable (GATEWAY_DOWN)`,
  );
  expect(await textOf(page, tid(`log-reason-${ids[2]}`))).toBe('Got its first call slot, dialing started');
  expect(await textOf(page, tid(`log-reason-${ids[1]}`))).toBe('Started by the user');
  expect(await textOf(page, tid(`log-reason-${ids[0]}`))).toBe('旧的创建记录');
  await shot(page, 'task-log-en');

  // The same log in Chinese reads as the stored texts.
  await closeTaskDrawer(page);
  await click(page, 'lang-zh-CN');
  await openTaskDrawer(page, TASK);
  await click(page, 'tab-log');
  await waitForText(page, tid(`log-reason-${ids[1]}`), '用户启动');
  expect(await textOf(page, tid(`log-reason-${ids[3]}`))).toBe(
    `平台故障，任务暂停：线路 ${line.id}的网关不可达 (GATEWAY_DOWN)`,
  );
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
