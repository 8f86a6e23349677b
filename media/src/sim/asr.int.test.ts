// The simulator's recognizers and beep detector as FreeSWITCH modules report them: mod_google_transcribe
// (uuid_google_transcribe, CUSTOM google_transcribe::transcription with a JSON body, interim before
// final), mod_unimrcp through detect_speech (DETECTED_SPEECH, hot words as a vendor parameter), and
// mod_avmd (avmd_start; CUSTOM avmd::beep after a voicemail greeting, never for a person).
import { REAL_BUILD_MODULES } from './modules';
import { startSimulator, type Simulator } from './server';
import type { Persona } from './personas';
import { RawEsl, sleep } from './testing';

const personas: Persona[] = [
  {
    name: 'says-hello',
    match: '^7101$',
    outcome: 'answer',
    ringMs: [200, 200],
    otherwise: '喂，你好',
    replyDelayMs: [100, 100],
    hangupAtMs: 60000,
  },
  {
    name: 'voicemail-greeting',
    match: '^7102$',
    outcome: 'voicemail',
    ringMs: [200, 200],
    greeting: '请留言',
    // Long enough for the test to run avmd_start first (30 ms real at timeScale 0.01).
    beepGapMs: [3000, 3000],
    hangupAtMs: 60000,
  },
  {
    name: 'voicemail-tone',
    match: '^7103$',
    outcome: 'voicemail',
    ringMs: [200, 200],
    beepGapMs: [3000, 3000],
    hangupAtMs: 60000,
  },
];

const SCALE = 0.01;
let sim: Simulator;
let c: RawEsl;

beforeEach(async () => {
  sim = await startSimulator({ timeScale: SCALE, seed: 3, personas, heartbeatMs: 0 });
  c = await RawEsl.open(
    sim.port,
    'plain CHANNEL_ANSWER CHANNEL_EXECUTE_COMPLETE BACKGROUND_JOB DETECTED_SPEECH ' +
      'CUSTOM google_transcribe::transcription avmd::beep avmd::start',
  );
});
afterEach(async () => {
  c.close();
  await sim.close();
});

/** Originates with a park; resolves once answered (the greeting starts 300-700 simulated ms later). */
async function call(number: string, uuid: string): Promise<void> {
  const reply = await c.command(
    `bgapi originate {origination_uuid=${uuid}}sofia/gateway/gw/${number} &park()`,
  );
  const job = await c.event(
    (e) => e['Event-Name'] === 'BACKGROUND_JOB' && e['Job-UUID'] === reply.headers['Job-UUID'],
  );
  expect(job._body).toBe(`+OK ${uuid}\n`);
}

const exec = (uuid: string, app: string, arg: string, id: string) =>
  c.command(
    `sendmsg ${uuid}\ncall-command: execute\nexecute-app-name: ${app}\nexecute-app-arg: ${arg}\nEvent-UUID: ${id}`,
  );
