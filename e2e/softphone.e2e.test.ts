// The web softphone in Chromium (fake microphone): operator01 works extension seat 8101; logged in,
// its browser registers the extension on the simulator's SIP-over-WebSocket registrar (credentials
// from the platform's mod_xml_curl directory). A customer of the simulator talks to the demo bot,
// which transfers: operator01 accepts the pop-up once, and the bridge to user/8101 (naming the call)
// is answered by the softphone itself; the desk's hang-up ends it, and the seat is idle again after
// the wrap-up time. Without a microphone (a Chromium without fake media) the accept says why, the
// seat goes do-not-disturb and the call goes back to the bot's fallback. Then a dial from the personal center: a wrong number is
// refused ("number dialed is incorrect"), 9999 is answered by the simulator and hung up; both calls
// are in the dial records, and the dial is charged from the CDR the simulator posts (mod_json_cdr).
import type { CallWorker } from '../media/src/calls/worker';
import { dialDemoBot, seatSocketJoined, startTestWorker, transferringCallee } from '../test/mediaKit';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { jsonCdrPoster } from '../media/src/sim/sipws/cdr';
import { xmlCurlDirectory } from '../media/src/sim/sipws/directory';
import type { SeatDto, SeatGroupDto } from '../domain/seats';
import { menuPath } from '../domain/menus';
import { loggedIn } from '../test/fixtures';
import {
  click,
  fill,
  launchBrowser,
  login,
  newPage,
  shot,
  textOf,
  tid,
  waitForText,
} from './support/browser';
import { useE2eEnv } from './support/platform';
import { wrapUp } from '../server/src/modules/seats/state/transfer';

const SCALE = 0.2;
const env = useE2eEnv(150_000);
const PHONE = '13900000089';

let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  const p = env.platform;
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 12,
    heartbeatMs: 0,
    personas: transferringCallee(PHONE),
    sipWs: {
      port: 0,
      calleeRingMs: 300,
      calleeAnswerMs: 800,
      directory: xmlCurlDirectory({
        url: `${p.url}/fsapi/xml`,
        user: p.config.fsXmlCurlUser,
        password: p.config.fsXmlCurlPassword,
      }),
      cdr: jsonCdrPoster({
        url: `${p.url}/fsapi/cdr`,
        user: p.config.fsXmlCurlUser,
        password: p.config.fsXmlCurlPassword,
      }),
    },
  });
  // A short manual-transfer wait (set before the worker loads the bot): the call with no seat left
  // goes back to the bot soon.
  await p.db
    .knex('bot_versions')
    .update({ definition: p.db.knex.raw(`jsonb_set(definition, '{settings,transferWaitSeconds}', '10')`) });
  // The browser registers where the server says (GET /api/softphone/config).
  p.config.softphone.wsUrl = `ws://127.0.0.1:${sim.sipWsPort}`;
  worker = await startTestWorker(p, sim.port, SCALE);
});
afterAll(async () => {
  await worker?.close();
  await sim?.close();
});

const waitPhase = (page: Awaited<ReturnType<typeof newPage>>, phase: string, ms = 30_000) =>
  page.waitForSelector(`${tid('softphone-call')}[data-phase="${phase}"]`, { timeout: ms });

