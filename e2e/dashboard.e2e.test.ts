// The dashboard in Chromium: merchant01 sees its subtree's seeded calls as figures and recharts
// charts, then a call of its operator ends: the record is written and the media worker's own live
// emitter (media/src/calls/live.ts) sends call:state (in live:batch frames) to account:<operator>, and today's counters move
// without a reload, and 数据截至 moves to that call's time. Spend (消费金额) is merchant01's ledger:
// calls settled at the demo seed's rates show as charges equal to its 'call' ledger rows. The
// personal center's environment check runs with Chromium's fake devices.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { phoneHash } from '../platform/secrets';
import { maskPhone } from '../domain/format';
import { CallLive } from '../media/src/calls/live';
import { DEMO_RATES } from '../seeds/01-demo';
import { settleEnded } from '../server/src/dialer/settle';
import { chargeFen } from '../domain/dialer/billing';
import { fenToYuan } from '../domain/format';
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
const DAY = 86_400_000;

async function insertEnded(accountId: number, endedAt: Date, over: Record<string, unknown> = {}) {
  const uuid = randomUUID();
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await env.platform.db.knex('calls').insert({
    call_uuid: uuid,
    account_id: accountId,
    bot_id: 1,
    bot_version: 1,
    phone_masked: maskPhone(phone),
    phone_hash: phoneHash(env.platform.config.secretKey, phone),
    status: 'ended',
    created_at: endedAt,
    ended_at: endedAt,
    ...over,
  });
  return uuid;
}

/** An account's call spend from its ledger, in yuan text. */
const ledgerSpend = async (accountId: number) => {
  const row = await env.platform.db
    .knex('ledger_entries')
    .where({ account_id: accountId, kind: 'call' })
    .first(env.platform.db.knex.raw('coalesce(-sum(delta_fen), 0) AS fen'));
  return fenToYuan(Number(row.fen));
};
const { ratePerMinFen: M_RATE, accuracyS: M_ACC } = DEMO_RATES.merchant;

const idOf = async (account: string) =>
  Number((await env.platform.db.knex('accounts').where({ account }).first('id')).id);

it('shows the figures and charts, and counts a call that ends while the page is open', async () => {
  const m1 = await idOf('merchant01');
  const op1 = await idOf('operator01');
  const now = Date.now();
  // Today: two conversations and a not-connected call; the previous days: a few of each grade.
  await insertEnded(m1, new Date(now - 60_000), {
    result_level: 21,
    grade: 21,
    talk_ms: 60_000,
    billable_ms: 60_000,
  });
  await insertEnded(op1, new Date(now - 50_000), {
    result_level: 22,
    grade: 22,
    talk_ms: 30_000,
    billable_ms: 30_000,
  });
  await insertEnded(m1, new Date(now - 40_000), { result_level: 63 });
  for (let d = 1; d <= 6; d++)
    for (let i = 0; i < d; i++)
      await insertEnded(i % 2 ? op1 : m1, new Date(now - d * DAY), {
        result_level: 21 + (i % 6),
        grade: 21 + (i % 6),
        talk_ms: 20_000,
        billable_ms: 20_000,
        settled_at: new Date(now - d * DAY), // settled on their day, not charged now
      });
  // Today's calls are settled (charged at the seed's rates), as the dialer's settler does.
  await settleEnded(env.platform.server.deps);
  const spendToday = chargeFen(60_000, M_RATE, M_ACC) + chargeFen(30_000, M_RATE, M_ACC);
  expect(await ledgerSpend(m1)).toBe(fenToYuan(spendToday));

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await page.waitForSelector(tid('dashboard-page'));
  await waitForText(page, tid('today-dialed'), '3');
  expect(await textOf(page, tid('today-connected'))).toBe('2');
  expect(await textOf(page, tid('today-rate'))).toBe('66.7%');
  expect(await textOf(page, tid('today-a'))).toBe('1');
  expect(await textOf(page, tid('today-b'))).toBe('1');
  expect(await textOf(page, tid('today-minutes'))).toBe('1.5');
  expect(await textOf(page, tid('today-avgtalk'))).toBe('45秒');
  expect(await textOf(page, tid('total-dialed'))).toBe(String(3 + 21));
  // Spend is the ledger, today and all time; the rate in force is shown and needs no hint.
  expect(await textOf(page, tid('today-charged'))).toBe(fenToYuan(spendToday));
  expect(await textOf(page, tid('total-charged'))).toBe(fenToYuan(spendToday));
  expect(await textOf(page, tid('dash-rate'))).toBe(`${fenToYuan(M_RATE)} 元/分钟`);
  expect(await textOf(page, tid('dash-rate-accuracy'))).toBe(`每${M_ACC}秒计费`);
  expect(await page.$(tid('dash-rate-hint'))).toBeNull();
  // The charts are drawn: stacked grade bars, the rate line and the minutes bars.
  await page.waitForSelector(`${tid('chart-grades')} .recharts-bar-rectangle`);
  await page.waitForSelector(`${tid('chart-rate')} .recharts-line-curve`);
  await page.waitForSelector(`${tid('chart-minutes')} .recharts-bar-rectangle`);
  expect(
    await page.$$eval(`${tid('chart-grades')} .recharts-bar-rectangle`, (els) => els.length),
  ).toBeGreaterThan(6);
  // Live: the operator's room is joined (merchant01 watches its subtree).
  await page.waitForSelector(`${tid('dash-live')}[data-status="on"]`);
  await shot(page, 'dashboard-week');

  // A call of operator01 ends: the record, then the event exactly as the media worker emits it.
  const redis = new Redis(env.platform.config.redisUrl);
  try {
    const live = new CallLive(redis, env.platform.config.redisPrefix);
    const asOfBefore = await page.$eval(tid('dash-asof'), (el) => el.getAttribute('data-asof'));
    const endedAt = new Date(Math.max(Date.now(), Date.parse(asOfBefore!) + 1000)).toISOString();
    const uuid = await insertEnded(op1, new Date(), {
      result_level: 21,
      grade: 21,
      talk_ms: 90_000,
      billable_ms: 90_000,
    });
    live.state(
      { callUuid: uuid, accountId: op1, taskId: null },
      {
        callUuid: uuid,
        accountId: op1,
        taskId: null,
        status: 'ended',
        resultLevel: 21,
        grade: 21,
        test: false,
        at: endedAt,
        talkMs: 90_000,
        billableMs: 90_000,
      },
    );
    await waitForText(page, tid('today-dialed'), /^4$/);
    expect(await textOf(page, tid('today-connected'))).toBe('3');
    expect(await textOf(page, tid('today-a'))).toBe('2');
    expect(await textOf(page, tid('today-minutes'))).toBe('3.0');
    expect(await textOf(page, tid('total-dialed'))).toBe(String(4 + 21));
    // 数据截至 moved with the data: it is the time of the call that just ended.
    await page.waitForSelector(`${tid('dash-asof')}[data-asof="${endedAt}"]`);
    await shot(page, 'dashboard-live');

    // The call is settled: the next snapshot shows its charge, equal to the ledger again.
    await settleEnded(env.platform.server.deps);
    const spendNow = spendToday + chargeFen(90_000, M_RATE, M_ACC);
    expect(await ledgerSpend(m1)).toBe(fenToYuan(spendNow));

    // A reload counts the call once: it is in the snapshot now.
    await page.reload();
    await waitForText(page, tid('today-dialed'), /^4$/);
    await page.waitForSelector(`${tid('dash-live')}[data-status="on"]`);
    expect(await textOf(page, tid('today-connected'))).toBe('3');
    expect(await textOf(page, tid('today-charged'))).toBe(fenToYuan(spendNow));
    expect(await textOf(page, tid('total-charged'))).toBe(fenToYuan(spendNow));
    const asOfAfter = await page.$eval(tid('dash-asof'), (el) => el.getAttribute('data-asof'));
    expect(Date.parse(asOfAfter!)).toBeGreaterThan(Date.parse(asOfBefore!));
  } finally {
    redis.disconnect();
  }
  expect(errors).toEqual([]);
  await page.browserContext().close();
});