const completed = (id: string) =>
  c.event((e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === id);

/** A short prompt: when it ends, the says-hello callee answers it. */
async function prompt(uuid: string, id: string): Promise<void> {
  await exec(uuid, 'playback', '{sim_text=您好}silence_stream://200', id);
  await completed(id);
}

/** The raw (url-encoded) header lines of the first event frame matching pred. */
function rawHeaders(pred: (e: Record<string, string>) => boolean): string[] {
  const f = c.frames.find((fr) => {
    if (!fr.headers['Content-Type']?.startsWith('text/event-')) return false;
    const head = fr.body.slice(0, fr.body.indexOf('\n\n'));
    const e: Record<string, string> = {};
    for (const l of head.split('\n'))
      e[l.slice(0, l.indexOf(': '))] = decodeURIComponent(l.slice(l.indexOf(': ') + 2));
    return pred(e);
  });
  return f ? f.body.slice(0, f.body.indexOf('\n\n')).split('\n') : [];
}

describe('mod_google_transcribe', () => {
  it('takes hints from GOOGLE_SPEECH_HINTS and reports interim then final CUSTOM transcriptions', async () => {
    await call('7101', 'g-1');
    expect((await c.command('api uuid_setvar g-1 GOOGLE_SPEECH_HINTS 房贷,利率')).body).toBe('+OK\n');
    expect((await c.command('api uuid_google_transcribe g-1 start cmn-Hans-CN interim')).body).toBe(
      '+OK Success\n',
    );
    await prompt('g-1', 'p1');
    const isT = (e: Record<string, string>) =>
      e['Event-Subclass'] === 'google_transcribe::transcription' && e['Unique-ID'] === 'g-1';
    const fin = await c.event((e) => isT(e) && JSON.parse(e._body ?? '{}').is_final === true);
    const all = c.events().filter(isT);
    expect(all).toHaveLength(2);
    const [interim] = all;
    expect(interim).toMatchObject({
      'Event-Name': 'CUSTOM',
      'Event-Subclass': 'google_transcribe::transcription',
      'transcription-vendor': 'google',
      'Channel-Call-State': 'ACTIVE',
    });
    expect(JSON.parse(interim!._body!)).toEqual({
      stability: 0.8,
      is_final: false,
      alternatives: [{ confidence: 0, transcript: '喂，' }],
    });
    expect(JSON.parse(fin._body!)).toEqual({
      stability: 0,
      is_final: true,
      alternatives: [{ confidence: 0.9, transcript: '喂，你好' }],
    });
    // As mod_event_socket writes it: url-encoded values, the body after an inner Content-Length.
    const raw = rawHeaders((e) => isT(e));
    expect(raw[0]).toBe('Event-Name: CUSTOM');
    expect(raw[1]).toBe('Event-Subclass: google_transcribe%3A%3Atranscription');
    expect(raw.at(-1)).toMatch(/^Content-Length: \d+$/);
    // Nothing comes as DETECTED_SPEECH, and the hints reached the recognizer.
    expect(c.events().filter((e) => e['Event-Name'] === 'DETECTED_SPEECH')).toEqual([]);
    expect(sim.recognizers('g-1')).toEqual([
      { engine: 'google_transcribe', hotWords: ['房贷', '利率'], grammar: 'cmn-Hans-CN' },
    ]);
  });

  it('answers usage errors as the module does, and stops', async () => {
    await call('7101', 'g-2');
    expect((await c.command('api uuid_google_transcribe g-2')).body).toMatch(/^-USAGE: /);
    expect((await c.command('api uuid_google_transcribe no-such start en-US')).body).toBe(
      '-ERR Operation Failed\n',
    );
    expect((await c.command('api uuid_google_transcribe g-2 start en-US')).body).toBe('+OK Success\n');
    expect((await c.command('api uuid_google_transcribe g-2 stop')).body).toBe('+OK Success\n');
    await prompt('g-2', 'p2');
    await sleep(2500 * SCALE + 100);
    expect(c.events().filter((e) => e['Unique-ID'] === 'g-2' && e['Event-Name'] === 'CUSTOM')).toEqual([]);
  });
});

describe('detect_speech (mod_unimrcp)', () => {
  it('records the hot words of the hotwords vendor parameter and answers with DETECTED_SPEECH', async () => {
    await call('7101', 'u-1');
    await exec(
      'u-1',
      'detect_speech',
      'unimrcp:prof {start-input-timers=false,no-input-timeout=5000,hotwords=房贷|利率}builtin:grammar/any any',
      'd1',
    );
    await completed('d1');
    await prompt('u-1', 'p3');
    const done = await c.event(
      (e) => e['Event-Name'] === 'DETECTED_SPEECH' && e['Speech-Type'] === 'detected-speech',
    );
    expect(done._body).toContain('<input mode="speech">喂，你好</input>');
    expect(sim.recognizers('u-1')).toEqual([
      { engine: 'unimrcp:prof', hotWords: ['房贷', '利率'], grammar: 'builtin:grammar/any' },
    ]);
    expect(c.events().filter((e) => e['Event-Name'] === 'CUSTOM')).toEqual([]);
  });
});

describe('mod_avmd', () => {
  it.each([
    ['7102', 'after its greeting'],
    ['7103', 'with no greeting at all'],
  ])('a voicemail box (%s) beeps %s once avmd_start runs', async (number) => {
    const uuid = `vm-${number}`;
    await call(number, uuid);
    // An originated leg: only outbound_channel=1 makes mod_avmd read the callee (READ_REPLACE).
    await exec(uuid, 'avmd_start', 'outbound_channel=1,inbound_channel=0', 'a1');
    await completed('a1');
    const start = await c.event((e) => e['Event-Subclass'] === 'avmd::start' && e['Unique-ID'] === uuid);
    expect(start['Call-command']).toBe('avmd');
    const beep = await c.event((e) => e['Event-Subclass'] === 'avmd::beep' && e['Unique-ID'] === uuid);
    expect(beep).toMatchObject({
      'Event-Name': 'CUSTOM',
      'Call-command': 'avmd',
      'Beep-Status': 'DETECTED',
      Frequency: '1000.000000',
      'Answer-State': 'answered',
    });
    expect(Object.keys(beep)).toEqual(
      expect.arrayContaining(['Frequency-variance', 'Amplitude', 'Amplitude-variance', 'Detection-time']),
    );
    expect(rawHeaders((e) => e['Event-Subclass'] === 'avmd::beep')[1]).toBe('Event-Subclass: avmd%3A%3Abeep');
  });

  it('inbound_channel=1 on an originated leg never starts: _none_, no avmd::start, no beep', async () => {
    // FreeSWITCH 1.10.12: "Can't set direction for channel … Avmd on channel … NOT started".
    await call('7103', 'vm-in');
    await exec('vm-in', 'avmd_start', 'inbound_channel=1,outbound_channel=0', 'a4');
    expect((await completed('a4'))['Application-Response']).toBe('_none_');
    await sleep(3000 * SCALE + 150);
    expect(
      c.events().filter((e) => e['Unique-ID'] === 'vm-in' && /^avmd::/.test(e['Event-Subclass'] ?? '')),
    ).toEqual([]);
  });

  it("on an inbound call avmd hears only our own audio: never the caller's beep", async () => {
    await c.command('event plain CHANNEL_PARK');
    const reply = await c.command('api sim_inbound 02100000009 7103 voicemail-tone');
    const uuid = reply.body.replace(/^\+OK /, '').trim();
    await c.command(`api uuid_answer ${uuid}`);
    // outbound_channel=1 (the setting for originated legs) does not start on an inbound channel.
    await exec(uuid, 'avmd_start', 'outbound_channel=1,inbound_channel=0', 'a5');
    await completed('a5');
    // inbound_channel=1 starts it (WRITE_REPLACE): it reads what we play, not the caller.
    await exec(uuid, 'avmd_start', 'inbound_channel=1,outbound_channel=0', 'a6');
    await completed('a6');
    await c.event((e) => e['Event-Subclass'] === 'avmd::start' && e['Unique-ID'] === uuid);
    await sleep(3000 * SCALE + 150);
    expect(c.events().filter((e) => e['Event-Subclass'] === 'avmd::beep')).toEqual([]);
    expect(
      c.events().filter((e) => e['Event-Subclass'] === 'avmd::start' && e['Unique-ID'] === uuid),
    ).toHaveLength(1);
  });

  it('no beep without avmd_start, and a person never beeps', async () => {
    await call('7102', 'vm-off');
    await call('7101', 'person');
    await exec('person', 'avmd_start', '', 'a2');
    await completed('a2');
    expect((await c.command('api avmd person stop')).body).toBe(
      '+OK\n [person] [sofia/external/7101] stopped\n\n',
    );
    await exec('person', 'avmd_start', '', 'a3');
    await completed('a3');
    await sleep(3000 * SCALE + 100);
    expect(c.events().filter((e) => e['Event-Subclass'] === 'avmd::beep')).toEqual([]);
  });

  it('delivers CUSTOM events only to the subclasses a client asked for', async () => {
    const other = await RawEsl.open(sim.port, 'plain CHANNEL_ANSWER CUSTOM avmd::beep');
    await call('7101', 'g-3');
    await c.command('api uuid_google_transcribe g-3 start cmn-Hans-CN interim');
    await prompt('g-3', 'p4');
    await c.event(
      (e) => e['Event-Subclass'] === 'google_transcribe::transcription' && e['Unique-ID'] === 'g-3',
    );
    await other.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER' && e['Unique-ID'] === 'g-3');
    expect(other.events().filter((e) => e['Event-Name'] === 'CUSTOM')).toEqual([]);
    other.close();
  });
});

describe('uuid_buglist', () => {
  const bugs = async (uuid: string) => (await c.command(`api uuid_buglist ${uuid}`)).body;
  const fns = async (uuid: string) =>
    [...(await bugs(uuid)).matchAll(/<function>([^<]*)</g)].map((m) => m[1]);

  it('lists detect_speech while the channel detects and avmd while avmd runs, as FreeSWITCH prints them', async () => {
    await call('7101', 'b-1');
    expect(await bugs('b-1')).toBe('<media-bugs>\n</media-bugs>\n');
    await exec(
      'b-1',
      'detect_speech',
      'unimrcp:prof {start-input-timers=false}builtin:grammar/any any',
      'd1',
    );
    await completed('d1');
    await exec('b-1', 'avmd_start', 'outbound_channel=1,inbound_channel=0', 'a1');
    await completed('a1');
    expect(await fns('b-1')).toEqual(['detect_speech', 'avmd']);
    expect(await bugs('b-1')).toContain(
      ' <media-bug>\n  <function>avmd</function>\n  <target>N/A</target>\n  <thread-locked>0</thread-locked>\n </media-bug>\n',
    );
    // pause keeps the recognizer attached; stop removes it; `avmd <uuid> stop` removes avmd.
    await exec('b-1', 'detect_speech', 'pause', 'd2');
    await completed('d2');
    expect(await fns('b-1')).toEqual(['detect_speech', 'avmd']);
    expect((await c.command('api avmd b-1 stop')).body).toBe('+OK\n [b-1] [sofia/external/7101] stopped\n\n');
    await exec('b-1', 'detect_speech', 'stop', 'd3');
    await completed('d3');
    expect(await bugs('b-1')).toBe('<media-bugs>\n</media-bugs>\n');
    expect(await bugs('no-such-uuid')).toBe('-ERR no reply\n');
  });

  it('lists nothing when the module is missing or avmd cannot read the leg', async () => {
    await sim.close();
    sim = await startSimulator({
      timeScale: SCALE,
      seed: 3,
      personas,
      heartbeatMs: 0,
      modules: REAL_BUILD_MODULES,
    });
    c.close();
    c = await RawEsl.open(sim.port, 'plain CHANNEL_ANSWER CHANNEL_EXECUTE_COMPLETE BACKGROUND_JOB');
    await call('7101', 'b-2');
    await exec('b-2', 'detect_speech', 'unimrcp:prof builtin:grammar/any any', 'd4');
    // "Invalid ASR module [unimrcp:prof]!" is only logged: _none_, and no media bug.
    expect((await completed('d4'))['Application-Response']).toBe('_none_');
    expect(await bugs('b-2')).toBe('<media-bugs>\n</media-bugs>\n');
  });

  it('a recording is a session_record bug on its file', async () => {
    await call('7101', 'b-3');
    await exec('b-3', 'avmd_start', 'inbound_channel=1,outbound_channel=0', 'a2');
    await completed('a2');
    expect(await bugs('b-3')).toBe('<media-bugs>\n</media-bugs>\n');
    expect((await c.command('api uuid_record b-3 start /tmp/callplat-sim-bug.wav')).body).toBe(
      '+OK Success\n',
    );
    // The bug is there when the reply comes, as on FreeSWITCH.
    expect(await bugs('b-3')).toContain(
      '<function>session_record</function>\n  <target>/tmp/callplat-sim-bug.wav</target>',
    );
  });
});
