// The test environment: jest's Node environment, except for what is logged after a test file has
// ended (a timer or a Bull event that outlived the file's afterAll hooks). jest 30 answers such a
// log with "Cannot log after tests are done" and sets the whole run's exit code to 1, with every
// test passed: the tests run in one process here (2 cores: one worker, so in band), and one late
// line from one file failed a CI run. Here the line goes to stderr, marked with the file it came
// from, and the run's result stays what its tests say.
import path from 'node:path';
import { Console } from 'node:console';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { setGlobal } from 'jest-util';

export default class CallplatEnvironment extends TestEnvironment {
  private readonly file: string;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.file = path.relative(config.projectConfig.rootDir, context.testPath);
  }

  handleTestEvent(event: Circus.Event): void {
    // run_finish: every test and hook of the file is done; jest freezes its console right after.
    if (event.name === 'run_finish' && this.global)
      setGlobal(this.global, 'console', lateConsole(this.file), 'retain');
  }
}

/** A console that writes to this process's stderr, each line marked as logged after `file` ended. */
function lateConsole(file: string): Console {
  const out = new Console({ stdout: process.stderr, stderr: process.stderr });
  const mark = `[logged after ${file} ended]`;
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    const write = out[level].bind(out);
    out[level] = (...args: unknown[]) => write(mark, ...args);
  }
  return out;
}
