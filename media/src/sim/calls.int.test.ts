// Whole simulated calls: each persona outcome, prompts, speech, barge-in, DTMF, reproducibility.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resultLevelOf, greetingKindOf } from '../../../domain/telephony';
import { decodePcm16, encodeWav, inspectWav } from '../speech/wav';
import { SIGNALLING, type Outcome, type Persona } from './personas';
import { startSimulator, type Simulator } from './server';
import { RawEsl } from './testing';

const OUTCOME_LEVEL: Record<Outcome, number | null> = {
  answer: null,
  voicemail: 70,
  assistant: 70,
  busy: 67,
  inCall: 69,
  noAnswer: 68,
  vacant: 63,
  poweredOff: 62,
  suspended: 64,
  refused: 65,
  barred: 79,
  unreachable: 66,
};
const outcomes = Object.keys(OUTCOME_LEVEL) as Outcome[];

const personas: Persona[] = [
  ...outcomes.map((o, i): Persona => ({
    name: o,
    match: `^55${String(i).padStart(2, '0')}$`,
    outcome: o,
    ringMs: [500, 500],
    earlyMedia: o === 'poweredOff' || o === 'suspended',
    greeting:
      o === 'voicemail'
        ? '您好，机主现在无法接听，请在提示音后留言'
        : o === 'assistant'
          ? '我是机主的智能助理'
          : undefined,
  })),
  {
    name: 'scripted',
    match: '^7001$',
    outcome: 'answer',
    ringMs: [200, 200],
    rules: [
      { when: ['利率'], say: '利率是多少' },
      { when: ['按键'], dtmf: '12#' },
    ],
    otherwise: '嗯',
    replyDelayMs: [100, 100],
    hangupAfterRounds: 3,
  },
  {
    name: 'barge-in',
    match: '^7002$',
    outcome: 'answer',
    ringMs: [200, 200],
    interrupt: { rounds: [1], afterMs: 500, say: '你是哪里' },
  },
];

let sim: Simulator;
let c: RawEsl;
const EVENTS =
  'plain CHANNEL_CREATE CHANNEL_PROGRESS CHANNEL_PROGRESS_MEDIA CHANNEL_ANSWER CHANNEL_HANGUP ' +
  'CHANNEL_HANGUP_COMPLETE CHANNEL_DESTROY CHANNEL_EXECUTE CHANNEL_EXECUTE_COMPLETE BACKGROUND_JOB ' +
  'PLAYBACK_START PLAYBACK_STOP DETECTED_SPEECH DTMF RECORD_START RECORD_STOP';

beforeEach(async () => {
  sim = await startSimulator({ timeScale: 0.01, seed: 42, personas, heartbeatMs: 0 });
  c = await RawEsl.open(sim.port, EVENTS);
});
afterEach(async () => {
  c.close();
  await sim.close();
});

const of = (uuid: string) => c.events().filter((e) => e['Unique-ID'] === uuid);
const names = (uuid: string) => of(uuid).map((e) => e['Event-Name'] ?? '');

async function call(number: string, uuid: string, vars = '') {
  const reply = await c.command(
    `bgapi originate {origination_uuid=${uuid},origination_caller_id_number=02150001234,originate_timeout=30${vars}}sofia/gateway/line1/${number} &park()`,
  );
  return c.event((e) => e['Event-Name'] === 'BACKGROUND_JOB' && e['Job-UUID'] === reply.headers['Job-UUID']);
}

const exec = (uuid: string, app: string, arg: string, id = `${app}-${Math.random()}`) =>
  c.command(
    `sendmsg ${uuid}\ncall-command: execute\nexecute-app-name: ${app}\nexecute-app-arg: ${arg}\nevent-lock: true\nEvent-UUID: ${id}`,
  );
