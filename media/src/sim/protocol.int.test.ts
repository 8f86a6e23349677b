// ESL protocol conformance of the simulator, over a raw TCP socket.
import type { Persona } from './personas';
import { startSimulator, type Simulator } from './server';
import { RawEsl, sleep } from './testing';

const personas: Persona[] = [
  { name: 'answers', match: '^100', outcome: 'answer', ringMs: [100, 100] },
  { name: 'busy', match: '^200', outcome: 'busy', ringMs: [100, 100] },
];

let sim: Simulator;
const open: RawEsl[] = [];
const client = async (events?: string) => {
  const c = await RawEsl.open(sim.port, events);
  open.push(c);
  return c;
};

beforeEach(async () => {
  sim = await startSimulator({ timeScale: 0.01, seed: 1, personas, heartbeatMs: 0 });
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await sim.close();
});

const originate = (c: RawEsl, uuid: string, number = '100') =>
  c.command(`bgapi originate {origination_uuid=${uuid}}sofia/gateway/gw/${number} &park()`);

describe('authentication', () => {
  it('asks for auth, accepts the password, and rejects a wrong one with a disconnect', async () => {
    const c = await RawEsl.connect(sim.port);
    open.push(c);
    await c.waitFor((f) => f.headers['Content-Type'] === 'auth/request');
    expect((await c.command('api status')).headers['Reply-Text']).toBe('-ERR command not found');
    expect((await c.command('auth ClueCon')).headers).toEqual({
      'Content-Type': 'command/reply',
      'Reply-Text': '+OK accepted',
    });

    const bad = await RawEsl.connect(sim.port);
    open.push(bad);
    expect((await bad.command('auth wrong')).headers['Reply-Text']).toBe('-ERR invalid');
    const notice = await bad.waitFor((f) => f.headers['Content-Type'] === 'text/disconnect-notice');
    expect(Number(notice.headers['Content-Length'])).toBe(Buffer.byteLength(notice.body));
    await sleep(30);
    expect(bad.closed).toBe(true);
  });

  it('answers exit with +OK bye, a disconnect notice, and closes', async () => {
    const c = await client();
    expect((await c.command('exit')).headers['Reply-Text']).toBe('+OK bye');
    const notice = await c.waitFor((f) => f.headers['Content-Type'] === 'text/disconnect-notice');
    expect(notice.body).toContain('Disconnected, goodbye.');
    await sleep(30);
    expect(c.closed).toBe(true);
  });
});

