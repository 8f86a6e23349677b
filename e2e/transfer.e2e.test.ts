// Transfer to a human seat in Chromium: operator01 works a seat of merchant01's group 1 (the group the
// demo mortgage bot transfers to) and sits on its home page in its own browser context; a customer of
// the simulator answers the bot's questions, the bot transfers, and the pop-up comes up with the
// customer card and the transcript so far; operator01 accepts, the call is bridged to the seat's
// extension and ends; the record says who took it and the seat is in wrap-up.
import type { CallWorker } from '../media/src/calls/worker';
import { dialDemoBot, seatSocketJoined, startTestWorker, transferringCallee } from '../test/mediaKit';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { maskPhone } from '../domain/format';
import type { SeatDto, SeatGroupDto } from '../domain/seats';
import { loggedIn } from '../test/fixtures';
import { click, login, newPage, shot, textOf, tid } from './support/browser';
import { useE2eEnv } from './support/platform';

const SCALE = 0.1;
const env = useE2eEnv(120_000);
const PHONE = '13900000088';

let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 11,
    heartbeatMs: 0,
    personas: transferringCallee(PHONE),
  });
  worker = await startTestWorker(env.platform, sim.port, SCALE);
});
afterAll(async () => {
  await worker?.close();
  await sim?.close();
});

it('a seat in its own browser gets the transfer pop-up with card and transcript, accepts, and the call is bridged', async () => {
  const k = env.platform.db.knex;
  const m1 = await loggedIn(env.platform, 'merchant01');
  const op = await loggedIn(env.platform, 'operator01');
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '转接组' })).body.data!;
  expect(group.id).toBe(1); // the demo bots transfer to group 1
  const opId = Number((await k('accounts').where({ account: 'operator01' }).first('id')).id);
  const seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '坐席甲',
      type: 'extension',
      extension: '8101',
      authName: 'seat8101',
      authPassword: 'Desk-Pass-81',
      groupId: group.id,
      userId: opId,
    })
  ).body.data!;

  // operator01 in a browser context of its own, on its home page.
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  // Its socket sits in the seat's room once connected; then it goes online at its desk.
  await seatSocketJoined(env.platform, seat.id);
  await op.put(`/api/seats/${seat.id}/state`, { online: true });

  const uuid = await dialDemoBot(env.platform, PHONE);

  await page.waitForSelector(tid('offer-dialog'), { timeout: 60_000 });
  expect(await textOf(page, tid('offer-card'))).toContain(maskPhone(PHONE));
  await page.waitForFunction(
    (sel) => (document.querySelector(sel)?.textContent ?? '').length > 0,
    {},
    tid('offer-transcript'),
  );
  expect(await textOf(page, tid('offer-transcript'))).toContain('首套');
  await new Promise((r) => setTimeout(r, 400)); // the dialog's fade-in, for the screenshot
  await shot(page, 'transfer-offer');
  await click(page, 'offer-accept');

  const deadlineEnd = Date.now() + 60_000;
  let call;
  for (;;) {
    call = await k('calls').where({ call_uuid: uuid }).first();
    if (call?.status === 'ended') break;
    if (Date.now() > deadlineEnd) throw new Error('the call never ended');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(call).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seat.id) });
  const offer = await k('seat_offers').where({ call_uuid: uuid }).first();
  expect(offer.answered_at).not.toBeNull();
  await page.waitForSelector(`${tid('offer-dialog')}[data-phase="accepted"]`);
  await shot(page, 'transfer-accepted');
});