const completed = (id: string) =>
  c.event((e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === id, 5000);

describe('each persona outcome', () => {
  it.each(outcomes.map((o, i) => [o, `55${String(i).padStart(2, '0')}`] as const))(
    '%s gives the carrier signalling and maps to its result level',
    async (outcome, number) => {
      const uuid = `call-${outcome}`;
      const job = await call(number, uuid);
      const sig = SIGNALLING[outcome];
      if (sig.answered) {
        expect(job._body).toBe(`+OK ${uuid}\n`);
        const answer = of(uuid).find((e) => e['Event-Name'] === 'CHANNEL_ANSWER')!;
        expect(answer).toMatchObject({
          'Answer-State': 'answered',
          'Channel-Call-State': 'ACTIVE',
          'Call-Direction': 'outbound',
          'Caller-Caller-ID-Number': '02150001234',
          'Caller-Destination-Number': number,
          variable_origination_caller_id_number: '02150001234',
        });
        await c.command(`api uuid_kill ${uuid}`);
      }
      const end = await c.event(
        (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === uuid,
        5000,
      );
      await c.event((e) => e['Event-Name'] === 'CHANNEL_DESTROY' && e['Unique-ID'] === uuid);
      if (!sig.answered) expect(job._body).toBe(`-ERR ${sig.cause}\n`);
      expect(end['Hangup-Cause']).toBe(sig.answered ? 'NORMAL_CLEARING' : sig.cause);
      expect(end.variable_sip_term_status).toBe(String(sig.sip));
      expect(Number(end.variable_duration)).toBeGreaterThanOrEqual(0);

      const seq = names(uuid).filter((n) => n !== 'BACKGROUND_JOB');
      expect(seq[0]).toBe('CHANNEL_CREATE');
      expect(seq.slice(-3)).toEqual(['CHANNEL_HANGUP', 'CHANNEL_HANGUP_COMPLETE', 'CHANNEL_DESTROY']);
      if (outcome === 'poweredOff' || outcome === 'suspended')
        expect(seq).toContain('CHANNEL_PROGRESS_MEDIA');
      if (sig.answered) expect(seq.indexOf('CHANNEL_ANSWER')).toBeGreaterThan(0);
      else expect(seq).not.toContain('CHANNEL_ANSWER');

      const persona = personas.find((p) => p.outcome === outcome)!;
      const level = resultLevelOf({
        hangupCause: end['Hangup-Cause']!,
        sipStatus: end.variable_sip_term_status,
        answered: sig.answered,
        greeting: persona.greeting ? greetingKindOf(persona.greeting) : null,
      });
      expect(level).toBe(OUTCOME_LEVEL[outcome]);
    },
  );

  it('no answer waits for originate_timeout, then FreeSWITCH cancels (NO_ANSWER / 487)', async () => {
    const started = Date.now();
    const job = await call('5505', 'na-timeout', ',originate_timeout=20');
    expect(job._body).toBe('-ERR NO_ANSWER\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(20000 * 0.01 - 5);
    const end = of('na-timeout').find((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE')!;
    expect(end.variable_sip_hangup_disposition).toBe('send_cancel');
  });

  it('9999 always answers with the friendly default persona', async () => {
    const s = await startSimulator({ timeScale: 0.01, seed: 5, heartbeatMs: 0 });
    const t = await RawEsl.open(s.port, 'plain BACKGROUND_JOB');
    const reply = await t.command('bgapi originate {origination_uuid=t-9999}sofia/gateway/gw/9999 &park()');
    const job = await t.event((e) => e['Job-UUID'] === reply.headers['Job-UUID']);
    expect(job._body).toBe('+OK t-9999\n');
    expect((await t.command('api uuid_getvar t-9999 sim_persona')).body).toBe('test-line');
    t.close();
    await s.close();
  });
});

describe('prompts and the callee', () => {
  it('takes a playback duration from the WAV header', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sim-wav-'));
    const file = path.join(dir, 'prompt.wav');
    writeFileSync(file, wav(1500));
    await call('7001', 'wav-1');
    await exec('wav-1', 'playback', file, 'w1');
    await completed('w1');
    const stop = of('wav-1').find((e) => e['Event-Name'] === 'PLAYBACK_STOP')!;
    expect(stop).toMatchObject({
      'Playback-File-Path': file,
      'Playback-Status': 'done',
      variable_playback_ms: '1500',
    });
    await exec('wav-1', 'playback', '/not/here.wav', 'w2');
    await completed('w2');
    expect(of('wav-1').filter((e) => e['Event-Name'] === 'PLAYBACK_STOP')[1]!.variable_playback_ms).toBe(
      '2000',
    );
  });

  it('uuid_break stops a playback with Playback-Status break', async () => {
    await call('7001', 'brk-1');
    await exec('brk-1', 'playback', '{sim_duration_ms=60000}/p/long.wav', 'b1');
    await c.event((e) => e['Event-Name'] === 'PLAYBACK_START' && e['Unique-ID'] === 'brk-1');
    expect((await c.command('api uuid_break brk-1')).body).toBe('+OK\n');
    const done = await completed('b1');
    expect(done['Application-Response']).toBe('FILE PLAYED');
    const stop = of('brk-1').find((e) => e['Event-Name'] === 'PLAYBACK_STOP')!;
    expect(stop['Playback-Status']).toBe('break');
  });

  it('music on hold (a local_stream:// playback) plays until uuid_break, not for a prompt length', async () => {
    await call('7001', 'moh-1');
    await exec('moh-1', 'playback', 'local_stream://moh', 'm1');
    await c.event((e) => e['Event-Name'] === 'PLAYBACK_START' && e['Unique-ID'] === 'moh-1');
    // Far longer than a prompt without a length (2 s of call time).
    await new Promise((r) => setTimeout(r, 200));
    expect(of('moh-1').some((e) => e['Event-Name'] === 'PLAYBACK_STOP')).toBe(false);
    expect((await c.command('api uuid_break moh-1 all')).body).toBe('+OK\n');
    const done = await completed('m1');
    expect(done['Application-Response']).toBe('FILE PLAYED');
    expect(of('moh-1').find((e) => e['Event-Name'] === 'PLAYBACK_STOP')).toMatchObject({
      'Playback-File-Path': 'local_stream://moh',
      'Playback-Status': 'break',
    });
  });

  it('answers a prompt by keyword with DETECTED_SPEECH (play_and_detect_speech)', async () => {
    await call('7001', 'asr-1');
    await exec(
      'asr-1',
      'play_and_detect_speech',
      '{sim_text=我们的利率很低}/p/a.wav detect:unimrcp {no-input-timeout=5000}builtin:grammar/boolean',
      's1',
    );
    const done = await completed('s1');
    // mod_dptools play_and_detect_speech_function: DONE once it ran (1.10.12), not _none_.
    expect(done['Application-Response']).toBe('DONE');
    const speech = of('asr-1').filter((e) => e['Event-Name'] === 'DETECTED_SPEECH');
    expect(speech.map((e) => e['Speech-Type'])).toEqual(['begin-speaking', 'detected-speech']);
    expect(speech[1]!._body).toContain('<input mode="speech">利率是多少</input>');
    expect(speech[1]!._body).toMatch(/<interpretation[^>]*confidence="90"/);
    expect(done.variable_detect_speech_result).toBe(speech[1]!._body);
    const seq = names('asr-1');
    expect(seq.indexOf('PLAYBACK_STOP')).toBeLessThan(seq.indexOf('DETECTED_SPEECH'));
  });

  it('waits for the result once the callee began speaking, even past no-input-timeout (MRCP)', async () => {
    // The callee starts 100 ms after the prompt and talks 900 ms: no-input (500 ms) ends only the wait
    // for speech to begin. A slow event loop stretched the same chain past 5 s under CI load.
    await call('7001', 'asr-2');
    await exec(
      'asr-2',
      'play_and_detect_speech',
      '{sim_text=我们的利率很低}/p/a.wav detect:unimrcp {no-input-timeout=500}builtin:grammar/boolean',
      's2',
    );
    const done = await completed('s2');
    expect(done['Application-Response']).toBe('DONE');
    expect(done.variable_detect_speech_result).toContain('<input mode="speech">利率是多少</input>');
  });

  it('presses keys when the script says so, and hangs up after N rounds', async () => {
    await call('7001', 'dtmf-1');
    await exec(
      'dtmf-1',
      'play_and_get_digits',
      '1 4 1 3000 # {sim_text=请按键}/p/menu.wav /p/bad.wav choice \\d+',
      'd1',
    );
    const done = await completed('d1');
    expect(
      of('dtmf-1')
        .filter((e) => e['Event-Name'] === 'DTMF')
        .map((e) => e['DTMF-Digit']),
    ).toEqual(['1', '2', '#']);
    expect(done.variable_choice).toBe('12');
    await exec('dtmf-1', 'playback', '{sim_text=第二轮}/p/2.wav', 'd2');
    await exec('dtmf-1', 'playback', '{sim_text=第三轮}/p/3.wav', 'd3');
    const end = await c.event(
      (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === 'dtmf-1',
      5000,
    );
    expect(end).toMatchObject({
      'Hangup-Cause': 'NORMAL_CLEARING',
      variable_sip_hangup_disposition: 'recv_bye',
      variable_sip_term_status: '200',
    });
    expect(Number(end.variable_billsec)).toBeGreaterThan(0);
  });

  it('interrupts a prompt: barge-in breaks play_and_detect_speech, result follows', async () => {
    await call('7002', 'int-1');
    await exec(
      'int-1',
      'play_and_detect_speech',
      '{sim_duration_ms=5000}/p/long.wav detect:unimrcp builtin:grammar/any',
      'i1',
    );
    const done = await completed('i1');
    const seq = names('int-1').filter((n) =>
      ['PLAYBACK_START', 'PLAYBACK_STOP', 'DETECTED_SPEECH'].includes(n),
    );
    expect(seq).toEqual(['PLAYBACK_START', 'DETECTED_SPEECH', 'PLAYBACK_STOP', 'DETECTED_SPEECH']);
    expect(of('int-1').find((e) => e['Event-Name'] === 'PLAYBACK_STOP')!['Playback-Status']).toBe('break');
    expect(done.variable_detect_speech_result).toContain('你是哪里');
  });

  it('interrupts a plain playback under detect_speech without stopping it (the worker breaks it)', async () => {
    await call('7002', 'int-2');
    await exec('int-2', 'detect_speech', 'unimrcp builtin:grammar/any any', 'i0');
    await exec('int-2', 'playback', '{sim_duration_ms=3000}/p/long.wav', 'i2');
    await completed('i2');
    const seq = names('int-2').filter((n) =>
      ['PLAYBACK_START', 'PLAYBACK_STOP', 'DETECTED_SPEECH'].includes(n),
    );
    expect(seq.slice(0, 4)).toEqual([
      'PLAYBACK_START',
      'DETECTED_SPEECH',
      'DETECTED_SPEECH',
      'PLAYBACK_STOP',
    ]);
    expect(of('int-2').find((e) => e['Event-Name'] === 'PLAYBACK_STOP')!['Playback-Status']).toBe('done');
  });

  it('records like FreeSWITCH: the file exists at RECORD_START and holds the mixed call at RECORD_STOP', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sim-rec-'));
    const file = path.join(dir, 'day', 'rec-1.wav');
    const prompt = path.join(dir, 'prompt.wav');
    // A 1 s tone as the bot's prompt, so its place in the recording can be found.
    writeFileSync(prompt, encodeWav({ sampleRate: 8000, samples: new Int16Array(8000).fill(3000) }));
    await call('7001', 'rec-1');
    await exec('rec-1', 'record_session', file, 'r1');
    await completed('r1');
    expect(names('rec-1')).toContain('RECORD_START');
    expect(inspectWav(new Uint8Array(readFileSync(file)))).toMatchObject({ ok: true, durationMs: 0 });
    await exec('rec-1', 'playback', prompt, 'p1');
    await completed('p1');
    // The callee ("otherwise: 嗯") answers the prompt 100 ms after it (1 ms real); let it speak.
    await new Promise((r) => setTimeout(r, 30));
    await c.command('api uuid_kill rec-1');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_DESTROY' && e['Unique-ID'] === 'rec-1');
    const seq = names('rec-1');
    expect(seq.indexOf('RECORD_START')).toBeLessThan(seq.indexOf('RECORD_STOP'));
    expect(seq.indexOf('RECORD_STOP')).toBeLessThan(seq.indexOf('CHANNEL_HANGUP_COMPLETE'));
    const bytes = new Uint8Array(readFileSync(file));
    const info = inspectWav(bytes);
    expect(info).toMatchObject({ ok: true, sampleRate: 8000, channels: 1, bitsPerSample: 16 });
    const { samples } = decodePcm16(bytes);
    const at = (ms: number) => samples[Math.round(ms * 8)]!;
    const startUs = Number(
      of('rec-1').find((e) => e['Event-Name'] === 'RECORD_START')!['Event-Date-Timestamp'],
    );
    const us = (name: string) =>
      Number(of('rec-1').find((e) => e['Event-Name'] === name)!['Event-Date-Timestamp']) - startUs;
    // The prompt is where PLAYBACK_START put it; the customer's voice (espeak-ng) after it.
    expect(at(us('PLAYBACK_START') / 1000 + 500)).toBe(3000);
    const afterPrompt = samples.subarray(Math.round((us('PLAYBACK_STOP') / 1000 + 50) * 8));
    expect(afterPrompt.some((v) => Math.abs(v) > 1000)).toBe(true);
  });

  it('uuid_record start/stop: RECORD_STOP comes once the file is written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sim-rec-'));
    const file = path.join(dir, 'rec-2.wav');
    await call('7001', 'rec-2');
    expect((await c.command(`api uuid_record rec-2 start ${file}`)).body).toMatch(/^\+OK/);
    await c.event((e) => e['Event-Name'] === 'RECORD_START' && e['Unique-ID'] === 'rec-2');
    await new Promise((r) => setTimeout(r, 20));
    await c.command(`api uuid_record rec-2 stop ${file}`);
    await c.event((e) => e['Event-Name'] === 'RECORD_STOP' && e['Unique-ID'] === 'rec-2');
    const info = inspectWav(new Uint8Array(readFileSync(file)));
    expect(info.ok && info.durationMs).toBeGreaterThan(0);
    await c.command('api uuid_kill rec-2');
  });
});

describe('reproducibility', () => {
  async function run(seed: number): Promise<string[]> {
    const s = await startSimulator({ timeScale: 0.001, seed, heartbeatMs: 0 });
    const t = await RawEsl.open(s.port, 'plain BACKGROUND_JOB');
    const numbers = Array.from({ length: 12 }, (_, i) => `1380000${String(i).padStart(4, '0')}`);
    const replies = [];
    // One at a time: RawEsl matches replies to commands in order.
    for (const [i, n] of numbers.entries())
      replies.push(
        await t.command(
          `bgapi originate {origination_uuid=r-${i},originate_timeout=60}sofia/gateway/gw/${n} &park()`,
        ),
      );
    const out: string[] = [];
    for (const [i, r] of replies.entries()) {
      const job = await t.event((e) => e['Job-UUID'] === r.headers['Job-UUID'], 5000);
      const persona = job._body!.startsWith('+OK')
        ? (await t.command(`api uuid_getvar r-${i} sim_persona`)).body
        : '';
      out.push(`${numbers[i]} ${job._body!.trim()} ${persona}`);
    }
    t.close();
    await s.close();
    return out;
  }

  it('replays the same calls for the same seed', async () => {
    const a = await run(2024);
    const b = await run(2024);
    expect(a).toEqual(b);
    expect(new Set(a.map((l) => l.split(' ')[1])).size).toBeGreaterThan(1); // a mix, not one outcome
    expect(await run(7)).not.toEqual(a);
  });
});

/** A PCM WAV of silence, 8 kHz mono 16-bit, of the given length. */
const wav = (ms: number): Buffer =>
  encodeWav({ sampleRate: 8000, samples: new Int16Array((8000 * ms) / 1000) });
