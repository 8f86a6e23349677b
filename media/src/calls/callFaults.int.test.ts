// What the real FreeSWITCH does that the session must not take for success, over the simulator
// answering as FreeSWITCH 1.10.12 does: a failed originate's -ERR before or after its hang-up, a
// prompt file the switch cannot read (FILE NOT FOUND), a recognizer module it does not have
// (-ERR … Command not found!), and mod_avmd's direction on outbound and inbound legs.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PLATFORM_FAULT_TEXT } from '../../../domain/calls';
import { lineGatewayName } from '../../../domain/telephony-config';
import { DEFAULT_PERSONAS, type Persona } from '../sim/personas';
import { REAL_BUILD_MODULES } from '../sim/modules';
import { startSimulator, type Simulator } from '../sim/server';
import { mortgageYesPersona, RawEsl } from '../sim/testing';
import { GoogleTranscribeAdapter, UnimrcpAdapter, type AsrAdapter } from '../speech/asr';
import { AVMD_START_ARG } from './beepDetector';
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';

const SCALE = 0.05;
const PERSONAS: Persona[] = [
  mortgageYesPersona({ name: 'mortgage-yes', match: '^9401$', ringMs: [500, 500], replyDelayMs: [300, 300] }),
  ...DEFAULT_PERSONAS,
];

/**
 * Passes the switch's frames to the worker one at a time, a few ms apart. The simulator writes an
 * originate's BACKGROUND_JOB and the CHANNEL_HANGUP_COMPLETE 1 ms after it in one TCP chunk, which
 * the worker parses in one go; from a real switch they come as separate reads, as here.
 */
async function startFramePacer(
  targetPort: number,
  gapMs = 2,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    client.setNoDelay(true);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    let buf = Buffer.alloc(0);
    let chain = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const end = buf.indexOf('\n\n');
        if (end < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, end).toString())?.[1] ?? 0);
        if (buf.length < end + 2 + length) return;
        const frame = buf.subarray(0, end + 2 + length);
        buf = buf.subarray(end + 2 + length);
        chain = chain.then(
          () => new Promise<void>((r) => client.write(frame, () => void setTimeout(r, gapMs))),
        );
      }
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

let kit: CallKit;
let sim: Simulator;
let worker: CallWorker;
let watch: RawEsl;
let pacer: Awaited<ReturnType<typeof startFramePacer>>;
let mediaDir: string;
const mediaBefore = process.env.MEDIA_DIR;
/** The recognizer the next calls get (the account's asr_settings otherwise). */
let asr: AsrAdapter | null = null;

beforeAll(async () => {
  // Prompts of our own: a test below deletes them, as a switch that shares no folder would not see them.
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'callfaults-'));
  process.env.MEDIA_DIR = mediaDir;
  kit = await startCallKit();
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 5,
    heartbeatMs: 0,
    personas: PERSONAS,
    files: 'check',
    modules: [...REAL_BUILD_MODULES, 'mod_unimrcp'],
  });
  pacer = await startFramePacer(sim.port);
  worker = await startCallWorker({
    config: kit.config,
    db: kit.db.knex,
    nodes: [
      { id: 1, name: 'fs-faults', host: '127.0.0.1', port: pacer.port, password: 'ClueCon', weight: 10 },
    ],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale: SCALE,
    lostAfterMs: 3000,
    asr: { forAccount: async () => asr ?? new UnimrcpAdapter() },
  });
  watch = await RawEsl.open(
    sim.port,
    'plain CHANNEL_EXECUTE_COMPLETE CHANNEL_HANGUP_COMPLETE BACKGROUND_JOB',
  );
}, 60000);
afterAll(async () => {
  watch?.close();
  await worker?.close();
  await pacer?.close();
  await sim?.close();
  await kit?.close();
  process.env.MEDIA_DIR = mediaBefore;
  if (mediaBefore === undefined) delete process.env.MEDIA_DIR;
  await rm(mediaDir, { recursive: true, force: true });
});

