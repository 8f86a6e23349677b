// A parser child process under caps: a V8 heap cap, a resident-set cap polled from /proc (inflating
// and COPY buffers live outside the heap) and a wall-time cap. A child over a cap is killed; the
// caller learns which cap. Used by the import jobs (crm/imports/runJob.ts), the import preview
// (crm/imports/tools.ts) and the task-number uploads (tasks/numbersFile.ts): no uploaded file is parsed
// in the API process. The script is the caller's, a TypeScript file forked by its path.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { log } from '../../../platform/log';

/** memory: the polled resident set; heap: V8's own cap; time: the wall-time cap. */
export type Cap = 'memory' | 'heap' | 'time';

export interface ChildCaps {
  heapMb: number;
  rssMb: number;
  timeoutMs: number;
}

export interface CappedRun<R> {
  /** The child's one message, when it sent one. */
  reply?: R;
  /** The cap it was killed for, if any. */
  capped?: Cap;
  code: number | null;
  signal: string | null;
  /** Its peak resident set as polled, MB. */
  peakRssMb: number;
}

/** V8 aborts (SIGABRT, exit 134) when the heap cap is reached. */
const heapExhausted = (code: number | null, signal: string | null) => signal === 'SIGABRT' || code === 134;

/** Runs `script` (TypeScript) in a child, sends it `request`, resolves once it has exited. */
export async function runCappedChild<Q, R>(
  script: string,
  request: Q,
  caps: ChildCaps,
): Promise<CappedRun<R>> {
  const child = fork(script, [], {
    // tsx's require hook only: `--import tsx` also starts its module loader on a thread of its own, a
    // second V8 heap (about 20 MB of the child's memory budget). The code here is CommonJS.
    execArgv: ['--require', 'tsx/cjs', `--max-old-space-size=${caps.heapMb}`],
    // stderr is read, not inherited: V8's "heap out of memory" report of a child at its heap cap is an
    // expected outcome here, logged as ours, not a crash of whatever process runs this (jest's workers
    // take that text on their stderr for their own death).
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const stderr = tailOf(child);
  let reply: R | undefined;
  child.on('message', (m: R) => (reply = m));
  child.on('error', () => undefined); // a send to a child already killed: its exit tells the rest
  const watch = watchChild(child, caps);
  child.send(request as object, () => undefined); // a child killed before it reads this: see its exit
  // 'close', not 'exit': after its stderr has been read to the end.
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
  const capped = watch.stop() ?? (reply === undefined && heapExhausted(code, signal) ? 'heap' : undefined);
  if (code !== 0 || stderr.text())
    log.warn('parser child', { script: path.basename(script), code, signal, capped, stderr: stderr.text() });
  return { reply, capped, code, signal, peakRssMb: watch.peakRssMb };
}

/** The last 4 KB the child wrote to stderr (read as it comes, so the child never blocks on it). */
function tailOf(child: ChildProcess) {
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (tail = (tail + chunk).slice(-4096)));
  return { text: () => tail.trim() };
}

/** Kills the child when it passes its RSS or time cap; stop() says which cap, if any. */
function watchChild(child: ChildProcess, caps: ChildCaps) {
  let capped: Cap | undefined;
  let peakRssMb = 0;
  const kill = (why: Exclude<Cap, 'heap'>) => {
    if (capped) return;
    capped = why;
    child.kill('SIGKILL');
  };
  const deadline = setTimeout(() => kill('time'), caps.timeoutMs);
  const poll = setInterval(() => {
    const mb = rssMb(child.pid);
    if (mb === undefined) return;
    peakRssMb = Math.max(peakRssMb, mb);
    if (mb > caps.rssMb) kill('memory');
  }, 200);
  return {
    get peakRssMb() {
      return peakRssMb;
    },
    stop(): Cap | undefined {
      clearTimeout(deadline);
      clearInterval(poll);
      return capped;
    },
  };
}

/** A process's resident set, MB, from /proc (Linux); undefined where there is none. */
function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
