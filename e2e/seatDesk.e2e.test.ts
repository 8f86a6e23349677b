// The seat desk in Chromium: operator01 works a seat of merchant01's group 1 (the group the demo
// mortgage bot transfers to), opens its desk from the header and goes online there. A customer of the
// simulator (a known customer of merchant01) talks to the bot, which transfers; operator01 accepts
// the pop-up, the desk shows the call, the customer card and the transcript; a reload brings the call
// back from the server; the seat writes a follow-up and a disposition, which ends wrap-up, and the
// recent calls list shows the call with it.
import type { CallWorker } from '../media/src/calls/worker';
import { dialDemoBot, seatSocketJoined, startTestWorker, transferringCallee } from '../test/mediaKit';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { maskPhone } from '../domain/format';
import type { SeatDto, SeatGroupDto } from '../domain/seats';
import { insertCustomer, loggedIn } from '../test/fixtures';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { useE2eEnv } from './support/platform';

const SCALE = 0.1;
const env = useE2eEnv(150_000);
const PHONE = '13900000099';

let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 12,
    heartbeatMs: 0,
    personas: transferringCallee(PHONE, { name: 'e2e-desk' }),
  });
  worker = await startTestWorker(env.platform, sim.port, SCALE);
});
afterAll(async () => {
  await worker?.close();
  await sim?.close();
});

it('a seat takes a transferred call on its desk, writes a follow-up and a disposition, and sees it in recent calls', async () => {
  const k = env.platform.db.knex;
  const m1 = await loggedIn(env.platform, 'merchant01');
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '转接组' })).body.data!;
  expect(group.id).toBe(1); // the demo bots transfer to group 1
  const opId = Number((await k('accounts').where({ account: 'operator01' }).first('id')).id);
  const seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '坐席乙',
      type: 'extension',
      extension: '8102',
      authName: 'seat8102',
      authPassword: 'Desk-Pass-82',
      groupId: group.id,
      userId: opId,
    })
  ).body.data!;
  const merchant = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  const customerId = await insertCustomer(env.platform, merchant, { phone: PHONE, name: '李女士' });

  // operator01 in its own browser context opens the desk from the header and goes online there.
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  await click(page, 'seat-desk-link');
  await page.waitForSelector(tid('seat-desk'));
  await page.waitForSelector(tid('desk-no-call'));
  await seatSocketJoined(env.platform, seat.id);
  await click(page, `desk-online-${seat.id}`);
  await page.waitForSelector(`${tid(`seat-status-${seat.id}`)}[data-status="idle"]`);

  const uuid = await dialDemoBot(env.platform, PHONE, customerId);

  // The pop-up rings on the desk page too; the seat accepts and closes it.
  await page.waitForSelector(tid('offer-dialog'), { timeout: 60_000 });
  await click(page, 'offer-accept');
  await page.waitForSelector(`${tid('offer-dialog')}[data-phase="accepted"]`);
  await click(page, 'offer-close');

  // The desk shows the call: card and transcript.
  const onDesk = `${tid('desk-call')}[data-call="${uuid}"]`;
  await page.waitForSelector(onDesk, { timeout: 30_000 });
  expect(await textOf(page, `${onDesk} ${tid('offer-card')}`)).toContain(maskPhone(PHONE));
  expect(await textOf(page, `${onDesk} ${tid('offer-name')}`)).toBe('李女士');
  await waitForText(page, `${onDesk} ${tid('offer-transcript')}`, '首套');

  // The call ends (the simulator's customer hangs up on the seat): wrap-up.
  const endBy = Date.now() + 60_000;
  for (;;) {
    const call = await k('calls').where({ call_uuid: uuid }).first('status');
    if (call?.status === 'ended') break;
    if (Date.now() > endBy) throw new Error('the call never ended');
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.waitForSelector(`${onDesk}[data-phase="wrapup"]`, { timeout: 15_000 });

  // A reload: the call comes back from the server, not from memory.
  await page.reload();
  await page.waitForSelector(`${onDesk}[data-phase="wrapup"]`, { timeout: 15_000 });
  await waitForText(page, `${onDesk} ${tid('offer-transcript')}`, '首套');

  // Quick follow-up on the customer.
  await page.type(`${onDesk} #fu-details`, '客户想了解首套房贷款利率，已约下周面谈');
  await click(page, 'fu-submit');
  await page.waitForSelector(tid('desk-follow-up-saved'));
  const fu = await k('follow_ups')
    .where({ customer_id: customerId, record_type: 1 })
    .orderBy('id', 'desc')
    .first();
  expect(fu).toMatchObject({ account_id: String(opId), details: '客户想了解首套房贷款利率，已约下周面谈' });
  await waitForText(page, `${onDesk} ${tid('offer-follow-up')}`, '已约下周面谈');
  await page.$eval(onDesk, (el) => el.scrollIntoView({ block: 'start' }));
  await new Promise((r) => setTimeout(r, 200));
  await shot(page, 'seat-desk-call');

  // The disposition: refused without a choice, then saved; it ends wrap-up.
  await click(page, 'desk-disposition-submit');
  await page.waitForSelector(tid('error-disposition'));
  await page.$eval(tid('disposition-interested'), (el) => (el as HTMLInputElement).click());
  await page.type(tid('desk-disposition-note-input'), '下周面谈');
  await click(page, 'desk-disposition-submit');
  await page.waitForSelector(tid('desk-no-call'), { timeout: 15_000 });
  const d = await k('seat_dispositions as d')
    .join('calls as c', 'c.id', 'd.call_id')
    .where('c.call_uuid', uuid)
    .first('d.*');
  expect(d).toMatchObject({ disposition: 'interested', note: '下周面谈', seat_id: String(seat.id) });
  const state = await (
    await loggedIn(env.platform, 'operator01')
  ).get<SeatDto>(`/api/seats/${seat.id}/state`);
  expect(state.body.data!.state).toMatchObject({ activity: 'idle', online: true });

  // Recent calls: the call with its disposition.
  const row = `${tid('desk-recent-row')}[data-call="${uuid}"]`;
  await page.waitForSelector(row);
  await waitForText(page, `${row} ${tid('desk-recent-disposition')}`, '有意向');
  expect(await textOf(page, row)).toContain('李女士');
  await shot(page, 'seat-desk-recent');
});
