// Inbound calls in Chromium as merchant01: on /dialcenter/callin it creates a reception scene (the form
// refuses a one-character name first) that answers a number with the first demo bot; a simulator
// customer calls that number, the bot answers, and the record shows in the inbound records with the
// caller's masked number; the outbound page does not list it.
import { maskPhone } from '../domain/format';
import type { CallWorker } from '../media/src/calls/worker';
import { DEFAULT_PERSONAS } from '../media/src/sim/personas';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { RawEsl, refusesPersona } from '../media/src/sim/testing';
import { startTestWorker } from '../test/mediaKit';
import { click, fill, login, newPage, shot, textOf, tid } from './support/browser';
import { useE2eEnv } from './support/platform';

const SCALE = 0.1;
const env = useE2eEnv(120_000);
const CALLER = '13900000066';
const DID = '4008006000';

let sim: Simulator;
let worker: CallWorker | undefined;
let esl: RawEsl | undefined;

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 7,
    heartbeatMs: 0,
    personas: [refusesPersona('e2e-caller', `^${CALLER}$`), ...DEFAULT_PERSONAS],
  });
  worker = await startTestWorker(env.platform, sim.port, SCALE);
  esl = await RawEsl.open(sim.port, '');
});
afterAll(async () => {
  esl?.close();
  await worker?.close();
  await sim?.close();
});

it('creates a scene, a customer calls its number, the bot answers and the record is listed', async () => {
  const k = env.platform.db.knex;
  const m1 = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  const line = await k('sip_lines').where({ account_id: m1 }).orderBy('id').first('id');
  const bot = await k('bots').where({ account_id: m1 }).orderBy('id').first('id');
  // The number is one of the line's inbound numbers (a scene may only take those).
  await k('sip_lines')
    .where({ id: line.id })
    .update({ dids: [DID] });

  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/callin');
  await page.waitForSelector(tid('callin-page'));
  await page.waitForSelector(`${tid('call-records-page')}[data-view="callin"]`);

  await click(page, 'tab-scenes');
  await page.waitForSelector(tid('scenes-empty'));
  await click(page, 'scene-add');
  await page.waitForSelector(tid('scene-dialog'));
  await fill(page, 'input-scene-name', '售');
  await fill(page, 'input-scene-did', DID);
  await click(page, 'scene-dialog-submit');
  expect(await textOf(page, tid('error-scene-name'))).toContain('至少 2 个字符');
  await fill(page, 'input-scene-name', '售后热线');
  await page.select(tid('input-scene-lineId'), String(line.id));
  await page.select(tid('input-scene-botId'), String(bot.id));
  await click(page, 'scene-dialog-submit');
  await page.waitForSelector(tid('scene-row-售后热线'));
  await page.waitForSelector(tid('scene-dialog'), { hidden: true });
  expect(await textOf(page, tid('scene-row-售后热线'))).toContain(DID);
  await shot(page, 'callin-scenes');

  // A customer of the simulator calls the number; the call arrives on the scene's line (its gateway).
  const reply = await esl!.command(`api sim_inbound ${DID} ${CALLER} e2e-caller - line-${line.id}`);
  expect(reply.body).toMatch(/^\+OK /);
  const uuid = reply.body.trim().slice(4);
  const deadline = Date.now() + 60_000;
  let call;
  for (;;) {
    call = await k('calls').where({ call_uuid: uuid }).first();
    if (call?.status === 'ended') break;
    if (Date.now() > deadline) throw new Error(`the inbound call never ended: ${JSON.stringify(call)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(call).toMatchObject({ direction: 'in', bot_id: String(bot.id) });
  expect(call.answered_at).not.toBeNull();

  // The inbound records list it (the page loads the list again when opened).
  await page.reload();
  await page.waitForSelector(`${tid('call-records-page')}[data-view="callin"]`);
  await page.waitForSelector(`tr[data-uuid="${uuid}"]`);
  expect(await textOf(page, `tr[data-uuid="${uuid}"]`)).toContain(maskPhone(CALLER));
  await shot(page, 'callin-records');

  // The outbound page does not.
  await click(page, 'menu-dialcenter/callout');
  await page.waitForSelector(`${tid('call-records-page')}[data-view="callout"]`);
  await page.waitForSelector(`${tid('records-empty')}, ${tid('record-table')}`);
  await page.waitForFunction((sel) => !document.querySelector(sel), {}, `tr[data-uuid="${uuid}"]`);
  expect(await page.$(`tr[data-uuid="${uuid}"]`)).toBeNull();
});
