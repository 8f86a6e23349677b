// Transfer to a human seat in Chromium: operator01 works a seat of merchant01's group 1 (the group the
// demo mortgage bot transfers to) and sits on its home page in its own browser context; a customer of
// the simulator answers the bot's questions, the bot transfers, and the pop-up comes up with the
// customer card and the transcript so far; operator01 accepts, the call is bridged to the seat's
// extension and ends; the record says who took it and the seat is in wrap-up.
import { randomUUID } from 'node:crypto';
import type { CallWorker } from '../media/src/calls/worker';
import { startTestWorker } from '../test/mediaKit';
import { DEFAULT_PERSONAS } from '../media/src/sim/personas';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { mortgageYesPersona } from '../media/src/sim/testing';
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
    personas: [
      mortgageYesPersona({
        name: 'e2e-yes',
        match: `^${PHONE}$`,
        ringMs: [300, 300],
        replyDelayMs: [200, 200],
      }),
      ...DEFAULT_PERSONAS,
    ],
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
  const deadline = Date.now() + 10_000;
  while ((await env.platform.server.io.in(`seat:${seat.id}`).fetchSockets()).length === 0) {
    if (Date.now() > deadline) throw new Error('the seat user never joined its room');
    await new Promise((r) => setTimeout(r, 50));
  }
  await op.put(`/api/seats/${seat.id}/state`, { online: true });

  const merchant = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  const bot = await k('bots').where({ account_id: merchant }).orderBy('id').first('id', 'published_version');
  const line = await k('sip_lines').where({ name: 'sim-line-1' }).first('id');
  const uuid = randomUUID();
  await env.platform.server.deps.queues.dial.add(
    {
      callUuid: uuid,
      accountId: merchant,
      botId: Number(bot.id),
      botVersion: Number(bot.published_version),
      lineId: Number(line.id),
      phone: PHONE,
      callerNumber: '',
      customerId: null,
    },
    { jobId: uuid },
  );

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
