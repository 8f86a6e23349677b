// SIPp as the carrier (and as a caller) of the real-switch tier. Each process runs one scenario of
// ./sipp in a folder of its own holding `audio.al`, the raw A-law the scenario streams (rtp_stream).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { speechAlaw } from './audio';

export type CarrierScenario =
  'uas-answer' | 'uas-answer-dtmf' | 'uas-busy' | 'uas-no-answer' | 'uas-not-found' | 'uac-call';
/** A seat's phone (scripts/freeswitch/launch.fs.test.ts): answers, registers, dials out. */
export type PhoneScenario = 'uas-phone' | 'seat-register' | 'seat-call';

export interface SippOptions {
  scenario: CarrierScenario | PhoneScenario;
  /** Local address and SIP port. */
  ip?: string;
  port: number;
  /** First RTP port of this process (sipp -mp). */
  mediaPort: number;
  /** Writes the folder's audio.al; default: a short Chinese "hello?" */
  audio?: (file: string) => void;
  /** For uac-call: where to call, the number dialled, the caller's number, how long to stay (ms). */
  target?: string;
  service?: string;
  caller?: string;
  holdMs?: number;
  /** For uac-call: calls to place (sipp -m); a UAS answers any number of calls until stopped. */
  calls?: number;
  /** Calls at once for a UAS (sipp -l); SIPp's default is 3 x rate. */
  limit?: number;
  /** For uas-answer-dtmf: the port of the Node media peer its answer points at (rtpPeer.ts). */
  rtpPort?: number;
  /** More {{NAME}} placeholders of the scenario (the phone scenarios'). */
  vars?: Record<string, string>;
}

export interface Sipp {
  dir: string;
  port: number;
  ip: string;
  /** Resolves with SIPp's exit code (a UAC ends by itself after its calls). */
  exited: Promise<number | null>;
  /** The last lines of SIPp's log, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

const SCENARIOS = path.join(__dirname, 'sipp');

export function startSipp(o: SippOptions): Sipp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cp-sipp-${o.scenario}-`));
  const ip = o.ip ?? '127.0.0.1';
  (o.audio ?? ((f: string) => speechAlaw(f, '喂，你好，哪位？')))(path.join(dir, 'audio.al'));
  // The caller's scenario takes its number and hold time from placeholders.
  let xml = fs
    .readFileSync(path.join(SCENARIOS, `${o.scenario}.xml`), 'utf8')
    .replaceAll('{{HOLD_MS}}', String(o.holdMs ?? 20_000))
    .replaceAll('{{CALLER}}', o.caller ?? '13800000001')
    .replaceAll('{{RTP_PORT}}', String(o.rtpPort ?? 0));
  for (const [k, v] of Object.entries(o.vars ?? {})) xml = xml.replaceAll(`{{${k}}}`, v);
  const sf = path.join(dir, 'scenario.xml');
  fs.writeFileSync(sf, xml);
  const args = [
    ...(o.target ? [o.target] : []),
    '-sf',
    sf,
    '-i',
    ip,
    '-mi',
    ip,
    '-p',
    String(o.port),
    '-mp',
    String(o.mediaPort),
    '-nostdin',
    '-trace_err',
    '-error_file',
    path.join(dir, 'errors.log'),
    ...(o.service ? ['-s', o.service] : []),
    // A caller places one call unless told (SIPp's UAC would go on at 10 calls a second).
    ...(o.calls || o.scenario === 'uac-call' || o.scenario.startsWith('seat-')
      ? ['-m', String(o.calls ?? 1)]
      : []),
    ...(o.limit ? ['-l', String(o.limit)] : []),
  ];
  const out = fs.openSync(path.join(dir, 'sipp.log'), 'w');
  const child: ChildProcess = spawn('sipp', args, { cwd: dir, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = () => {
    const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
    return (read(path.join(dir, 'errors.log')) + read(path.join(dir, 'sipp.log')).slice(-2000)).slice(-4000);
  };
  return {
    dir,
    port: o.port,
    ip,
    exited,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killed = setTimeout(() => child.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(killed);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