it('checks the browser, the speaker and the microphone (fake devices)', async () => {
  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-mymain/main');
  await page.waitForSelector(tid('personal-page'));
  expect(await textOf(page, tid('me-account'))).toBe('merchant01');
  await click(page, 'tab-env');
  await page.waitForSelector(`${tid('env-browser-verdict')}[data-ok="true"]`);
  for (const f of ['secureContext', 'webSocket', 'getUserMedia', 'peerConnection', 'audioContext'])
    await page.waitForSelector(`${tid(`env-feature-${f}`)}[data-ok="true"]`);

  // Speaker: the tone plays to its end, then the user confirms hearing it.
  await click(page, 'env-speaker-play');
  await page.waitForSelector(`${tid('env-speaker')}[data-state="played"]`);
  await click(page, 'env-speaker-yes');
  await page.waitForSelector(`${tid('env-speaker-verdict')}[data-ok="true"]`);

  // Microphone: permission granted by the fake UI, the fake device's beep moves the meter.
  await click(page, 'env-mic-start');
  await page.waitForSelector(`${tid('env-mic')}[data-state="listening"]`);
  await page.waitForFunction(
    (sel) => Number(document.querySelector(sel)?.getAttribute('data-peak') ?? 0) > 0,
    {},
    tid('env-mic-level'),
  );
  await page.waitForSelector(`${tid('env-mic-verdict')}[data-ok="true"]`);
  await shot(page, 'personal-env-check');
  await click(page, 'env-mic-stop');
  await page.waitForSelector(`${tid('env-mic')}[data-state="idle"]`);
  expect(errors).toEqual([]);
  await page.browserContext().close();
});

it('tells an account without a call rate why its billed minutes cost nothing', async () => {
  const k = env.platform.db.knex;
  const op1 = await idOf('operator01');
  const m1 = await idOf('merchant01');
  // Only the merchant has a rate: operator01's calls are charged to merchant01 alone.
  await k('billing_rates').where({ account_id: op1 }).delete();
  const spentBefore = await ledgerSpend(op1);
  await insertEnded(op1, new Date(), { result_level: 22, grade: 22, talk_ms: 42_000, billable_ms: 42_000 });
  await settleEnded(env.platform.server.deps);
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  await page.waitForSelector(`${tid('dash-rate-hint')}[data-hint="aboveOnly"]`);
  expect(await textOf(page, tid('dash-rate'))).toBe('未设置');
  // Its earlier charges (at the rate it had) stay; the new call added nothing.
  expect(await ledgerSpend(op1)).toBe(spentBefore);
  expect(await textOf(page, tid('today-charged'))).toBe(spentBefore);
  expect(await textOf(page, tid('dash-rate-hint'))).toContain('未设置费率期间的通话不计入本账号的消费金额');
  // No rate at any level: calls are not billed at all, and the hint says tasks cannot start.
  await k('billing_rates').where({ account_id: m1 }).delete();
  await page.reload();
  await page.waitForSelector(`${tid('dash-rate-hint')}[data-hint="none"]`);
  expect(await textOf(page, tid('dash-rate-hint'))).toContain('任务也无法启动');
  await shot(page, 'dashboard-no-rate');
  await page.browserContext().close();
});