const eventsOf = (uuid: string) => watch.events().filter((e) => e['Unique-ID'] === uuid);

describe('a failed originate: the record comes from the hang-up, whichever event comes first', () => {
  it.each([
    // NO_ANSWER: the originate timer fires, BACKGROUND_JOB -ERR goes before CHANNEL_HANGUP_COMPLETE.
    ['9002', 'NO_ANSWER', 68, 'job first'],
    // 486: the far end refuses, the hang-up completes before the originate returns.
    ['9001', 'USER_BUSY', 67, 'hang-up first'],
  ])('%s (%s, %s): SIP status and switch times of the hang-up', async (phone, cause, level, order) => {
    const job = await kit.dial(phone);
    const row = await kit.waitEnded(job.callUuid);
    const all = watch.events();
    const hangupAt = all.findIndex(
      (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === job.callUuid,
    );
    // Only one call of this cause runs at a time: its BACKGROUND_JOB is the last one saying so.
    const jobAt = all.findLastIndex(
      (e) => e['Event-Name'] === 'BACKGROUND_JOB' && e._body?.trim() === `-ERR ${cause}`,
    );
    const hangup = all[hangupAt]!;
    expect(hangup).toBeDefined();
    expect(jobAt).toBeGreaterThanOrEqual(0);
    expect(order === 'job first' ? jobAt < hangupAt : jobAt > hangupAt).toBe(true);
    const us = (k: string) => Number(hangup[k]);
    expect(row).toMatchObject({
      result_level: level,
      hangup_cause: cause,
      sip_status: Number(hangup.variable_sip_term_status),
      billable_ms: 0,
    });
    // The times are the switch's, from the hang-up event (not our clock at the -ERR).
    const totalMs = Math.round((us('Caller-Channel-Hangup-Time') - us('Caller-Channel-Created-Time')) / 1000);
    expect(Number(row.total_ms)).toBe(totalMs);
  });
});

describe('platform faults: hung up at once, result 90, nothing billed', () => {
  it('a recognizer the switch does not have (-ERR … Command not found!) ends the call as a fault', async () => {
    // The node's probe at connect refuses a bot whose recognizer module it lacks (nodeFit.ts); this
    // stands for one unloaded since: google_transcribe's commands under a name the probe does not check.
    const google = new GoogleTranscribeAdapter();
    asr = {
      name: 'none',
      start: (u, o) => google.start(u, o),
      stop: (u) => google.stop(u),
      parse: (e) => google.parse(e),
    };
    try {
      const job = await kit.dial('9401');
      const row = await kit.waitEnded(job.callUuid);
      expect(row).toMatchObject({ result_level: 90, billable_ms: 0, grade: null });
      const reason = row.reason as { kind: string; text: string };
      expect(reason.kind).toBe('platformFault');
      expect(reason.text).toContain('语音识别无法启动');
    } finally {
      asr = null;
    }
  });
});

describe('a recognizer that left no media bug', () => {
  it('detect_speech of a module the switch lacks (_none_, no media bug in uuid_buglist) is a fault', async () => {
    // detect_speech completes "_none_" whether its module exists or not (Invalid ASR module [x]! is
    // only logged); uuid_buglist listing no detect_speech bug is the one sign. As above, the adapter's
    // name keeps the probe from refusing first, as for a module unloaded after it.
    const mrcp = new UnimrcpAdapter();
    asr = {
      name: 'none',
      start: (u, o) =>
        mrcp
          .start(u, o)
          .map((c) => (c.kind === 'execute' ? { ...c, arg: c.arg.replace(/^unimrcp/, 'pocketsphinx') } : c)),
      stop: () => mrcp.stop(),
      parse: (e) => mrcp.parse(e),
    };
    try {
      const job = await kit.dial('9401');
      const row = await kit.waitEnded(job.callUuid);
      const detect = eventsOf(job.callUuid).filter((e) => e.Application === 'detect_speech');
      expect(detect[0]).toMatchObject({ 'Application-Response': '_none_' });
      expect(detect[0]!['Application-Data']).toMatch(/^pocketsphinx /);
      expect(row).toMatchObject({ result_level: 90, billable_ms: 0, grade: null });
      const reason = row.reason as { kind: string; text: string };
      expect(reason.kind).toBe('platformFault');
      expect(reason.text).toContain('语音识别无法启动');
    } finally {
      asr = null;
    }
  });

  it('with the module loaded the same call hears the customer (detect_speech listed by uuid_buglist)', async () => {
    const job = await kit.dial('9401');
    const row = await kit.waitEnded(job.callUuid);
    expect(eventsOf(job.callUuid).some((e) => e.Application === 'detect_speech')).toBe(true);
    expect(row.result_level).not.toBe(90);
    expect(Number(row.billable_ms)).toBeGreaterThan(0);
    expect((await kit.lines(job.callUuid)).some((l) => l.khtype === 'customer')).toBe(true);
  });
});

describe('mod_avmd listens to what the customer sends', () => {
  it('on an outbound call: avmd_start with outbound_channel=1 (the READ_REPLACE side)', async () => {
    const job = await kit.dial('9401');
    await kit.waitEnded(job.callUuid);
    const starts = eventsOf(job.callUuid).filter((e) => e.Application === 'avmd_start');
    expect(starts.map((e) => e['Application-Data'])).toEqual([AVMD_START_ARG]);
    expect(AVMD_START_ARG).toMatch(/(^|,)outbound_channel=1(,|$)/);
    expect(AVMD_START_ARG).toMatch(/(^|,)inbound_channel=0(,|$)/);
  });

  it('on an inbound call: not started at all (no direction reads the caller)', async () => {
    const line = await kit.db.knex('sip_lines').where({ id: kit.lineId }).first('caller_number');
    const did = String(line.caller_number);
    await kit.db.knex('scenes').insert({
      account_id: kit.merchantId,
      name: 'avmd-inbound',
      did,
      line_id: kit.lineId,
      target: 'bot',
      bot_id: kit.botIds[0],
    });
    const placed = (
      await watch.command(`api sim_inbound ${did} 13900000401 mortgage-yes 30 ${lineGatewayName(kit.lineId)}`)
    ).body;
    expect(placed).toMatch(/^\+OK /);
    const uuid = placed.trim().slice(4);
    const row = await kit.waitEnded(uuid, 30000);
    expect(row.answered_at).not.toBeNull();
    expect(eventsOf(uuid).filter((e) => e.Application === 'avmd_start')).toEqual([]);
    expect(eventsOf(uuid).some((e) => e.Application === 'playback')).toBe(true);
  });
});

// Last: it deletes the prompt files the calls above played.
describe('a platform fault the switch reports late', () => {
  it('a prompt file the switch cannot read (FILE NOT FOUND) never counts as played', async () => {
    // A first call writes the prompt files; then they vanish from where the switch would read them.
    const first = await kit.dial('9401');
    expect(Number((await kit.waitEnded(first.callUuid)).billable_ms)).toBeGreaterThan(0);
    await rm(path.join(mediaDir, 'callplat-prompts'), { recursive: true, force: true });
    const job = await kit.dial('9401');
    const row = await kit.waitEnded(job.callUuid);
    const played = eventsOf(job.callUuid).filter((e) => e.Application === 'playback');
    expect(played[0]?.['Application-Response']).toBe('FILE NOT FOUND');
    expect(row).toMatchObject({ result_level: 90, billable_ms: 0, grade: null });
    expect(row.answered_at).not.toBeNull();
    const reason = row.reason as { kind: string; text: string };
    expect(reason.kind).toBe('platformFault');
    expect(reason.text).toContain(PLATFORM_FAULT_TEXT);
    expect(reason.text).toContain('FILE NOT FOUND');
    const lines = await kit.lines(job.callUuid);
    expect(lines.filter((l) => l.khtype === 'robot')).toEqual([]);
  });
});