describe('framing', () => {
  it('reads commands split across TCP chunks and several commands in one chunk', async () => {
    const c = await client('');
    c.write('api sta');
    await sleep(20);
    c.write('tus\n');
    await sleep(20);
    c.write('\napi uuid_exists nope\n\napi echo hi\n\n');
    const status = await c.nextReply();
    expect(status.headers['Content-Type']).toBe('api/response');
    expect(status.body).toMatch(/^UP \d+ years/);
    expect(Number(status.headers['Content-Length'])).toBe(Buffer.byteLength(status.body));
    expect((await c.nextReply()).body).toBe('false');
    expect((await c.nextReply()).body).toBe('hi');
  });

  it('reads a sendmsg whose argument is a Content-Length body split across chunks', async () => {
    const c = await client('plain CHANNEL_EXECUTE CHANNEL_ANSWER');
    await originate(c, 'body-1');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER');
    const arg = '{sim_duration_ms=100}/tmp/长的提示.wav';
    const head = `sendmsg body-1\ncall-command: execute\nexecute-app-name: playback\ncontent-type: text/plain\ncontent-length: ${Buffer.byteLength(arg)}\n\n`;
    const raw = Buffer.from(head + arg);
    c.write(raw.subarray(0, head.length + 3));
    await sleep(20);
    c.write(raw.subarray(head.length + 3));
    expect((await c.nextReply()).headers['Reply-Text']).toBe('+OK');
    const ev = await c.event((e) => e['Event-Name'] === 'CHANNEL_EXECUTE' && e.Application === 'playback');
    expect(ev['Application-Data']).toBe(arg);
  });

  it('frames events with an outer Content-Length and an inner one for bodies (plain)', async () => {
    const c = await client('plain BACKGROUND_JOB');
    const reply = await c.command('bgapi status');
    const job = reply.headers['Job-UUID']!;
    const frame = await c.waitFor((f) => f.body.includes(`Job-UUID: ${job}`));
    expect(frame.headers['Content-Type']).toBe('text/event-plain');
    expect(Number(frame.headers['Content-Length'])).toBe(Buffer.byteLength(frame.body));
    const [head, body] = frame.body.split('\n\n');
    const inner = /Content-Length: (\d+)$/m.exec(head!)![1];
    expect(Number(inner)).toBe(Buffer.byteLength(body!));
    expect(body).toMatch(/^UP /);
  });

  it('sends json events with _body when asked for json', async () => {
    const c = await client('json BACKGROUND_JOB');
    const job = (await c.command('bgapi status')).headers['Job-UUID']!;
    const ev = await c.event((e) => e['Job-UUID'] === job);
    expect(c.frames.at(-1)!.headers['Content-Type']).toBe('text/event-json');
    expect(ev['Event-Name']).toBe('BACKGROUND_JOB');
    expect(ev['Job-Command']).toBe('status');
    expect(ev._body).toMatch(/^UP /);
    expect(ev['Content-Length']).toBe(String(Buffer.byteLength(ev._body!)));
  });
});

