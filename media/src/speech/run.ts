// Runs a program (args array, never a shell) with stdin text, collecting stdout, with a deadline
// and an output cap: a stuck or runaway child is killed, never left behind.
import { spawn } from 'node:child_process';

export interface RunOptions {
  timeoutMs: number;
  maxBytes: number;
  input?: string;
}

export class CommandMissingError extends Error {}

export function runCommand(cmd: string, args: string[], opts: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    const out: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    let failure: Error | null = null;
    const fail = (err: Error) => {
      failure ??= err;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => fail(new Error(`${cmd} timed out after ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );

    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      if (bytes > opts.maxBytes) return fail(new Error(`${cmd} wrote more than ${opts.maxBytes} bytes`));
      out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        err.code === 'ENOENT' ? new CommandMissingError(`${cmd} is not installed (not found on PATH)`) : err,
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0)
        return reject(new Error(`${cmd} exited with ${code ?? signal}: ${stderr.trim().slice(0, 300)}`));
      resolve(Buffer.concat(out));
    });
    // A child that dies early closes stdin under us: that error is reported by 'close' instead.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}