it('registers; one accept in the pop-up answers the transferred call; hangs up from the desk, idle after wrap-up; dials out; keeps dial records', async () => {
  const k = env.platform.db.knex;
  const m1 = await loggedIn(env.platform, 'merchant01');
  const op = await loggedIn(env.platform, 'operator01');
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '转接组' })).body.data!;
  expect(group.id).toBe(1); // the demo bots transfer to group 1
  const opId = Number((await k('accounts').where({ account: 'operator01' }).first('id')).id);
  const seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '网页电话坐席',
      type: 'extension',
      extension: '8101',
      authName: 'seat8101',
      authPassword: 'Desk-Pass-81',
      groupId: group.id,
      userId: opId,
      enabled: true,
      autoAnswer: false,
    })
  ).body.data!;

  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  // The compact phone registers by itself.
  await page.waitForSelector(
    `${tid('softphone-widget')} ${tid('softphone-registration')}[data-state="registered"]`,
    {
      timeout: 20_000,
    },
  );
  await seatSocketJoined(env.platform, seat.id);
  await op.put(`/api/seats/${seat.id}/state`, { online: true });

  // A customer call the bot transfers to group 1.
  const uuid = await dialDemoBot(env.platform, PHONE);
  await page.waitForSelector(tid('offer-accept'), { timeout: 60_000 });
  await shot(page, 'softphone-offer');
  await click(page, 'offer-accept');

  // One accept takes the call: the bridge to user/8101 names the call (X-Call-UUID), so the phone
  // answers it by itself, never offering a second answer button, and the pop-up gives way to it.
  await waitPhase(page, 'active');
  expect(await textOf(page, tid('softphone-phase'))).toContain('139****0089');
  expect(await page.$(tid('softphone-answer'))).toBeNull();
  await page.waitForSelector(tid('offer-dialog'), { hidden: true });
  await shot(page, 'softphone-active');
  const inbound = await k('softphone_calls').where({ call_uuid: uuid }).first();
  expect(inbound).toMatchObject({ direction: 'in' });

  // Hang up from the seat desk (reached in the app, so the call goes on): the desk hangs up on the
  // phone; the seat wraps up, then is idle again once the wrap-up time ran out (no disposition).
  wrapUp.timeoutMs = 3000;
  await click(page, 'seat-desk-link');
  const onDesk = `${tid('desk-call')}[data-call="${uuid}"]`;
  await page.waitForSelector(`${onDesk}[data-phase="talking"]`, { timeout: 15_000 });
  await click(page, 'desk-hangup');
  await waitPhase(page, 'ended', 10_000);
  await page.waitForSelector(`${onDesk}[data-phase="wrapup"]`, { timeout: 15_000 });
  await page.waitForSelector(tid('desk-wrapup-note'));
  await shot(page, 'softphone-desk-wrapup');
  const seatStatus = async () =>
    (await op.get<SeatDto>(`/api/seats/${seat.id}/state`)).body.data!.state.status;
  const idleBy = Date.now() + 15_000;
  while ((await seatStatus()) !== 'idle') {
    if (Date.now() > idleBy) throw new Error('the seat never came back from wrap-up');
    await new Promise((r) => setTimeout(r, 200));
  }
  // The desk is free for the next call.
  await page.waitForSelector(tid('desk-no-call'), { timeout: 10_000 });

  const deadlineEnd = Date.now() + 30_000;
  let call;
  for (;;) {
    call = await k('calls').where({ call_uuid: uuid }).first();
    if (call?.status === 'ended') break;
    if (Date.now() > deadlineEnd) throw new Error('the call never ended');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(call).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seat.id) });
  const deadlineRec = Date.now() + 10_000;
  let rec;
  for (;;) {
    rec = await k('softphone_calls').where({ call_uuid: uuid }).first();
    if (rec?.outcome) break;
    if (Date.now() > deadlineRec) throw new Error('no finished dial record for the transferred call');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(rec).toMatchObject({ direction: 'in', outcome: 'answered', seat_id: String(seat.id) });
  expect(rec.answered_at).not.toBeNull();

  // The personal center's softphone: the number rule, then a dial the simulator answers.
  await page.goto(`${env.platform.url}${menuPath('mymain/main')}?tab=softphone`);
  await page.waitForSelector(
    `${tid('softphone-panel')} ${tid('softphone-registration')}[data-state="registered"]`,
  );
  expect(await textOf(page, tid('softphone-simulator-note'))).toContain('只有信令');
  await fill(page, 'softphone-number', '12345678901234');
  await click(page, 'softphone-dial');
  expect(await textOf(page, tid('softphone-number-error'))).toBe('拨打的号码不正确');
  await fill(page, 'softphone-number', '9999');
  await click(page, 'softphone-dial');
  await page.waitForSelector(`${tid('softphone-panel')} ${tid('softphone-call')}[data-phase="active"]`, {
    timeout: 15_000,
  });
  // Hold and resume (re-INVITEs the simulator answers), a DTMF key (SIP INFO).
  await click(page, 'softphone-hold');
  await page.waitForSelector(`${tid('softphone-hold')}.bp6-active`);
  await click(page, 'softphone-hold');
  await page.waitForSelector(`${tid('softphone-hold')}:not(.bp6-active)`);
  await click(page, 'softphone-mute');
  await page.waitForSelector(`${tid('softphone-mute')}.bp6-active`);
  await click(page, 'softphone-key-1');
  await page.waitForSelector(tid('softphone-digits'));
  await shot(page, 'softphone-dial-active');
  await click(page, 'softphone-hangup');
  // Both calls in the dial records, newest first: the dial, then the transferred call.
  await page.waitForFunction(
    (sel) => document.querySelectorAll(sel).length === 2,
    {},
    `${tid('softphone-records')} tbody tr[data-outcome="answered"]`,
  );
  const rows = await page.$$eval(`${tid('softphone-records')} tbody tr`, (trs) =>
    trs.map((tr) => tr.getAttribute('data-outcome')),
  );
  expect(rows).toEqual(['answered', 'answered']);
  const out = await k('softphone_calls').where({ direction: 'out' }).first();
  expect(out).toMatchObject({ number: '9999', outcome: 'answered' });
  // The switch's CDR names the browser's record (X-Callplat-Record): that row is charged, no other.
  for (let i = 0; i < 250; i++) {
    if ((await k('softphone_calls').where({ id: out.id }).first()).settled_at) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const charged = await k('softphone_calls').where({ id: out.id }).first();
  expect(charged.settled_at).not.toBeNull();
  expect(charged.fs_uuid).not.toBeNull();
  expect(await k('softphone_calls').count({ n: '*' })).toEqual([{ n: '2' }]);
  await click(page, 'softphone-records-refresh');
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.textContent !== '未计费',
    {},
    tid(`softphone-record-${out.id}-charge`),
  );
  await shot(page, 'softphone-records');
});

