// The npm ESL client the media worker uses (freeswitch-esl 2.0.0, a port of modesl) against the
// simulator: connect, authenticate, subscribe, bgapi originate, execute with event-lock.
import { Connection, type Event } from 'freeswitch-esl';
import type { Persona } from './personas';
import { startSimulator, type Simulator } from './server';

const personas: Persona[] = [
  { name: 'ok', match: '^8', outcome: 'answer', ringMs: [100, 100] },
  { name: 'busy', match: '^486', outcome: 'busy', ringMs: [100, 100] },
];

let sim: Simulator;
let conn: Connection;

beforeEach(async () => {
  sim = await startSimulator({ timeScale: 0.01, seed: 3, personas, heartbeatMs: 0 });
  conn = new Connection();
  await new Promise<void>((resolve, reject) => {
    conn.once('error', reject);
    conn.initializeInbound({
      host: '127.0.0.1',
      port: sim.port,
      password: 'ClueCon',
      callback: () => resolve(),
    });
  });
});
afterEach(async () => {
  conn.disconnect();
  await sim.close();
});

const bgapi = (cmd: string, arg: string) => new Promise<Event>((resolve) => conn.bgapi(cmd, arg, resolve));

describe('freeswitch-esl against the simulator', () => {
  it('subscribes, originates with bgapi, and sees the answer and the hang-up', async () => {
    await new Promise<void>((resolve) =>
      conn.subscribe(['CHANNEL_ANSWER', 'CHANNEL_HANGUP_COMPLETE'], () => resolve()),
    );
    const answered = new Promise<Event>((resolve) => conn.once('esl::event::CHANNEL_ANSWER::esl-1', resolve));
    const job = await bgapi(
      'originate',
      '{origination_uuid=esl-1,origination_caller_id_number=1000}sofia/gateway/gw/8000 &park()',
    );
    expect(job.getBody()).toBe('+OK esl-1\n');
    expect((await answered).getHeader('Answer-State')).toBe('answered');

    const busy = await bgapi('originate', 'sofia/gateway/gw/486 &park()');
    expect(busy.getBody()).toBe('-ERR USER_BUSY\n');

    const hungUp = new Promise<Event>((resolve) =>
      conn.once('esl::event::CHANNEL_HANGUP_COMPLETE::esl-1', resolve),
    );
    const kill = await new Promise<Event>((resolve) =>
      conn.api('uuid_kill', 'esl-1 NORMAL_CLEARING', resolve),
    );
    expect(kill.getBody()).toBe('+OK\n');
    const end = await hungUp;
    expect(end.getHeader('Hangup-Cause')).toBe('NORMAL_CLEARING');
    expect(end.getHeader('variable_sip_term_status')).toBe('200');
  });

  it('runs execute with event-lock and gets the CHANNEL_EXECUTE_COMPLETE of that application', async () => {
    await bgapi('originate', '{origination_uuid=esl-2}sofia/gateway/gw/8001 &park()');
    conn.setEventLock(true);
    const done = await new Promise<Event>((resolve) =>
      conn.execute('playback', '{sim_duration_ms=500}/prompts/hello.wav', 'esl-2', resolve as () => void),
    );
    expect(done.getHeader('Application')).toBe('playback');
    expect(done.getHeader('Application-Response')).toBe('FILE PLAYED');
  });
});
