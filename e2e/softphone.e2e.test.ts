// The web softphone in Chromium (fake microphone): operator01 works extension seat 8101; logged in,
// its browser registers the extension on the simulator's SIP-over-WebSocket registrar (credentials
// from the platform's mod_xml_curl directory). A customer of the simulator talks to the demo bot,
// which transfers: operator01 accepts the pop-up, the bridge to user/8101 rings the softphone, it is
// answered and hung up from the browser. Then a dial from the personal center: a wrong number is
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
import { click, fill, login, newPage, shot, textOf, tid } from './support/browser';
import { useE2eEnv } from './support/platform';

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

it('registers, rings on a transferred call, answers and hangs up; dials out with the number rule; keeps dial records', async () => {
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
  await click(page, 'offer-accept');

  // The bridge to user/8101 rings the browser.
  await waitPhase(page, 'incoming');
  expect(await textOf(page, tid('softphone-phase'))).toContain('139****0089');
  await shot(page, 'softphone-incoming');
  await click(page, 'softphone-answer');
  await waitPhase(page, 'active', 10_000);
  await shot(page, 'softphone-active');
  await click(page, 'softphone-hangup');
  await waitPhase(page, 'ended', 10_000);

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
