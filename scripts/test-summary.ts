// Turns jest's --json result into the one line CI reads: "N passed, N failed".
// A suite that fails to run (syntax error, failing import, crashed setup) counts as a failure,
// and so does a missing or unreadable result file.
import fs from 'node:fs';

export interface JestJson {
  numPassedTests?: number;
  numFailedTests?: number;
  numRuntimeErrorTestSuites?: number;
  success?: boolean;
  numFailedTestSuites?: number;
  snapshot?: { failure?: boolean; filesRemoved?: number; unchecked?: number };
  wasInterrupted?: boolean;
  runExecError?: { message?: string };
}

/** jest's own verdict, for a run whose exit code says more than its tests do. */
export function verdict(r: JestJson): string {
  return `jest result: ${JSON.stringify({
    success: r.success,
    suitesFailed: r.numFailedTestSuites,
    runtimeErrors: r.numRuntimeErrorTestSuites,
    snapshot: r.snapshot && {
      failure: r.snapshot.failure,
      filesRemoved: r.snapshot.filesRemoved,
      unchecked: r.snapshot.unchecked,
    },
    interrupted: r.wasInterrupted,
    runExecError: r.runExecError?.message,
  })}`;
}

export interface Summary {
  passed: number;
  failed: number;
  line: string;
}

export function summarize(result: JestJson): Summary {
  const passed = result.numPassedTests ?? 0;
  const failed = (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
  return { passed, failed, line: `${passed} passed, ${failed} failed` };
}

/** Reads the result file; when there is none (jest died first), reports one failure and says why. */
export function summarizeFile(file: string): Summary & { problem?: string } {
  let json: JestJson;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8')) as JestJson;
  } catch (err) {
    return {
      passed: 0,
      failed: 1,
      line: '0 passed, 1 failed',
      problem: `no jest result in ${file}: ${(err as Error).message}`,
    };
  }
  return summarize(json);
}

if (require.main === module) {
  // `test-summary.ts <results> [jest exit code]`: with a non-zero code and every test passed, jest's
  // own verdict is printed too (what made it exit so).
  const file = process.argv[2] ?? 'artifacts/jest-results.json';
  const jestExit = Number(process.argv[3] ?? 0);
  const summary = summarizeFile(file);
  if (summary.problem) console.error(summary.problem);
  if (jestExit !== 0 && summary.failed === 0)
    console.log(verdict(JSON.parse(fs.readFileSync(file, 'utf8')) as JestJson));
  console.log(summary.line);
  process.exit(summary.failed > 0 ? 1 : 0);
}
