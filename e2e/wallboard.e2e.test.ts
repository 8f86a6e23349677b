// The supervisor wallboard in Chromium: merchant01 opens /rootsidebarmain/robotui, a call of the
// demo mortgage bot runs against the simulator (a customer who answers every question, so the bot
// reaches its transfer node; merchant01 has no seat group 1 here, so the transfer fails and the bot
// hangs up). The call appears live (pushed by the media worker's own emitter), its transcript grows
// on click, and when it ends today's KPIs move (dialed, transfers, abandoned on transfer) without a
// reload. The super administrator's merchant selector narrows the board to a merchant.
import { randomUUID } from 'node:crypto';
import type { CallWorker } from '../media/src/calls/worker';
import { dialDemoBot, startTestWorker, transferringCallee } from '../test/mediaKit';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { maskPhone } from '../domain/format';
import { click, login, newPage, shot, textOf, tid } from './support/browser';
import { useE2eEnv } from './support/platform';

const SCALE = 0.3;
const env = useE2eEnv(150_000);
const PHONE = '13900000077';

let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 12,
    heartbeatMs: 0,
    personas: transferringCallee(PHONE, { name: 'e2e-wall', ringMs: [1500, 1500], replyDelayMs: [400, 400] }),
  });
  worker = await startTestWorker(env.platform, sim.port, SCALE);
});
afterAll(async () => {
  await worker?.close();
  await sim?.close();
});

const kpi = async (page: Parameters<typeof textOf>[0], key: string) => textOf(page, tid(`kpi-${key}-value`));

it('shows a simulated call live with its transcript, and moves the KPIs when it ends', async () => {
  const k = env.platform.db.knex;
  const page = await newPage(env.b);
  await login(page, env.platform.url, 'merchant01');
  await page.goto(`${env.platform.url}/rootmain/rootsidebarmain/robotui`);
  await page.waitForSelector(`${tid('wall-live')}[data-status="on"]`, { timeout: 20_000 });
  await page.waitForSelector(tid('wall-kpis'));
  const dialedBefore = Number(await kpi(page, 'dialed'));
  const transfersBefore = Number(await kpi(page, 'transfers'));
  expect(await textOf(page, tid('wall-live-calls'))).toContain('当前没有通话');

  const uuid = await dialDemoBot(env.platform, PHONE);

  // Pushed, not polled: the call shows up while it rings or talks.
  const row = `${tid('wall-call')}[data-uuid="${uuid}"]`;
  await page.waitForSelector(row, { timeout: 30_000 });
  expect(Number(await textOf(page, tid('wall-live-count')))).toBe(1);
  await page.locator(row).click();
  await page.waitForSelector(`${tid('wall-transcript')}[data-uuid="${uuid}"]`);
  await page.waitForFunction(
    (sel) => (document.querySelector(sel)?.textContent ?? '').includes('首套'),
    { timeout: 60_000 },
    tid('wall-transcript-lines'),
  );
  expect(await textOf(page, tid('wall-transcript-lines'))).toContain('张先生');
  expect(await textOf(page, row)).toContain(maskPhone(PHONE).slice(0, 3));
  await shot(page, 'wallboard-live-call');

  // The call ends: it leaves the live list and today's KPIs move by exactly one.
  await page.waitForSelector(row, { hidden: true, timeout: 60_000 });
  await page.waitForFunction(
    (sel, n) => Number(document.querySelector(sel)?.textContent) === n,
    { timeout: 10_000 },
    tid('kpi-dialed-value'),
    dialedBefore + 1,
  );
  const rec = await k('calls').where({ call_uuid: uuid }).first('status', 'transfer_outcome');
  expect(rec.status).toBe('ended');
  expect(rec.transfer_outcome).toBe('badGroup');
  expect(Number(await kpi(page, 'transfers'))).toBe(transfersBefore + 1);
  expect(await kpi(page, 'abandon')).toBe('100.0%');
  expect(await textOf(page, tid('kpi-abandon-sub'))).toBe('1 通');
  // The live view agrees with a fresh snapshot (no gap, no double count).
  await page.reload();
  await page.waitForSelector(`${tid('wall-live')}[data-status="on"]`, { timeout: 20_000 });
  await page.waitForFunction(
    (sel, n) => Number(document.querySelector(sel)?.textContent) === n,
    { timeout: 10_000 },
    tid('kpi-dialed-value'),
    dialedBefore + 1,
  );
  expect(Number(await kpi(page, 'transfers'))).toBe(transfersBefore + 1);
  await shot(page, 'wallboard-after-call');
  await page.close();
});

it('lets the super administrator pick a merchant', async () => {
  // A call of merchant01 that ended a moment ago (the test stands alone).
  const m1 = Number((await env.platform.db.knex('accounts').where({ account: 'merchant01' }).first('id')).id);
  const at = new Date(Date.now() - 5000);
  await env.platform.db.knex('calls').insert({
    call_uuid: randomUUID(),
    account_id: m1,
    bot_id: 1,
    bot_version: 1,
    phone_masked: maskPhone('13900000078'),
    phone_hash: 'x'.repeat(64),
    status: 'ended',
    result_level: 63,
    created_at: at,
    ended_at: at,
  });
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'superadmin');
  await page.goto(`${env.platform.url}/rootmain/rootsidebarmain/robotui`);
  await page.waitForSelector(`${tid('wall-live')}[data-status="on"]`, { timeout: 20_000 });
  await page.waitForSelector(`${tid('wall-merchant')} option:nth-child(2)`);
  const merchant = String(
    (await env.platform.db.knex('accounts').where({ account: 'merchant01' }).first('id')).id,
  );
  await page.select(tid('wall-merchant'), merchant);
  expect(await page.$eval(tid('wall-merchant'), (e) => (e as HTMLSelectElement).value)).toBe(merchant);
  await page.waitForSelector(`${tid('wall-live')}[data-status="on"]`, { timeout: 20_000 });
  await page.waitForFunction(
    (sel) => Number(document.querySelector(sel)?.textContent) >= 1,
    {},
    tid('kpi-dialed-value'),
  );
  await shot(page, 'wallboard-superadmin-merchant');
  await click(page, 'wall-group-line');
  await page.close();
});
