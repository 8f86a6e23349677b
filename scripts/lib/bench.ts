// Pieces the benchmarks share: numeric arguments, p99, sleep and the FreeSWITCH simulator in its
// own process (seed 7, any free port, waits scaled by timeScale).
import { spawn } from 'node:child_process';
import path from 'node:path';

/** `--name <positive number>` from the command line, else the default. */
export const argOf = (name: string, d: number): number => {
  const i = process.argv.indexOf(name);
  const v = i > 0 ? Number(process.argv[i + 1]) : d;
  if (!(v > 0)) throw new Error(`${name} takes a positive number`);
  return v;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The 99th percentile, rounded to two decimals (0 for no samples). */
export const p99 = (xs: number[]): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]! * 100) / 100;
};

/** Starts media/src/sim/main.ts and resolves with the port it listens on. */
export async function startSimProcess(timeScale: number): Promise<{ port: number; stop(): Promise<void> }> {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'media/src/sim/main.ts'], {
    cwd: root,
    env: { ...process.env, SIM_PORT: '0', SIM_SEED: '7', SIM_TIME_SCALE: String(timeScale) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on [\d.]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (c) => reject(new Error(`simulator exited ${c}`)));
  });
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
