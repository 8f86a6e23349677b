// Pieces the benchmarks share: numeric arguments, p99, sleep and the FreeSWITCH simulator in its
// own process (seed 7, any free port, waits scaled by timeScale).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/** `--name <positive number>` from the command line, else the default. */
export const argOf = (name: string, d: number): number => {
  const i = process.argv.indexOf(name);
  const v = i > 0 ? Number(process.argv[i + 1]) : d;
  if (!(v > 0)) throw new Error(`${name} takes a positive number`);
  return v;
};

/**
 * Runs a process at a lower CPU priority (nice 10): for the parts of a bench that stand in for other
 * machines in production (the FreeSWITCH simulator, media workers), so that on this one machine they
 * take the cores only when the parts being measured leave them idle.
 */
export const asOtherMachine = (pid: number): void => os.setPriority(pid, 10);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The median, rounded to two decimals (0 for no samples). */
export const p50 = (xs: number[]): number =>
  xs.length ? Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! * 100) / 100 : 0;

/** The 99th percentile, rounded to two decimals (0 for no samples). */
export const p99 = (xs: number[]): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]! * 100) / 100;
};

/**
 * Starts one of our processes (`node --import tsx <script>` from the repository root) and resolves
 * once its standard output matches `ready`, with that match; its output is drained after that.
 */
export async function startChild(
  script: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ match: RegExpExecArray; pid: number; stop(): Promise<void> }> {
  const root = path.resolve(__dirname, '..', '..');
  // BENCH_CPU_PROF=<dir> in `env`: the child writes a V8 CPU profile there when it exits (diagnosis).
  const profDir = env.BENCH_CPU_PROF ?? process.env.BENCH_CPU_PROF;
  const prof = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve(m);
      }
    };
    const onExit = (c: number | null) => reject(new Error(`${script} exited ${c}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  child.stdout!.resume();
  return {
    match,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Starts media/src/sim/main.ts and resolves with the port it listens on. */
export async function startSimProcess(
  timeScale: number,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const sim = await startChild(
    'media/src/sim/main.ts',
    { SIM_PORT: '0', SIM_SEED: '7', SIM_TIME_SCALE: String(timeScale) },
    /listening on [\d.]+:(\d+)/,
  );
  return { port: Number(sim.match[1]), pid: sim.pid, stop: sim.stop };
}

/** One media worker in its own process (as in production) on the bench's database and Redis prefix. */
export const startMediaProcess = (
  config: { databaseUrl: string; redisPrefix: string },
  timeScale: number,
): ReturnType<typeof startChild> =>
  startChild(
    'media/src/main.ts',
    {
      DATABASE_URL: config.databaseUrl,
      REDIS_PREFIX: config.redisPrefix,
      MEDIA_TIME_SCALE: String(timeScale),
      TTS_RENDER_ON_START: '0',
    },
    /media worker .* up/,
  );
