// Where the simulator answers as FreeSWITCH 1.10.12 does (issue 20), each case checked against the
// real switch over ESL first: the originate's BACKGROUND_JOB among the leg's events, applications
// that fail (missing prompt, missing recognizer, unknown application), and commands of modules the
// node lacks.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Persona } from './personas';
import { REAL_BUILD_MODULES } from './modules';
import { startSimulator, type Simulator } from './server';
import { RawEsl, sleep } from './testing';

const personas: Persona[] = [
  { name: 'busy', match: '^7201$', outcome: 'busy', ringMs: [100, 100] },
  { name: 'rings', match: '^7202$', outcome: 'noAnswer' },
  { name: 'answers', match: '^7203$', outcome: 'answer', ringMs: [100, 100], hangupAtMs: 600000 },
];
const SCALE = 0.01;
const sims: Simulator[] = [];
const clients: RawEsl[] = [];

async function open(opts: Parameters<typeof startSimulator>[0] = {}): Promise<{ sim: Simulator; c: RawEsl }> {
  const sim = await startSimulator({ timeScale: SCALE, seed: 5, personas, heartbeatMs: 0, ...opts });
  sims.push(sim);
  const c = await RawEsl.open(sim.port, 'plain ALL');
  clients.push(c);
  return { sim, c };
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of sims.splice(0)) await s.close();
});

const names = (c: RawEsl, uuid: string, job: string) =>
  c
    .events()
    .filter((e) => e['Unique-ID'] === uuid || e['Job-UUID'] === job)
    .map((e) => e['Event-Name'])
    .filter((n) =>
      ['CHANNEL_HANGUP', 'CHANNEL_HANGUP_COMPLETE', 'BACKGROUND_JOB', 'CHANNEL_DESTROY'].includes(n!),
    );

async function originate(c: RawEsl, number: string, uuid: string, vars = ''): Promise<string> {
  const reply = await c.command(
    `bgapi originate {origination_uuid=${uuid}${vars}}sofia/gateway/line-1/${number} &park()`,
  );
  const job = reply.headers['Job-UUID']!;
  await c.event((e) => e['Event-Name'] === 'BACKGROUND_JOB' && e['Job-UUID'] === job, 5000);
  return job;
}