it('without a microphone: accepting says why, the seat goes do-not-disturb, and the call goes back to the bot', async () => {
  const k = env.platform.db.knex;
  const op = await loggedIn(env.platform, 'operator01');
  const seat = (await op.get<SeatDto[]>('/api/seats/mine')).body.data![0]!;
  // Only the browser without a microphone works the seat now.
  for (const pg of await env.b.browser.pages()) await pg.close();
  const bare = await launchBrowser({ fakeMedia: false });
  try {
    const page = await newPage(bare);
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Uncaught|unhandled/i.test(m.text())) uncaught.push(m.text());
    });
    await login(page, env.platform.url, 'operator01');
    await page.waitForSelector(
      `${tid('softphone-widget')} ${tid('softphone-registration')}[data-state="registered"]`,
      { timeout: 20_000 },
    );
    await seatSocketJoined(env.platform, seat.id);
    await op.put(`/api/seats/${seat.id}/state`, { online: true, dnd: false });
    const uuid = await dialDemoBot(env.platform, PHONE);
    await page.waitForSelector(tid('offer-accept'), { timeout: 60_000 });
    await click(page, 'offer-accept');
    // A clear message, a note on the phone that stays, and the pop-up gone.
    await waitForText(page, '.bp6-toast-container', '麦克风');
    expect(await textOf(page, tid('softphone-mic-problem'))).toContain('麦克风');
    await page.waitForSelector(tid('offer-dialog'), { hidden: true });
    await shot(page, 'softphone-no-mic');
    expect((await op.get<SeatDto>(`/api/seats/${seat.id}/state`)).body.data!.state.dnd).toBe(true);
    // No other seat: when the wait is over the bot goes on at the transfer's fallback flow.
    const by = Date.now() + 60_000;
    let call;
    for (;;) {
      call = await k('calls').where({ call_uuid: uuid }).first();
      if (call?.status === 'ended') break;
      if (Date.now() > by) throw new Error('the call never ended');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(call.transfer_outcome).toBe('timeout');
    const lines = await k('conversation_lines').where({ call_id: call.id }).orderBy('seq');
    expect(lines.some((l) => String(l.khcontent).includes('客户经理正在忙'))).toBe(true);
    const offers = await k('seat_offers').where({ call_uuid: uuid });
    expect(offers).toHaveLength(1);
    expect(offers[0].declined_at).not.toBeNull();
    expect(uncaught).toEqual([]);
  } finally {
    await bare.close();
  }
});
