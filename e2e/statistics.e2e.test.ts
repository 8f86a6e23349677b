// The statistics pages in Chromium, in Chinese and in English: merchant01's settled calls of two days
// ago show as a chart and a table on the number, line, expense and business reports; the number
// report's total is the fixture's count.
import { randomUUID } from 'node:crypto';
import { settleEnded } from '../server/src/dialer/settle';
import { useE2eEnv } from './support/platform';
import { login, newPage, shot, tid, waitForText } from './support/browser';

const env = useE2eEnv(180_000);

const idOf = async (account: string) =>
  Number((await env.platform.db.knex('accounts').where({ account }).first('id')).id);

it('draws each report with a chart and a table, in both languages', async () => {
  const op1 = await idOf('operator01');
  const at = new Date(Date.now() - 2 * 86_400_000);
  for (const [i, level] of [21, 22, 23, 63, 67, 68].entries())
    await env.platform.db.knex('calls').insert({
      call_uuid: randomUUID(),
      account_id: op1,
      bot_id: 1,
      bot_version: 1,
      phone_masked: '137****0000',
      phone_hash: `e2e-stat-${i}`,
      status: 'ended',
      result_level: level,
      grade: level <= 26 ? level : null,
      answered_at: level <= 26 ? at : null,
      talk_ms: level <= 26 ? 40_000 : 0,
      billable_ms: level <= 26 ? 40_000 : 0,
      created_at: at,
      ended_at: at,
    });
  await settleEnded(env.platform.server.deps);

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  for (const lang of ['zh-CN', 'en']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    for (const [path, testId, bar] of [
      ['statistic/mobilestatistic', 'numbers-page', '.recharts-bar-rectangle'],
      ['statistic/sipstatistic', 'lines-page', '.recharts-bar-rectangle'],
      ['statistic/expensereport', 'expense-page', '.recharts-bar-rectangle'],
      ['bussinesscentral/report', 'business-page', '.recharts-bar-rectangle'],
    ] as const) {
      await page.goto(`${env.platform.url}/rootmain/${path}`);
      await page.waitForSelector(tid(testId));
      await page.waitForSelector(`${tid('report-chart')} ${bar}`);
      await page.waitForSelector(tid('report-table'));
      await shot(page, `statistics-${testId}-${lang}`);
    }
    await page.goto(`${env.platform.url}/rootmain/statistic/mobilestatistic`);
    await waitForText(page, `${tid('report-total')} td:nth-child(2)`, '6');
    const header = await page.$eval(`${tid('report-table')} th:nth-child(2)`, (el) => el.textContent);
    expect(header).toBe(lang === 'en' ? 'Dialled' : '外呼数');
  }
  expect(errors).toEqual([]);
});
