// Whole calls through the recognizer adapters, answering-machine detection and the LLM dead-air
// filler: the dial queue, the ESL adapter and the simulator, as in calls.int.test.ts.
import http from 'node:http';
import { compile } from '../../../domain/bot';
import { DEMO_BOTS, runTranscript } from '../../../domain/bot/demo';
import type { BotDefinition } from '../../../domain/bot/definition';
import type { CallPartialEvent } from '../../../domain/events';
import { AsrResolver } from '../speech/asr';
import type { Persona } from '../sim/personas';
import { startSimulator, type Simulator } from '../sim/server';
import { RawEsl } from '../sim/testing';
import { CallLive } from './live';
import { FILLER_TEXT } from './audio';
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';
import { until } from '../../../test/until';

// Slower than calls.int.test.ts: live TTS of the first prompts takes real time, and the bot's
// maximum duration (5 min) must stay well above it.
const SCALE = 0.05;
// The demo bot without its AI disclosure line, so the transcripts start at its first question.
const demo = DEMO_BOTS[0]!.definition;
const mortgage = {
  ...demo,
  settings: { ...demo.settings, global: { ...demo.settings.global!, disclosure: '' } },
};
const TURNS = ['是的我是', '有需要', '大概五十万', '首套'];

const PERSONAS: Persona[] = [
  {
    name: 'mortgage-yes',
    match: '^9501$',
    outcome: 'answer',
    ringMs: [500, 500],
    rules: [
      { when: ['张先生'], say: TURNS[0] },
      { when: ['还有贷款需求'], say: TURNS[1] },
      { when: ['贷款多少钱'], say: TURNS[2] },
      { when: ['首套房还是二套房'], say: TURNS[3] },
    ],
    otherwise: null,
    replyDelayMs: [300, 300],
  },
  // A voicemail box whose greeting sounds like a person, then the record tone.
  {
    name: 'voicemail-hello',
    match: '^9502$',
    outcome: 'voicemail',
    ringMs: [500, 500],
    greeting: '您好',
    greetsWhenHeard: true,
    beepGapMs: [800, 800],
    hangupAtMs: 120000,
  },
  // A voicemail box that says nothing: silence, then the tone.
  {
    name: 'voicemail-silent',
    match: '^9503$',
    outcome: 'voicemail',
    ringMs: [500, 500],
    beepGapMs: [2500, 2500],
    hangupAtMs: 120000,
  },
  // A recording that talks on without a pause and never beeps.
  {
    name: 'recorded-greeting',
    match: '^9504$',
    outcome: 'voicemail',
    beep: false,
    ringMs: [500, 500],
    greetsWhenHeard: true,
    greeting: '这里是星光科技公司总机现在是非工作时间我们的工作时间为周一至周五上午九点至下午六点',
    hangupAtMs: 120000,
  },
  {
    name: 'asks-off-script',
    match: '^9505$',
    outcome: 'answer',
    ringMs: [500, 500],
    rules: [{ when: ['张先生'], say: '你们周末上班吗' }],
    otherwise: null,
    replyDelayMs: [300, 300],
    hangupAtMs: 120000,
  },
  // A voicemail box that beeps only after avmd's detection window (30 s from the answer).
  {
    name: 'voicemail-late-beep',
    match: '^9506$',
    outcome: 'voicemail',
    ringMs: [500, 500],
    beepGapMs: [40000, 40000],
    hangupAtMs: 120000,
  },
];

class TapLive extends CallLive {
  readonly partials: CallPartialEvent[] = [];
  override partial(t: Parameters<CallLive['partial']>[0], e: CallPartialEvent): void {
    this.partials.push(e);
    super.partial(t, e);
  }
}

let kit: CallKit;
let sim: Simulator;
let worker: CallWorker;
let live: TapLive;

