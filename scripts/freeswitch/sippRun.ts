// One SIPp process for the configuration's own tests: a scenario of ./sipp with {{NAME}} placeholders.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SippRun {
  exited: Promise<number | null>;
  log(): string;
  /** Kills SIPp if it still runs and removes its folder (read log() first). */
  stop(): void;
}

export function runSipp(
  scenario: 'register' | 'answer' | 'seat-call',
  o: { target?: string; port: number; mediaPort: number; vars?: Record<string, string>; extra?: string[] },
): SippRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cp-fs-sipp-${scenario}-`));
  let xml = fs.readFileSync(path.join(__dirname, 'sipp', `${scenario}.xml`), 'utf8');
  for (const [k, v] of Object.entries(o.vars ?? {})) xml = xml.replaceAll(`{{${k}}}`, v);
  fs.writeFileSync(path.join(dir, 'scenario.xml'), xml);
  const args = [...(o.target ? [o.target] : []), '-sf', 'scenario.xml', '-i', '127.0.0.1'];
  args.push(
    '-p',
    String(o.port),
    '-mp',
    String(o.mediaPort),
    '-m',
    '1',
    '-nostdin',
    '-trace_err',
    '-trace_msg',
  );
  args.push(...(o.extra ?? []));
  const out = fs.openSync(path.join(dir, 'sipp.log'), 'w');
  const child = spawn('sipp', args, { cwd: dir, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = () =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => `== ${f}\n${fs.readFileSync(path.join(dir, f), 'utf8').slice(-4000)}`)
      .join('\n');
  return {
    exited,
    log,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