describe('commands', () => {
  it('api replies in order with api/response; bgapi replies with the Job-UUID then BACKGROUND_JOB', async () => {
    const c = await client('plain BACKGROUND_JOB');
    const api = await c.command('api uuid_getvar nobody x');
    expect(api.body).toBe('-ERR No such channel!\n');
    const bg = await c.command('bgapi echo hello');
    const job = bg.headers['Job-UUID']!;
    expect(bg.headers['Reply-Text']).toBe(`+OK Job-UUID: ${job}`);
    const ev = await c.event((e) => e['Job-UUID'] === job);
    expect(ev).toMatchObject({ 'Job-Command': 'echo', 'Job-Command-Arg': 'hello', _body: 'hello' });
    // A Job-UUID header chosen by the client is used (modesl and freeswitch-esl send one).
    const own = await c.command('bgapi status\nJob-UUID: 11111111-2222-3333-4444-555555555555');
    expect(own.headers['Job-UUID']).toBe('11111111-2222-3333-4444-555555555555');
    await c.event((e) => e['Job-UUID'] === '11111111-2222-3333-4444-555555555555');
  });

  it('reports unknown commands as FreeSWITCH does', async () => {
    const c = await client('');
    expect((await c.command('frobnicate')).headers['Reply-Text']).toBe('-ERR command not found');
    expect((await c.command('api frobnicate now')).body).toBe('-ERR frobnicate Command not found!\n');
    expect((await c.command('event plain NOT_AN_EVENT')).headers['Reply-Text']).toBe(
      '-ERR no keywords supplied',
    );
    expect((await c.command('noevents')).headers['Reply-Text']).toBe('-ERR not listening for events');
    expect((await c.command('log info')).headers['Reply-Text']).toBe('+OK log level info [6]');
    expect((await c.command('nolog')).headers['Reply-Text']).toBe('+OK no longer logging');
    expect((await c.command('sendmsg nope\ncall-command: execute')).headers['Reply-Text']).toBe(
      '-ERR invalid session id [nope]',
    );
  });

  it('filters events by header, and stops filtering on filter delete', async () => {
    const c = await client('plain CHANNEL_ANSWER BACKGROUND_JOB');
    expect((await c.command('filter Unique-ID f-2')).headers['Reply-Text']).toBe(
      '+OK filter added. [Unique-ID]=[f-2]',
    );
    await originate(c, 'f-1');
    await originate(c, 'f-2');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER' && e['Unique-ID'] === 'f-2');
    await sleep(50);
    const names = c.events().map((e) => `${e['Event-Name']}:${e['Unique-ID'] ?? ''}`);
    expect(names).toEqual(['CHANNEL_ANSWER:f-2']); // no Unique-ID on BACKGROUND_JOB: filtered out too
    expect((await c.command('filter delete Unique-ID f-2')).headers['Reply-Text']).toBe(
      '+OK filter deleted. [Unique-ID][f-2]',
    );
    await originate(c, 'f-3');
    await c.event((e) => e['Event-Name'] === 'BACKGROUND_JOB' && e._body === '+OK f-3\n');
  });

  it('nixevent and noevents stop delivery', async () => {
    const c = await client('plain CHANNEL_CREATE CHANNEL_ANSWER');
    expect((await c.command('nixevent CHANNEL_CREATE')).headers['Reply-Text']).toBe('+OK events nixed');
    await originate(c, 'n-1');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER');
    expect(c.events().some((e) => e['Event-Name'] === 'CHANNEL_CREATE')).toBe(false);
    expect((await c.command('noevents')).headers['Reply-Text']).toBe('+OK no longer listening for events');
  });

  it('runs sendmsg executes in order with event-lock: each completes before the next starts', async () => {
    const c = await client('plain CHANNEL_ANSWER CHANNEL_EXECUTE CHANNEL_EXECUTE_COMPLETE');
    await originate(c, 'lock-1');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER');
    for (const [i, ms] of [
      [1, 300],
      [2, 100],
    ])
      expect(
        (
          await c.command(
            `sendmsg lock-1\ncall-command: execute\nexecute-app-name: playback\nexecute-app-arg: {sim_duration_ms=${ms}}/p/${i}.wav\nevent-lock: true\nEvent-UUID: app-${i}`,
          )
        ).headers['Reply-Text'],
      ).toBe('+OK');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === 'app-2');
    const seq = c
      .events()
      .filter((e) => e.Application === 'playback')
      .map((e) => `${e['Event-Name']}:${e['Application-UUID']}`);
    expect(seq).toEqual([
      'CHANNEL_EXECUTE:app-1',
      'CHANNEL_EXECUTE_COMPLETE:app-1',
      'CHANNEL_EXECUTE:app-2',
      'CHANNEL_EXECUTE_COMPLETE:app-2',
    ]);
    const done = c
      .events()
      .find((e) => e['Application-UUID'] === 'app-1' && e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE');
    expect(done!['Application-Response']).toBe('FILE PLAYED');
  });

  it('serves several clients, each with its own subscriptions', async () => {
    const a = await client('plain CHANNEL_ANSWER');
    const b = await client('json CHANNEL_HANGUP_COMPLETE');
    await originate(a, 'two-1');
    await a.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER' && e['Unique-ID'] === 'two-1');
    expect((await b.command('api uuid_kill two-1')).body).toBe('+OK\n');
    const hc = await b.event((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE');
    expect(hc['Unique-ID']).toBe('two-1');
    expect(b.events().some((e) => e['Event-Name'] === 'CHANNEL_ANSWER')).toBe(false);
    expect(sim.stats().connections).toBe(2);
  });

  it('myevents <uuid> limits a connection to one channel', async () => {
    const c = await client('');
    const other = await client('');
    await originate(other, 'mine');
    await originate(other, 'theirs');
    await sleep(30);
    expect((await c.command('myevents mine')).headers['Reply-Text']).toBe('+OK Events Enabled');
    await other.command('api uuid_kill theirs');
    await other.command('api uuid_kill mine');
    await c.event((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE');
    expect(new Set(c.events().map((e) => e['Unique-ID']))).toEqual(new Set(['mine']));
  });
});