beforeAll(async () => {
  kit = await startCallKit();
  sim = await startSimulator({ timeScale: SCALE, seed: 17, heartbeatMs: 0, personas: PERSONAS });
  live = new TapLive(kit.redis, kit.config.redisPrefix);
  worker = await startCallWorker({
    config: kit.config,
    db: kit.db.knex,
    nodes: [{ id: 1, name: 'fs-speech', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale: SCALE,
    // Settings are re-read for every call: the tests switch the account's recognizer.
    asr: new AsrResolver(kit.db.knex, 0),
    machine: { avmd: true, longGreetingMs: 4000 },
    llmDeadAirMs: 200,
    live,
  });
}, 60000);
afterAll(async () => {
  await worker.close();
  await sim.close();
  await kit.close();
});

async function useRecognizer(provider: string | null): Promise<void> {
  await kit.db.knex('asr_settings').where({ account_id: kit.merchantId }).delete();
  if (provider) await kit.db.knex('asr_settings').insert({ account_id: kit.merchantId, provider });
}

async function botWith(def: BotDefinition, name: string): Promise<number> {
  const [bot] = await kit.db
    .knex('bots')
    .insert({ account_id: kit.merchantId, name, status: 'online', draft: '{}', published_version: 1 })
    .returning('id');
  await kit.db.knex('bot_versions').insert({ bot_id: bot.id, version: 1, definition: JSON.stringify(def) });
  return Number(bot.id);
}

const customerLines = async (uuid: string) =>
  (await kit.lines(uuid)).filter((l) => l.khtype === 'customer').map((l) => l.khcontent as string);

describe('recognizers', () => {
  it('a call recognised through mod_google_transcribe (CUSTOM events) gets the grade and transcript', async () => {
    await useRecognizer('google');
    const job = await kit.dial('9501');
    const row = await kit.waitEnded(job.callUuid, 30000);
    const expected = runTranscript(compile(mortgage), TURNS);
    expect(row).toMatchObject({ result_level: expected.grade.level, grade: expected.grade.level, rounds: 4 });
    expect(row.labels).toEqual(expected.grade.labels);
    expect(await customerLines(job.callUuid)).toEqual(TURNS);
    // The bot's hot words went to the module as GOOGLE_SPEECH_HINTS.
    expect(sim.recognizers(job.callUuid)).toEqual([
      { engine: 'google_transcribe', hotWords: mortgage.hotWords, grammar: 'cmn-Hans-CN' },
    ]);
    expect(await kit.openCalls()).toBe(0);
  });

  it('interim results are emitted live but never reach the engine', async () => {
    await useRecognizer('google');
    const job = await kit.dial('9501');
    await kit.waitEnded(job.callUuid, 30000);
    const partials = live.partials.filter((p) => p.callUuid === job.callUuid).map((p) => p.text);
    // One interim hypothesis (the first half) before each final.
    expect(partials).toEqual(TURNS.map((t) => [...t].slice(0, Math.ceil([...t].length / 2)).join('')));
    const lines = await customerLines(job.callUuid);
    for (const p of partials) expect(lines).not.toContain(p);
    expect(lines).toEqual(TURNS);
  });

  it('mod_unimrcp by default: the hot words reach detect_speech, invalid ones dropped', async () => {
    await useRecognizer(null);
    const def = structuredClone(mortgage);
    def.hotWords = ['房贷', 'bad,word', '利率', '房}贷', '首套房'];
    const botId = await botWith(def, '热词');
    const job = await kit.dial('9501', { botId });
    await kit.waitEnded(job.callUuid, 30000);
    expect(sim.recognizers(job.callUuid)).toEqual([
      { engine: 'unimrcp', hotWords: ['房贷', '利率', '首套房'], grammar: 'builtin:grammar/any' },
    ]);
    expect(await customerLines(job.callUuid)).toEqual(TURNS);
    expect(live.partials.filter((p) => p.callUuid === job.callUuid)).toEqual([]);
  });

  it('empty ASR (none): nothing is recognised, the bot runs on silence', async () => {
    await useRecognizer('none');
    const job = await kit.dial('9501');
    const row = await kit.waitEnded(job.callUuid, 30000);
    expect(sim.recognizers(job.callUuid)).toEqual([]);
    expect(await customerLines(job.callUuid)).toEqual([]);
    expect(row.result_level).toBeGreaterThanOrEqual(21);
    expect(row.result_level).toBeLessThanOrEqual(26);
    await useRecognizer(null);
  });
});

describe('answering machines', () => {
  it.each([
    ['9502', 'a greeting that sounds like a person, then the beep', /问候语后检测到留言提示音/],
    ['9503', 'silence, then the beep', /无人说话并检测到留言提示音/],
  ])('%s (%s) is hung up at the beep: 70, nothing billed', async (phone, _what, reason) => {
    const watch = await RawEsl.open(sim.port, 'plain CUSTOM avmd::beep');
    const job = await kit.dial(phone);
    const row = await kit.waitEnded(job.callUuid, 30000);
    expect(row).toMatchObject({ result_level: 70, billable_ms: 0 });
    expect(row.answered_at).not.toBeNull();
    expect((row.reason as { text: string }).text).toMatch(reason);
    expect(watch.events().filter((e) => e['Unique-ID'] === job.callUuid)).toHaveLength(1);
    watch.close();
    expect(await kit.openCalls()).toBe(0);
  });

  it('a first utterance of more than 4 s without a pause is a recording: 70, nothing billed', async () => {
    const job = await kit.dial('9504');
    const row = await kit.waitEnded(job.callUuid, 30000);
    expect(row).toMatchObject({ result_level: 70, billable_ms: 0 });
    expect((row.reason as { text: string }).text).toMatch(/首句连续\d+\.\d秒无停顿/);
    // Stored as a code with parameters too: the client says it in the reader's language.
    expect(row.reason).toMatchObject({
      code: 'longGreeting',
      params: { seconds: expect.stringMatching(/^\d+\.\d$/) },
    });
    expect(await customerLines(job.callUuid)).toEqual([PERSONAS[3]!.greeting]);
  });

  it('avmd is stopped 30 s after the answer (avmd::stop): a beep after that is not heard', async () => {
    const watch = await RawEsl.open(sim.port, 'plain CUSTOM avmd::beep avmd::stop');
    const job = await kit.dial('9506');
    const row = await kit.waitEnded(job.callUuid, 30000);
    const mine = watch.events().filter((e) => e['Unique-ID'] === job.callUuid);
    watch.close();
    expect(mine.map((e) => e['Event-Subclass'])).toEqual(['avmd::stop']);
    expect(mine[0]!['Beep-Status']).toBe('NOTDETECTED');
    expect(row.result_level).not.toBe(70);
    expect(await kit.openCalls()).toBe(0);
  });

  it('a person is never taken for a machine (no beep, short first answer)', async () => {
    const job = await kit.dial('9501');
    const row = await kit.waitEnded(job.callUuid, 30000);
    expect(row.result_level).not.toBe(70);
    expect(Number(row.billable_ms)).toBeGreaterThan(0);
  });
});

describe('dead air', () => {
  it('a slow LLM answer gets the filler first, then the answer plays', async () => {
    let answered = 0;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        // 800 ms: well past the 200 ms dead-air limit, well inside the 5 s model timeout.
        setTimeout(() => {
          answered++;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ choices: [{ message: { content: '周末也有客服值班。' } }] }));
        }, 800);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const watch = await RawEsl.open(sim.port, 'plain PLAYBACK_START');
    try {
      const port = (server.address() as { port: number }).port;
      // The fake model is on loopback: allow-listed as the super administrator would (outbound guard).
      await kit.db.knex('outbound_allow_hosts').insert({ host: '127.0.0.1' }).onConflict('host').ignore();
      await kit.db.knex('llm_settings').insert({
        account_id: kit.merchantId,
        enabled: true,
        base_url: `http://127.0.0.1:${port}/v1`,
        model: 'stub',
        timeout_ms: 5000,
      });
      const def = structuredClone(mortgage);
      def.llm = { answerUnmatched: true, gradeCall: false };
      const botId = await botWith(def, '慢模型');
      const job = await kit.dial('9505', { botId });
      await watch.event((e) => e['Unique-ID'] === job.callUuid && e.sim_text === '周末也有客服值班。', 15000);
      const texts = watch
        .events()
        .filter((e) => e['Unique-ID'] === job.callUuid)
        .map((e) => e.sim_text);
      const filler = texts.indexOf(FILLER_TEXT);
      expect(filler).toBeGreaterThan(0);
      expect(texts.indexOf('周末也有客服值班。')).toBeGreaterThan(filler);
      // Exactly one filler: the slow answer's own rendering does not add a second one.
      expect(texts.filter((t) => t === FILLER_TEXT)).toHaveLength(1);
      expect(answered).toBe(1);
      // The worker writes a robot line when the switch starts its prompt (PLAYBACK_START), as we saw it.
      const lines = await until(async () => {
        const l = (await kit.lines(job.callUuid)).map((x) => `${x.khtype}:${x.khcontent}`);
        return l.length >= 3 ? l : undefined;
      }, 2000);
      expect(lines.slice(1, 3)).toEqual(['customer:你们周末上班吗', 'robot:周末也有客服值班。']);
      const raw = await RawEsl.open(sim.port, '');
      await raw.command(`api uuid_kill ${job.callUuid}`);
      raw.close();
      await kit.waitEnded(job.callUuid, 15000);
    } finally {
      watch.close();
      server.close();
      await kit.db.knex('llm_settings').where({ account_id: kit.merchantId }).delete();
    }
  });
});
