// A key-press (IVR) bot on a switch without any recognizer module, as our real FreeSWITCH build is
// (../shared/freeswitch/BUILD.md): the bot never waits for speech (domain/bot/speechNeed.ts), so the
// node is not refused for the account's recognizer, no detect_speech runs, and the caller's keys
// move it to the end: an ordinary billed call. A bot that listens for speech is refused on that node.
import { keypadBot } from '../../../domain/bot/demo/keypad';
import type { Persona } from '../sim/personas';
import { REAL_BUILD_MODULES } from '../sim/modules';
import { startSimulator, type Simulator } from '../sim/server';
import { RawEsl } from '../sim/testing';
import { UnimrcpAdapter } from '../speech/asr';
import { until } from '../../../test/until';
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';

const SCALE = 0.05;
const PERSONAS: Persona[] = [
  {
    name: 'presses-2',
    match: '^9501$',
    outcome: 'answer',
    ringMs: [400, 400],
    rules: [{ when: ['结束请按2'], dtmf: '2' }],
    replyDelayMs: [300, 300],
    // Only a safety net (the bot says goodbye and hangs up): at 1/20 time 60 s was 3 s of real time,
    // which a loaded CI machine spent before the goodbye started.
    hangupAtMs: 300_000,
  },
];

let kit: CallKit;
let sim: Simulator;
let worker: CallWorker;
let watch: RawEsl;
let keypadId: number;

beforeAll(async () => {
  kit = await startCallKit();
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 7,
    heartbeatMs: 0,
    personas: PERSONAS,
    modules: REAL_BUILD_MODULES,
  });
  worker = await startCallWorker({
    config: kit.config,
    db: kit.db.knex,
    nodes: [{ id: 1, name: 'fs-no-asr', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale: SCALE,
    lostAfterMs: 3000,
    // The account listens with mod_unimrcp, which this switch does not have.
    asr: { forAccount: async () => new UnimrcpAdapter() },
  });
  watch = await RawEsl.open(sim.port, 'plain CHANNEL_EXECUTE_COMPLETE CHANNEL_HANGUP_COMPLETE DTMF');
  // The bot's 2-minute limit is 6 s of real time at 1/20: room for a loaded machine.
  const bot0 = keypadBot();
  bot0.settings.maxCallMinutes = 30;
  const def = JSON.stringify(bot0);
  const [bot] = await kit.db
    .knex('bots')
    .insert({
      account_id: kit.merchantId,
      name: '按键机器人',
      status: 'online',
      draft: def,
      published_version: 1,
    })
    .returning('id');
  keypadId = Number(bot.id);
  await kit.db.knex('bot_versions').insert({ bot_id: keypadId, version: 1, definition: def });
  // The node's probe is in (module_exists mod_unimrcp: false) before anything is dialled.
  await until(() => worker.pool.nodes[0]?.probe ?? undefined, 10_000);
}, 60_000);

afterAll(async () => {
  watch?.close();
  await worker?.close();
  await sim?.close();
  await kit?.close();
});

const appsOf = (uuid: string) =>
  watch.events().filter((e) => e['Unique-ID'] === uuid && e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE');

it('runs on the node without a recognizer: no detect_speech, the keys lead it to the end, billed', async () => {
  expect(worker.pool.nodes[0]!.probe!.modules['mod_unimrcp']).toBe(false);
  const job = await kit.dial('9501', { botId: keypadId });
  const row = await kit.waitEnded(job.callUuid, 30_000);
  expect(row.answered_at).not.toBeNull();
  expect(Number(row.billable_ms)).toBeGreaterThan(0);
  expect(row.result_level).not.toBe(90);
  expect((row.reason as { kind: string }).kind).not.toBe('platformFault');
  expect(appsOf(job.callUuid).filter((e) => e.Application === 'detect_speech')).toEqual([]);
  // The caller pressed 2 at the menu; the bot said goodbye and hung up.
  expect(
    watch
      .events()
      .filter((e) => e['Unique-ID'] === job.callUuid && e['Event-Name'] === 'DTMF')
      .map((e) => e['DTMF-Digit']),
  ).toEqual(['2']);
  const robot = (await kit.lines(job.callUuid)).filter((l) => l.khtype === 'robot').map((l) => l.khcontent);
  expect(robot).toEqual(['您好，转人工请按1，结束请按2，输入编号请按3', '感谢您的来电，再见']);
}, 40_000);

it('a bot that listens for speech is refused on the same node, never dialled', async () => {
  const job = await kit.dial('9501', { botId: kit.botIds[0]! });
  const row = await kit.waitEnded(job.callUuid, 20_000);
  expect(row.originated_at ?? null).toBeNull();
  expect(row.reason).toMatchObject({
    kind: 'notPlaced',
    fault: { kind: 'recognizer', module: 'mod_unimrcp' },
  });
});