describe('the originate result among the leg events', () => {
  it('NO_ANSWER (our originate timer): the -ERR comes between CHANNEL_HANGUP and CHANNEL_HANGUP_COMPLETE', async () => {
    const { c } = await open();
    const job = await originate(c, '7202', 'order-na', ',originate_timeout=2');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_DESTROY' && e['Unique-ID'] === 'order-na');
    expect(names(c, 'order-na', job)).toEqual([
      'CHANNEL_HANGUP',
      'BACKGROUND_JOB',
      'CHANNEL_HANGUP_COMPLETE',
      'CHANNEL_DESTROY',
    ]);
    const bg = c.events().find((e) => e['Job-UUID'] === job && e['Event-Name'] === 'BACKGROUND_JOB')!;
    expect(bg._body).toBe('-ERR NO_ANSWER\n');
  });

  it('486 USER_BUSY (the far end refused): the -ERR comes after CHANNEL_HANGUP_COMPLETE, before CHANNEL_DESTROY', async () => {
    const { c } = await open();
    const job = await originate(c, '7201', 'order-busy');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_DESTROY' && e['Unique-ID'] === 'order-busy');
    expect(names(c, 'order-busy', job)).toEqual([
      'CHANNEL_HANGUP',
      'CHANNEL_HANGUP_COMPLETE',
      'BACKGROUND_JOB',
      'CHANNEL_DESTROY',
    ]);
    const complete = c.events().find((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE')!;
    expect(complete).toMatchObject({ 'Hangup-Cause': 'USER_BUSY', variable_sip_term_status: '486' });
  });
});

it('uuid_kill of a ringing leg: like a refusal, the -ERR comes after CHANNEL_HANGUP_COMPLETE', async () => {
  const { c } = await open();
  const reply = await c.command(
    'bgapi originate {origination_uuid=order-kill}sofia/gateway/line-1/7202 &park()',
  );
  const job = reply.headers['Job-UUID']!;
  await c.event((e) => e['Event-Name'] === 'CHANNEL_PROGRESS' && e['Unique-ID'] === 'order-kill');
  await c.command('api uuid_kill order-kill');
  await c.event((e) => e['Event-Name'] === 'CHANNEL_DESTROY' && e['Unique-ID'] === 'order-kill');
  expect(names(c, 'order-kill', job)).toEqual([
    'CHANNEL_HANGUP',
    'CHANNEL_HANGUP_COMPLETE',
    'BACKGROUND_JOB',
    'CHANNEL_DESTROY',
  ]);
  expect(c.events().find((e) => e['Job-UUID'] === job)!._body).toBe('-ERR NORMAL_CLEARING\n');
});

describe('failed applications', () => {
  const exec = (c: RawEsl, uuid: string, app: string, arg: string, id: string) =>
    c.command(
      `sendmsg ${uuid}\ncall-command: execute\nexecute-app-name: ${app}\nexecute-app-arg: ${arg}\nEvent-UUID: ${id}`,
    );
  const completed = (c: RawEsl, id: string) =>
    c.event((e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === id);

  it('playback of a file that is not there: FILE NOT FOUND at once, no PLAYBACK_START/STOP', async () => {
    const { c } = await open({ files: 'check' });
    await originate(c, '7203', 'nf-1');
    await exec(c, 'nf-1', 'playback', '{sim_text=您好,cp_seq=1}/nonexistent/x.wav', 'p1');
    const done = await completed(c, 'p1');
    expect(done).toMatchObject({
      Application: 'playback',
      'Application-Data': '{sim_text=您好,cp_seq=1}/nonexistent/x.wav',
      'Application-Response': 'FILE NOT FOUND',
      variable_current_application: 'playback',
      variable_current_application_response: 'FILE NOT FOUND',
    });
    expect(c.events().filter((e) => /^PLAYBACK_/.test(e['Event-Name'] ?? ''))).toEqual([]);
    // A file that is there plays, and so do streams.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sim-play-'));
    const wav = path.join(dir, 'p.wav');
    writeFileSync(wav, Buffer.alloc(0));
    await exec(c, 'nf-1', 'playback', `{sim_duration_ms=100}${wav}`, 'p2');
    expect((await completed(c, 'p2'))['Application-Response']).toBe('FILE PLAYED');
    await exec(c, 'nf-1', 'playback', 'silence_stream://100', 'p3');
    expect((await completed(c, 'p3'))['Application-Response']).toBe('FILE PLAYED');
  });

  it('play_and_detect_speech: ASR INIT ERROR without the module, ERROR for a missing file, DONE otherwise', async () => {
    const { c, sim } = await open({ files: 'check', modules: REAL_BUILD_MODULES });
    await originate(c, '7203', 'pd-1');
    const grammar = 'detect:unimrcp {start-input-timers=false}builtin:grammar/boolean';
    await exec(c, 'pd-1', 'play_and_detect_speech', `silence_stream://100 ${grammar}`, 'd1');
    expect((await completed(c, 'd1'))['Application-Response']).toBe('ASR INIT ERROR');
    await exec(c, 'pd-1', 'detect_speech', 'unimrcp {hotwords=a|b}builtin:grammar/boolean g1', 'd2');
    expect((await completed(c, 'd2'))['Application-Response']).toBe('_none_');
    expect(sim.recognizers('pd-1')).toEqual([]);
    expect(c.events().filter((e) => /^PLAYBACK_|DETECTED_SPEECH/.test(e['Event-Name'] ?? ''))).toEqual([]);

    const withAsr = await open({ files: 'check' });
    await originate(withAsr.c, '7203', 'pd-2');
    await exec(withAsr.c, 'pd-2', 'play_and_detect_speech', `/nonexistent/q.wav ${grammar}`, 'd3');
    expect((await completed(withAsr.c, 'd3'))['Application-Response']).toBe('ERROR');
    await exec(
      withAsr.c,
      'pd-2',
      'play_and_detect_speech',
      `{sim_duration_ms=100}silence_stream://100 ${grammar}`,
      'd4',
    );
    expect((await completed(withAsr.c, 'd4'))['Application-Response']).toBe('DONE');
    await exec(withAsr.c, 'pd-2', 'play_and_detect_speech', 'silence_stream://100', 'd5');
    expect((await completed(withAsr.c, 'd5'))['Application-Response']).toBe('USAGE ERROR');
  });

  it('an application the switch does not have hangs the channel up (DESTINATION_OUT_OF_ORDER)', async () => {
    const { c } = await open({ modules: REAL_BUILD_MODULES.filter((m) => m !== 'mod_avmd') });
    await originate(c, '7203', 'app-1');
    await exec(c, 'app-1', 'avmd_start', 'outbound_channel=1', 'a1');
    const end = await c.event(
      (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === 'app-1',
    );
    expect(end['Hangup-Cause']).toBe('DESTINATION_OUT_OF_ORDER');
    expect(c.events().filter((e) => e.Application === 'avmd_start')).toEqual([]);
  });
});

it("avmd's API replies, word for word as FreeSWITCH 1.10.12 answered them", async () => {
  const { c } = await open();
  await originate(c, '7203', 'avmd-1');
  const api = async (cmd: string) => (await c.command(`api ${cmd}`)).body;
  const names = '[avmd-1] [sofia/external/7203]';
  expect(await api('avmd avmd-1 stop')).toBe(`+ERR, avmd has not yet been started on\n ${names}\n\n`);
  expect(await api('avmd avmd-1 start')).toBe(`+OK\n ${names} started!\n\n`);
  expect(await api('avmd avmd-1 start')).toBe(
    '-ERR, avmd for FreeSWITCH session [avmd-1]\n already started\n\n',
  );
  expect(await api('avmd avmd-1 stop')).toBe(`+OK\n ${names} stopped\n\n`);
  expect(await api('avmd nope start')).toBe(
    '-ERR, no FreeSWITCH session for uuid [nope]!\n-USAGE: <uuid> < start | stop | set [inbound|outbound|default] | load [inbound|outbound] | reload | show >\n\n',
  );
});

describe('modules', () => {
  it('answers module_exists, and Command not found! for a command whose module is absent', async () => {
    const { c } = await open({ modules: REAL_BUILD_MODULES });
    expect((await c.command('api module_exists mod_avmd')).body).toBe('true');
    expect((await c.command('api module_exists mod_unimrcp')).body).toBe('false');
    expect((await c.command('api module_exists')).body).toBe('-ERR no reply\n');
    expect((await c.command('api uuid_google_transcribe x start en-US')).body).toBe(
      '-ERR uuid_google_transcribe Command not found!\n',
    );
    const reply = await c.command('bgapi uuid_google_transcribe x stop');
    const bg = await c.event((e) => e['Job-UUID'] === reply.headers['Job-UUID']);
    expect(bg._body).toBe('-ERR uuid_google_transcribe Command not found!\n');
  });

  it('the default simulator keeps its recognizers (the demo listens through them)', async () => {
    const { c } = await open();
    expect((await c.command('api module_exists mod_unimrcp')).body).toBe('true');
    expect((await c.command('api module_exists mod_google_transcribe')).body).toBe('true');
    await sleep(1);
  });
});
