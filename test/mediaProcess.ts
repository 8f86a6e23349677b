// A media worker as a child process (media/src/main.ts) on a test database and Redis prefix, for
// tests that SIGKILL it. `node --import tsx` rather than the tsx CLI: the CLI runs the program in a
// grandchild, which a SIGKILL of the CLI would leave running.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../config';

const root = path.resolve(__dirname, '..');

/** Starts the worker `name`; resolves once it says it is up. `env` adds to the test environment. */
export function startMediaProcess(
  config: Pick<Config, 'databaseUrl' | 'redisPrefix'>,
  name: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'media/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: config.databaseUrl,
      REDIS_PREFIX: config.redisPrefix,
      MEDIA_NODE_ID: name,
      TTS_RENDER_ON_START: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 30000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('up:')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}: ${out}`)));
  });
}

/** SIGKILLs the child if it still runs; resolves once it has exited. */
export async function killMediaProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}
