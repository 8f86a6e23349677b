// A work reminder falling due reaches its owner's open browser live: a toast with its details and
// the header bell's count. The 30-second tick itself is Bull's; here the test runs one tick at once.
import { accountId, insertCustomer, loggedIn } from '../test/fixtures';
import { pushDueReminders } from '../server/src/modules/crm/followups/reminders';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { useE2eEnv } from './support/platform';

const env = useE2eEnv(90_000);

it('shows a reminder that falls due as a toast and in the notice bell', async () => {
  const p = env.platform;
  const page = await newPage(env.b, true);
  await login(page, p.url, 'operator01');

  const op = await loggedIn(p, 'operator01');
  const customer = await insertCustomer(p, await accountId(p, 'operator01'), { name: '赵提醒' });
  const inAMinute = new Date(Date.now() + 60_000).toISOString();
  const made = await op.post(`/api/crm/customers/${customer}/follow-ups`, {
    recordType: 0,
    stage: 300,
    contactMethod: 301,
    details: '回电确认合同',
    remindAt: inAMinute,
  });
  expect(made.body.code).toBe(200);
  // Let the reminder fall due now instead of in a minute.
  await p.db
    .knex('follow_ups')
    .where({ customer_id: customer, record_type: 0 })
    .update({ remind_at: new Date() });

  const unread = Number((await textOf(page, tid('notice-count')).catch(() => '0')) || 0);
  expect((await pushDueReminders(p.server.deps)).pushed).toBe(1);
  // Two toasts: the new notice and the reminder itself.
  await waitForText(page, '.bp6-toast-container', '工作提醒已到期');
  await waitForText(page, '.bp6-toast-container', '回电确认合同');
  await waitForText(page, tid('notice-count'), String(unread + 1));
  await shot(page, 'crm-reminder-toast');

  // The bell's entry is in the viewer's language, and follows a switch; the details as typed.
  const notice = await p.db
    .knex('notices')
    .where({ account_id: await accountId(p, 'operator01'), title_key: 'reminder.title' })
    .orderBy('id', 'desc')
    .first('id');
  await click(page, 'notice-bell');
  await waitForText(page, tid(`notice-${notice.id}`), '工作提醒：赵提醒');
  expect(await textOf(page, tid(`notice-${notice.id}`))).toContain('回电确认合同');
  await click(page, 'lang-en'); // a click outside: the popover closes
  await page.waitForSelector(tid(`notice-${notice.id}`), { hidden: true });
  await waitForText(page, tid('notice-bell'), String(unread + 1));
  await click(page, 'notice-bell');
  await waitForText(page, tid(`notice-${notice.id}`), 'Reminder: 赵提醒');
  expect(await textOf(page, tid(`notice-${notice.id}`))).toContain('回电确认合同');
  await shot(page, 'notice-reminder-en');
});
